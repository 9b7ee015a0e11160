import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { idFromIri } from '@portal/domain/iri';
import { type PasswordChangeInput, passwordChangeSchema } from '@portal/domain/validation';
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

/**
 * What the page is for: a forgotten password, or an invitation (the first password of an account the operator
 * created). Both set the password with the link's single-use token; only their words differ.
 */
type PasswordLinkKind = 'reset' | 'invitation';

/** The page of the e-mailed link `/customer/Resetpassword?id={userId}&token={token}`. */
export function ResetPasswordPage() {
  return <PasswordLinkPage kind="reset" />;
}

/** The page of an invitation's link `/customer/Invitation?id={userId}&token={token}`. */
export function InvitationPage() {
  return <PasswordLinkPage kind="invitation" />;
}

function PasswordLinkPage({ kind }: { kind: PasswordLinkKind }) {
  const { t } = useTranslation();
  const text = useLinkText(kind);
  const [searchParams] = useSearchParams();
  const userId = idFromIri(searchParams.get('id'));
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>('form');

  return (
    <Stack gap="6">
      <PageTitle title={text.title} />
      <Heading as="h1" size="xl">
        {text.title}
      </Heading>
      {userId === null || token === '' ? (
        <AskAgain kind={kind} message={text.invalidLink} />
      ) : outcome === 'expired' ? (
        <AskAgain kind={kind} message={text.linkExpired} />
      ) : outcome === 'done' ? (
        <Stack gap="5">
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{text.success}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand" width="full">
            <RouterLink to={paths.login}>{t('resetPassword.goToLogin')}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <ResetPasswordForm kind={kind} userId={userId} token={token} onOutcome={setOutcome} />
      )}
    </Stack>
  );
}

/** The words of each kind of link. */
function useLinkText(kind: PasswordLinkKind) {
  const { t } = useTranslation();
  if (kind === 'reset') {
    return {
      title: t('resetPassword.title'),
      intro: t('resetPassword.intro'),
      password: t('resetPassword.password'),
      submit: t('resetPassword.submit'),
      success: t('resetPassword.success'),
      invalidLink: t('resetPassword.invalidLink'),
      linkExpired: t('resetPassword.linkExpired'),
    };
  }
  return {
    title: t('invitation.title'),
    intro: t('invitation.intro'),
    password: t('invitation.password'),
    submit: t('invitation.submit'),
    success: t('invitation.success'),
    invalidLink: t('invitation.invalidLink'),
    linkExpired: t('invitation.linkExpired'),
  };
}

/** A dead link: a reset is asked again; an invitation is the operator's to resend, or the user may sign in. */
function AskAgain({ kind, message }: { kind: PasswordLinkKind; message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Description>{message}</Alert.Description>
      </Alert.Root>
      <Button asChild colorPalette="brand" width="full">
        {kind === 'reset' ? (
          <RouterLink to={paths.forgotPassword}>{t('resetPassword.askAgain')}</RouterLink>
        ) : (
          <RouterLink to={paths.login}>{t('resetPassword.goToLogin')}</RouterLink>
        )}
      </Button>
    </Stack>
  );
}

interface ResetPasswordFormProps {
  kind: PasswordLinkKind;
  userId: number;
  token: string;
  onOutcome: (outcome: Outcome) => void;
}

function ResetPasswordForm({ kind, userId, token, onOutcome }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const text = useLinkText(kind);
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
      <Text color="fg.muted">{text.intro}</Text>
      <FormAlert {...alert} />
      <Stack asChild gap="5">
        <form onSubmit={onSubmit} noValidate>
          <NewPasswordFields
            form={form}
            labels={{
              password: text.password,
              confirmPassword: t('resetPassword.confirmPassword'),
              rules: t('resetPassword.rules'),
            }}
          />
          <Button
            type="submit"
            colorPalette="brand"
            loading={isInFlight}
            loadingText={text.submit}
            width="full"
          >
            {text.submit}
          </Button>
        </form>
      </Stack>
    </Stack>
  );
}
