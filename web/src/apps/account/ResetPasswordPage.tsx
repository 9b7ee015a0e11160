import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { idFromIri, type PasswordChangeInput, passwordChangeSchema } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ResetPasswordPageMutation } from '../../__generated__/ResetPasswordPageMutation.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { NewPasswordFields } from '../../forms/NewPasswordFields.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { paths } from '../../paths.ts';

const resetPasswordMutation = graphql`
  mutation ResetPasswordPageMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      ok
      linkExpired
      userErrors {
        field
        message
      }
    }
  }
`;

type Outcome = 'form' | 'done' | 'expired';

/** The page of the e-mailed link `/customer/Resetpassword?id={userId}&token={token}`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const userId = idFromIri(searchParams.get('id'));
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>('form');

  return (
    <Stack gap="6">
      <PageTitle title={t('resetPassword.title')} />
      <Heading as="h1" size="xl">
        {t('resetPassword.title')}
      </Heading>
      {userId === null || token === '' ? (
        <AskAgain message={t('resetPassword.invalidLink')} />
      ) : outcome === 'expired' ? (
        <AskAgain message={t('resetPassword.linkExpired')} />
      ) : outcome === 'done' ? (
        <Stack gap="5">
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('resetPassword.success')}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand" width="full">
            <RouterLink to={paths.login}>{t('resetPassword.goToLogin')}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <ResetPasswordForm userId={userId} token={token} onOutcome={setOutcome} />
      )}
    </Stack>
  );
}

function AskAgain({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Description>{message}</Alert.Description>
      </Alert.Root>
      <Button asChild colorPalette="brand" width="full">
        <RouterLink to={paths.forgotPassword}>{t('resetPassword.askAgain')}</RouterLink>
      </Button>
    </Stack>
  );
}

interface ResetPasswordFormProps {
  userId: number;
  token: string;
  onOutcome: (outcome: Outcome) => void;
}

function ResetPasswordForm({ userId, token, onOutcome }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const [commitReset, isInFlight] = useMutation<ResetPasswordPageMutation>(resetPasswordMutation);
  const { form, alert, submit, outcome } = useMutationForm<PasswordChangeInput>({
    schema: passwordChangeSchema,
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
    failure: 'alert',
  });

  const onSubmit = submit((values) => {
    commitReset({
      variables: { input: { userId, token, ...values } },
      ...outcome({
        // An expired link is no refusal of the form: the page says so and offers to ask again.
        result: ({ resetPassword }) =>
          resetPassword.linkExpired
            ? { userErrors: [], ok: true }
            : { userErrors: resetPassword.userErrors, ok: resetPassword.ok },
        failure: t('errors.generic'),
        error: t('errors.retryLater'),
        onSuccess: ({ resetPassword }) => onOutcome(resetPassword.linkExpired ? 'expired' : 'done'),
      }),
    });
  });

  return (
    <Stack gap="5">
      <Text color="fg.muted">{t('resetPassword.intro')}</Text>
      <FormAlert {...alert} />
      <Stack asChild gap="5">
        <form onSubmit={onSubmit} noValidate>
          <NewPasswordFields
            form={form}
            labels={{
              password: t('resetPassword.password'),
              confirmPassword: t('resetPassword.confirmPassword'),
              rules: t('resetPassword.rules'),
            }}
          />
          <Button
            type="submit"
            colorPalette="brand"
            loading={isInFlight}
            loadingText={t('resetPassword.submit')}
            width="full"
          >
            {t('resetPassword.submit')}
          </Button>
        </form>
      </Stack>
    </Stack>
  );
}
