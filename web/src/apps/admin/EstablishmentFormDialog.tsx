import { Input, SimpleGrid } from '@chakra-ui/react';
import { type AdminSiteInput, adminSiteFields, adminSiteSchema } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type {
  EstablishmentFormDialogCreateMutation,
  UserTypology,
} from '../../__generated__/EstablishmentFormDialogCreateMutation.graphql.ts';
import type { EstablishmentFormDialogUpdateMutation } from '../../__generated__/EstablishmentFormDialogUpdateMutation.graphql.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { typologiesFromGraph, typologiesToGraph } from '../../relay/graphTypologies.ts';
import { AdminDialogForm, countChange } from './AdminParts.tsx';
import { SiretField } from './SiretField.tsx';
import { TypologyCheckboxes } from './TypologyCheckboxes.tsx';

const labels = fieldLabels(adminSiteFields);

const createMutation = graphql`
  mutation EstablishmentFormDialogCreateMutation($input: AdminCreateEstablishmentInput!, $connections: [ID!]!) {
    adminCreateEstablishment(input: $input) {
      establishment @prependNode(connections: $connections, edgeTypeName: "AdminEstablishmentEdge") {
        id
        ...CompanyEstablishments_establishment
        company {
          id
          establishmentCount
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation EstablishmentFormDialogUpdateMutation($input: AdminUpdateEstablishmentInput!) {
    adminUpdateEstablishment(input: $input) {
      establishment {
        id
        ...CompanyEstablishments_establishment
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** An establishment as the form edits it. */
export interface EditedEstablishment {
  id: string;
  name: string;
  address: string | null | undefined;
  postcode: string | null | undefined;
  city: string | null | undefined;
  siret: string | null | undefined;
  typologies: readonly string[];
}

/** A new establishment of a company (added to its list), or one of its establishments. */
export type EstablishmentFormTarget =
  | { kind: 'create'; companyId: string; connectionId: string }
  | { kind: 'edit'; establishment: EditedEstablishment };

interface EstablishmentValues {
  name: string;
  address: string;
  postcode: string;
  city: string;
  siret: string;
  typologies: string[];
}

/**
 * « Nouvel établissement » and an establishment's « Modifier »: its name, address, postcode, town, SIRET and
 * typologies; the api places it (department, position) from its postcode and town.
 */
export function EstablishmentFormDialog({
  target,
  onClose,
}: {
  target: EstablishmentFormTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target && <EstablishmentForm target={target} onDone={onClose} />}
    </FormDialog>
  );
}

function EstablishmentForm({ target, onDone }: { target: EstablishmentFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const [commitCreate, isCreating] = useMutation<EstablishmentFormDialogCreateMutation>(createMutation);
  const [commitUpdate, isUpdating] = useMutation<EstablishmentFormDialogUpdateMutation>(updateMutation);
  const editing = target.kind === 'edit' ? target.establishment : null;
  const { form, alert, submit, outcome } = useMutationForm<EstablishmentValues, AdminSiteInput>({
    schema: adminSiteSchema,
    requireChange: editing !== null,
    defaultValues: {
      name: editing?.name ?? '',
      address: editing?.address ?? '',
      postcode: editing?.postcode ?? '',
      city: editing?.city ?? '',
      siret: editing?.siret ?? '',
      typologies: typologiesFromGraph(editing?.typologies ?? []),
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const siret = useWatch({ control, name: 'siret' });

  const onSubmit = submit((site, _values, clientMutationId) => {
    const fields = {
      name: site.name,
      address: site.address,
      postcode: site.postcode,
      city: site.city,
      siret: site.siret,
      typologies: typologiesToGraph<UserTypology>(site.typologies),
    };
    if (target.kind === 'create') {
      commitCreate({
        variables: {
          input: { companyId: target.companyId, ...fields, clientMutationId },
          connections: [target.connectionId],
        },
        updater: countChange(target.connectionId, 1),
        ...outcome({
          result: ({ adminCreateEstablishment }) => ({
            userErrors: adminCreateEstablishment.userErrors,
            ok: !!adminCreateEstablishment.establishment,
          }),
          success: messages.adminSiteCreated,
          failure: messages.retryLater,
          onSuccess: onDone,
        }),
      });
      return;
    }
    commitUpdate({
      variables: { input: { id: target.establishment.id, ...fields } },
      ...outcome({
        result: ({ adminUpdateEstablishment }) => ({
          userErrors: adminUpdateEstablishment.userErrors,
          ok: !!adminUpdateEstablishment.establishment,
        }),
        success: messages.adminSaved,
        failure: messages.retryLater,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <AdminDialogForm
      title={
        editing
          ? t('admin.establishments.editTitle', { name: editing.name })
          : t('admin.establishments.create')
      }
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={editing ? t('admin.save') : t('admin.establishments.createSubmit')}
      busy={isCreating || isUpdating}
    >
      <FormField label={labels.name} error={errors.name?.message} required>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label={labels.address} error={errors.address?.message}>
        <Input autoComplete="street-address" {...register('address')} />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={labels.postcode} error={errors.postcode?.message} required>
          <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} {...register('postcode')} />
        </FormField>
        <FormField label={labels.city} error={errors.city?.message} required>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
      </SimpleGrid>
      <SiretField
        label={labels.siret}
        value={siret}
        registration={register('siret')}
        error={errors.siret?.message}
      />
      <Controller
        control={control}
        name="typologies"
        render={({ field }) => (
          <TypologyCheckboxes
            field={field}
            legend={labels.typologies}
            error={errors.typologies?.message ?? errors.typologies?.root?.message}
          />
        )}
      />
    </AdminDialogForm>
  );
}
