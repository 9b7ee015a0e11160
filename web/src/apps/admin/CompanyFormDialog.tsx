import { Input } from '@chakra-ui/react';
import { type AdminCompanyInput, adminCompanyFields, adminCompanySchema } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { CompanyFormDialogCreateMutation } from '../../__generated__/CompanyFormDialogCreateMutation.graphql.ts';
import type { CompanyFormDialogUpdateMutation } from '../../__generated__/CompanyFormDialogUpdateMutation.graphql.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { AdminDialogForm } from './AdminParts.tsx';
import { adminCompanyPath } from './adminPaths.ts';
import { SiretField } from './SiretField.tsx';

const labels = fieldLabels(adminCompanyFields);

const createMutation = graphql`
  mutation CompanyFormDialogCreateMutation($input: AdminCreateCompanyInput!) {
    adminCreateCompany(input: $input) {
      company {
        id
        databaseId
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation CompanyFormDialogUpdateMutation($input: AdminUpdateCompanyInput!) {
    adminUpdateCompany(input: $input) {
      company {
        id
        name
        siret
        siretWarning
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A new company, or the company whose name and SIRET are changed. */
export type CompanyFormTarget =
  | { kind: 'create' }
  | { kind: 'edit'; company: { id: string; name: string; siret: string | null | undefined } };

interface CompanyValues {
  name: string;
  siret: string;
}

/** « Nouvelle société » and a company's « Modifier »: its name and SIRET (a failed check digit is only a warning). */
export function CompanyFormDialog({
  target,
  onClose,
}: {
  target: CompanyFormTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose} size="md">
      {target && <CompanyForm target={target} onDone={onClose} />}
    </FormDialog>
  );
}

function CompanyForm({ target, onDone }: { target: CompanyFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [commitCreate, isCreating] = useMutation<CompanyFormDialogCreateMutation>(createMutation);
  const [commitUpdate, isUpdating] = useMutation<CompanyFormDialogUpdateMutation>(updateMutation);
  const editing = target.kind === 'edit' ? target.company : null;
  const { form, alert, submit, outcome } = useMutationForm<CompanyValues, AdminCompanyInput>({
    schema: adminCompanySchema,
    requireChange: editing !== null,
    defaultValues: { name: editing?.name ?? '', siret: editing?.siret ?? '' },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const siret = useWatch({ control, name: 'siret' });

  const onSubmit = submit((company, _values, clientMutationId) => {
    if (target.kind === 'create') {
      commitCreate({
        variables: { input: { name: company.name, siret: company.siret, clientMutationId } },
        ...outcome({
          result: ({ adminCreateCompany }) => ({
            userErrors: adminCreateCompany.userErrors,
            ok: !!adminCreateCompany.company,
          }),
          success: messages.adminCompanyCreated,
          failure: messages.retryLater,
          // Its establishments and users come next: on its page.
          onSuccess: ({ adminCreateCompany }) => {
            onDone();
            if (adminCreateCompany.company)
              void navigate(adminCompanyPath(adminCreateCompany.company.databaseId));
          },
        }),
      });
      return;
    }
    commitUpdate({
      variables: { input: { id: target.company.id, name: company.name, siret: company.siret } },
      ...outcome({
        result: ({ adminUpdateCompany }) => ({
          userErrors: adminUpdateCompany.userErrors,
          ok: !!adminUpdateCompany.company,
        }),
        success: messages.adminSaved,
        failure: messages.retryLater,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <AdminDialogForm
      title={editing ? t('admin.companies.editTitle') : t('admin.companies.create')}
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={editing ? t('admin.save') : t('admin.companies.createSubmit')}
      busy={isCreating || isUpdating}
    >
      <FormField label={labels.name} error={errors.name?.message} required>
        <Input autoComplete="organization" {...register('name')} />
      </FormField>
      <SiretField
        label={labels.siret}
        value={siret}
        registration={register('siret')}
        error={errors.siret?.message}
      />
    </AdminDialogForm>
  );
}
