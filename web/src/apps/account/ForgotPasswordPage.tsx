import { Alert, Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { emailSchema } from '@portal/domain/login';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import type { ForgotPasswordPageMutation } from '../../__generated__/ForgotPasswordPageMutation.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
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

const forgotPasswordSchema = z.object({ email: emailSchema });

interface ForgotPasswordValues {
  email: string;
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [commitRequest, isInFlight] = useMutation<ForgotPasswordPageMutation>(requestResetMutation);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, alert, submit, outcome } = useMutationForm<ForgotPasswordValues>({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    failure: 'alert',
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = submit(({ email }) => {
    commitRequest({
      variables: { input: { email } },
      ...outcome({
        result: ({ requestPasswordReset }) => ({
          userErrors: requestPasswordReset.userErrors,
          ok: requestPasswordReset.ok,
        }),
        failure: t('errors.generic'),
        error: t('errors.retryLater'),
        onSuccess: () => setSentTo(email),
      }),
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
          <FormAlert {...alert} />
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
