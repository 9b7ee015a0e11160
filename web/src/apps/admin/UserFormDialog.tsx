import { Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  adminOperatorPatchSchema,
  adminUserFields,
  adminUserPatchSchema,
  adminUserSchema,
} from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type {
  UserFormDialogInviteMutation,
  UserTypology,
} from '../../__generated__/UserFormDialogInviteMutation.graphql.ts';
import type { UserFormDialogUpdateMutation } from '../../__generated__/UserFormDialogUpdateMutation.graphql.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { typologiesFromGraph, typologiesToGraph } from '../../relay/graphTypologies.ts';
import type { AdminChoice } from './AdminCombobox.tsx';
import { AdminDialogForm } from './AdminParts.tsx';
import { adminUserPath } from './adminPaths.ts';
import { TypologyCheckboxes } from './TypologyCheckboxes.tsx';
import { type AccessValues, type ChantierChoice, UserAccessFields } from './UserAccessFields.tsx';

const labels = fieldLabels(adminUserFields);

const inviteMutation = graphql`
  mutation UserFormDialogInviteMutation($input: AdminInviteUserInput!) {
    adminInviteUser(input: $input) {
      user {
        id
        databaseId
        email
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation UserFormDialogUpdateMutation($input: AdminUpdateUserInput!) {
    adminUpdateUser(input: $input) {
      user {
        id
        ...AdminUserPage_user
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** An account as the form edits it: never a password. */
export interface EditedUser {
  id: string;
  email: string;
  firstname: string | null | undefined;
  lastname: string | null | undefined;
  phone: string | null | undefined;
  function: string | null | undefined;
  typologies: readonly string[];
  isAdmin: boolean;
  active: boolean;
  companies: AdminChoice[];
  establishments: AdminChoice[];
  chantiers: ChantierChoice[];
}

/** « Inviter un utilisateur » (from a company: already attached to it), or an account's « Modifier ». */
export type UserFormTarget =
  | { kind: 'invite'; companies?: AdminChoice[] }
  | { kind: 'edit'; user: EditedUser };

interface UserValues extends AccessValues {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  function: string;
  typologies: string[];
}

/** The graph's names of the access fields are the schema's under other names. */
const GRAPH_NAMES = { companyIds: 'companies', establishmentIds: 'companySites', chantierIds: 'entities' };

/** What the domain's schema reads: the access as database ids. */
const schemaInput = (values: UserValues) => ({
  ...values,
  companies: values.companies.map((choice) => choice.databaseId),
  companySites: values.companySites.map((choice) => choice.databaseId),
  entities: values.entities.map((choice) => choice.databaseId),
});

/** Text the schema read (trimmed, null when blank), by its name. */
type TextOutput = Record<'firstname' | 'lastname' | 'phone' | 'function', string | null> & { email?: string };

/**
 * Invites a user (an account without a password, mailed a link valid 7 days) or changes an account's profile and
 * access: typologies, and companies, establishments or chantiers (SPEC 6). The domain's rules and messages are the
 * api's; what the api refuses lands under its field.
 */
export function UserFormDialog({
  target,
  onClose,
  onSaved,
}: {
  target: UserFormTarget | null;
  onClose: () => void;
  /** After an account's change went through (its page reads its history again). */
  onSaved?: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose} size="xl">
      {target && <UserForm target={target} onDone={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}

function UserForm({
  target,
  onDone,
  onSaved,
}: {
  target: UserFormTarget;
  onDone: () => void;
  onSaved: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [commitInvite, isInviting] = useMutation<UserFormDialogInviteMutation>(inviteMutation);
  const [commitUpdate, isUpdating] = useMutation<UserFormDialogUpdateMutation>(updateMutation);
  const editing = target.kind === 'edit' ? target.user : null;
  const schema = editing
    ? editing.isAdmin
      ? adminOperatorPatchSchema
      : adminUserPatchSchema
    : adminUserSchema;
  const { form, alert, submit, outcome } = useMutationForm<UserValues, TextOutput>({
    schema,
    requireChange: editing !== null,
    toInput: (values) =>
      editing ? { ...schemaInput(values), email: undefined, active: editing.active } : schemaInput(values),
    rename: GRAPH_NAMES,
    defaultValues: {
      email: editing?.email ?? '',
      firstname: editing?.firstname ?? '',
      lastname: editing?.lastname ?? '',
      phone: editing?.phone ?? '',
      function: editing?.function ?? '',
      typologies: typologiesFromGraph(editing?.typologies ?? []),
      companies: editing?.companies ?? (target.kind === 'invite' ? (target.companies ?? []) : []),
      companySites: editing?.establishments ?? [],
      entities: editing?.chantiers ?? [],
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [companies, companySites, entities] = useWatch({
    control,
    name: ['companies', 'companySites', 'entities'],
  });

  const setAccess = (name: keyof AccessValues, value: AccessValues[keyof AccessValues]) => {
    // A choice marks the form changed, and is checked again once the form was sent.
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (name === 'entities') form.setValue(name, value as ChantierChoice[], options);
    else form.setValue(name, value as AdminChoice[], options);
  };

  const onSubmit = submit((text, values, clientMutationId) => {
    const fields = {
      firstname: text.firstname,
      lastname: text.lastname,
      phone: text.phone,
      function: text.function,
      typologies: typologiesToGraph<UserTypology>(values.typologies),
      companyIds: values.companies.map((choice) => choice.id),
      establishmentIds: values.companySites.map((choice) => choice.id),
      chantierIds: values.entities.map((choice) => choice.databaseId),
    };
    if (target.kind === 'invite') {
      commitInvite({
        variables: { input: { email: text.email ?? values.email.trim(), ...fields, clientMutationId } },
        ...outcome({
          result: ({ adminInviteUser }) => ({
            userErrors: adminInviteUser.userErrors,
            ok: !!adminInviteUser.user,
          }),
          success: ({ adminInviteUser }) =>
            messages.adminInvitationSent(adminInviteUser.user?.email ?? values.email),
          failure: messages.retryLater,
          // Its page shows the permissions the invitation gave.
          onSuccess: ({ adminInviteUser }) => {
            onDone();
            if (adminInviteUser.user) void navigate(adminUserPath(adminInviteUser.user.databaseId));
          },
        }),
      });
      return;
    }
    commitUpdate({
      variables: { input: { id: target.user.id, ...fields } },
      ...outcome({
        result: ({ adminUpdateUser }) => ({
          userErrors: adminUpdateUser.userErrors,
          ok: !!adminUpdateUser.user,
        }),
        success: messages.adminSaved,
        failure: messages.retryLater,
        onSuccess: () => {
          onDone();
          onSaved?.();
        },
      }),
    });
  });

  return (
    <AdminDialogForm
      title={editing ? t('admin.users.editTitle') : t('admin.users.invite')}
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={editing ? t('admin.save') : t('admin.users.inviteSubmit')}
      busy={isInviting || isUpdating}
    >
      {editing ? (
        <Stack gap="0.5">
          <Text fontSize="sm" fontWeight="medium">
            {labels.email}
          </Text>
          <Text>{editing.email}</Text>
        </Stack>
      ) : (
        <FormField
          label={labels.email}
          error={errors.email?.message}
          helperText={t('admin.users.emailHelp')}
          required
        >
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={labels.firstname} error={errors.firstname?.message}>
          <Input autoComplete="off" {...register('firstname')} />
        </FormField>
        <FormField label={labels.lastname} error={errors.lastname?.message}>
          <Input autoComplete="off" {...register('lastname')} />
        </FormField>
        <FormField label={labels.phone} error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
        <FormField label={labels.function} error={errors.function?.message}>
          <Input autoComplete="off" {...register('function')} />
        </FormField>
      </SimpleGrid>
      <Controller
        control={control}
        name="typologies"
        render={({ field }) => (
          <TypologyCheckboxes
            field={field}
            legend={labels.typologies}
            helperText={t('admin.users.typologiesHelp')}
            error={errors.typologies?.message ?? errors.typologies?.root?.message}
          />
        )}
      />
      <UserAccessFields
        values={{ companies, companySites, entities }}
        onChange={setAccess}
        labels={{
          companies: labels.companies,
          companySites: labels.companySites,
          entities: labels.entities,
        }}
        errors={{
          companies: errors.companies?.message ?? errors.companies?.root?.message,
          companySites: errors.companySites?.message ?? errors.companySites?.root?.message,
          entities: errors.entities?.message ?? errors.entities?.root?.message,
        }}
      />
    </AdminDialogForm>
  );
}
