import { Alert, Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { ForgotPasswordPageMutation } from '../../__generated__/ForgotPasswordPageMutation.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { applyUserErrors } from '../../forms/userErrors.ts';
import { paths } from '../../paths.ts';

const requestResetMutation = graphql`
  mutation ForgotPasswordPageMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      ok
      userErrors {
        field
        message
      }
    }
  }
`;

const forgotPasswordSchema = loginSchema.pick({ email: true });

interface ForgotPasswordValues {
  email: string;
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [commitRequest, isInFlight] = useMutation<ForgotPasswordPageMutation>(requestResetMutation);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) => {
    setFormErrors([]);
    commitRequest({
      variables: { input: { email } },
      onCompleted: ({ requestPasswordReset }) => {
        if (requestPasswordReset.ok && requestPasswordReset.userErrors.length === 0) {
          setSentTo(email);
          return;
        }
        const messages = applyUserErrors(requestPasswordReset.userErrors, ['email'], setError);
        setFormErrors(requestPasswordReset.userErrors.length > 0 ? messages : [t('errors.generic')]);
      },
      onError: () => setFormErrors([t('errors.retryLater')]),
    });
  });

  return (
    <Stack gap="6">
      <PageTitle title={t('forgotPassword.title')} />
      <Stack gap="2">
        <Heading as="h1" size="xl">
          {t('forgotPassword.title')}
        </Heading>
        {!sentTo && <Text color="fg.muted">{t('forgotPassword.intro')}</Text>}
      </Stack>
      {sentTo ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Description>{t('forgotPassword.sent', { email: sentTo })}</Alert.Description>
        </Alert.Root>
      ) : (
        <>
          <FormAlert messages={formErrors} />
          <Stack asChild gap="5">
            <form onSubmit={onSubmit} noValidate>
              <FormField label={t('forgotPassword.email')} error={errors.email?.message} required>
                <Input type="email" autoComplete="username" inputMode="email" {...register('email')} />
              </FormField>
              <Button
                type="submit"
                colorPalette="brand"
                loading={isInFlight}
                loadingText={t('forgotPassword.submit')}
                width="full"
              >
                {t('forgotPassword.submit')}
              </Button>
            </form>
          </Stack>
        </>
      )}
      <Link asChild alignSelf="center" color="brand.fg" fontWeight="medium">
        <RouterLink to={paths.login}>{t('forgotPassword.backToLogin')}</RouterLink>
      </Link>
    </Stack>
  );
}
