import { Badge, Button, Input, Stack, Table, Text } from '@chakra-ui/react';
import { emailChangeSchema, passwordUpdateSchema } from '@portal/domain/account';
import { messages } from '@portal/domain/messages';
import type { PasswordChangeInput } from '@portal/domain/validation';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { z } from 'zod';
import type { ProfileSecurity_sessions$key } from '../../__generated__/ProfileSecurity_sessions.graphql.ts';
import type { ProfileSecurityEmailMutation } from '../../__generated__/ProfileSecurityEmailMutation.graphql.ts';
import type { ProfileSecurityEndSessionMutation } from '../../__generated__/ProfileSecurityEndSessionMutation.graphql.ts';
import type { ProfileSecurityPasswordMutation } from '../../__generated__/ProfileSecurityPasswordMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { mutationFeedback, notifySuccess } from '../../forms/mutationFeedback.ts';
import { NewPasswordFields } from '../../forms/NewPasswordFields.tsx';
import { PasswordInput } from '../../forms/PasswordInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { ProfileCard } from './ProfileCard.tsx';

const emailMutation = graphql`
  mutation ProfileSecurityEmailMutation($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      ok
      userErrors {
        field
        message
      }
    }
  }
`;

const passwordMutation = graphql`
  mutation ProfileSecurityPasswordMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      ok
      viewer {
        id
        ...ProfileSecurity_sessions
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const endSessionMutation = graphql`
  mutation ProfileSecurityEndSessionMutation($input: EndSessionInput!) {
    endSession(input: $input) {
      viewer {
        id
        ...ProfileSecurity_sessions
      }
      userErrors {
        field
        message
      }
    }
  }
`;

type EmailChange = z.infer<typeof emailChangeSchema>;

/** A new login e-mail: asked with the current password, effective once the mailed link is followed. */
export function EmailChangeCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const [commit, isInFlight] = useMutation<ProfileSecurityEmailMutation>(emailMutation);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, alert, submit, outcome } = useMutationForm<EmailChange>({
    schema: emailChangeSchema,
    defaultValues: { email: '', currentPassword: '' },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const onSubmit = submit((values) => {
    commit({
      variables: { input: values },
      ...outcome({
        result: ({ requestEmailChange }) => ({
          userErrors: requestEmailChange.userErrors,
          ok: requestEmailChange.ok,
        }),
        success: messages.emailChangeSent(values.email),
        failure: messages.genericError,
        onSuccess: () => {
          setSentTo(values.email);
          reset();
        },
      }),
    });
  });
  return (
    <ProfileCard title={t('profile.loginEmail')}>
      <Stack asChild gap="4">
        <form onSubmit={onSubmit} noValidate>
          <Text color="fg.muted">{t('profile.currentEmail', { email })}</Text>
          {sentTo !== null && (
            <Text role="status" color="fg.success">
              {messages.emailChangeSent(sentTo)}
            </Text>
          )}
          <FormAlert {...alert} />
          <FormField label={t('profile.newEmail')} error={errors.email?.message} required>
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField label={t('profile.currentPassword')} error={errors.currentPassword?.message} required>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <Button type="submit" colorPalette="brand" variant="outline" alignSelf="start" loading={isInFlight}>
            {t('profile.sendEmailLink')}
          </Button>
        </form>
      </Stack>
    </ProfileCard>
  );
}

type PasswordUpdate = z.input<typeof passwordUpdateSchema>;

/** The password: the current one, then the new one twice (SPEC 5); the other sessions end with it. */
export function PasswordCard() {
  const { t } = useTranslation();
  const [commit, isInFlight] = useMutation<ProfileSecurityPasswordMutation>(passwordMutation);
  const { form, alert, submit, outcome } = useMutationForm<PasswordUpdate>({
    schema: passwordUpdateSchema,
    mode: 'onChange',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const onSubmit = submit((values) => {
    commit({
      variables: { input: values as PasswordUpdate },
      ...outcome({
        result: ({ changePassword }) => ({ userErrors: changePassword.userErrors, ok: changePassword.ok }),
        success: messages.passwordUpdated,
        failure: messages.genericError,
        onSuccess: () => reset(),
      }),
    });
  });
  return (
    <ProfileCard title={t('profile.password')}>
      <Stack asChild gap="4">
        <form onSubmit={onSubmit} noValidate>
          <FormAlert {...alert} />
          <FormField label={t('profile.currentPassword')} error={errors.currentPassword?.message} required>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <NewPasswordFields
            // The current password beside them is the form's own.
            form={form as unknown as UseFormReturn<PasswordChangeInput>}
            labels={{
              password: t('profile.newPassword'),
              confirmPassword: t('profile.confirmPassword'),
              rules: t('profile.passwordRules'),
            }}
          />
          <Button type="submit" colorPalette="brand" variant="outline" alignSelf="start" loading={isInFlight}>
            {t('profile.changePassword')}
          </Button>
        </form>
      </Stack>
    </ProfileCard>
  );
}

/** The open sessions, each but the current one with a way to end it (after a confirmation). */
export function SessionsCard({ viewer }: { viewer: ProfileSecurity_sessions$key }) {
  const { t } = useTranslation();
  const { sessions } = useFragment(
    graphql`
      fragment ProfileSecurity_sessions on User {
        sessions {
          databaseId
          device
          createdAt
          lastUsedAt
          current
        }
      }
    `,
    viewer,
  );
  const [commit, isInFlight] = useMutation<ProfileSecurityEndSessionMutation>(endSessionMutation);
  const [ending, setEnding] = useState<{ id: number; device: string } | null>(null);
  const end = () => {
    if (ending === null) return;
    commit({
      variables: { input: { sessionId: ending.id } },
      ...mutationFeedback({
        result: ({ endSession }) => ({ userErrors: endSession.userErrors, ok: !!endSession.viewer }),
        failure: messages.genericError,
        onSettled: () => setEnding(null),
        onSuccess: () => notifySuccess(messages.sessionEnded),
      }),
    });
  };
  const columns = [
    { label: t('profile.device') },
    // Dates in words ('26 novembre 2026 à 10:42'): on a phone's card they wrap rather than widen it.
    { label: t('profile.openedAt') },
    { label: t('profile.lastUsedAt') },
    { label: t('profile.endSession'), actions: true, hideLabel: true },
  ];
  return (
    <ProfileCard title={t('profile.sessions')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('profile.sessionsIntro')}</Text>
        <ResponsiveTable columns={columns} label={t('profile.sessions')}>
          {sessions.map((session) => (
            <Table.Row key={session.databaseId}>
              <Table.Cell>
                {session.device}{' '}
                {session.current && (
                  <Badge colorPalette="green" ms="2">
                    {t('profile.thisSession')}
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>{formatDateTime(session.createdAt)}</Table.Cell>
              <Table.Cell>{formatDateTime(session.lastUsedAt)}</Table.Cell>
              <Table.Cell>
                {!session.current && (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('profile.endSessionOf', { device: session.device })}
                    onClick={() => setEnding({ id: session.databaseId, device: session.device })}
                  >
                    {t('profile.endSession')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </ResponsiveTable>
      </Stack>
      <ConfirmDialog
        open={ending !== null}
        title={t('profile.endSessionTitle')}
        description={t('profile.endSessionText', { device: ending?.device ?? '' })}
        confirmLabel={t('profile.endSession')}
        loading={isInFlight}
        onConfirm={end}
        onClose={() => setEnding(null)}
      />
    </ProfileCard>
  );
}
