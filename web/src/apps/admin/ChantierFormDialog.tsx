import { messages } from '@portal/domain/messages';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { ChantierFormDialogCreateMutation } from '../../__generated__/ChantierFormDialogCreateMutation.graphql.ts';
import type { ChantierFormDialogUpdateMutation } from '../../__generated__/ChantierFormDialogUpdateMutation.graphql.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import {
  type EditedEntityFields,
  EntityFields,
  entityGraphInput,
  useEntityForm,
} from '../entities/EntityFormDialog.tsx';
import { AdminDialogForm } from './AdminParts.tsx';

// A chantier of the back office has no global id: its establishment's whole list is read again in the answer,
// so that the new or changed chantier shows in it without a reload.
const createMutation = graphql`
  mutation ChantierFormDialogCreateMutation($input: AdminCreateChantierInput!) {
    adminCreateChantier(input: $input) {
      chantier {
        databaseId
        establishment {
          id
          ...EstablishmentChantiers_establishment
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
  mutation ChantierFormDialogUpdateMutation($input: AdminUpdateChantierInput!) {
    adminUpdateChantier(input: $input) {
      chantier {
        databaseId
        establishment {
          id
          ...EstablishmentChantiers_establishment
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A chantier as the back office lists it. */
export interface AdminChantierFields extends EditedEntityFields {
  databaseId: number;
}

/** A new chantier of an establishment, or one of its chantiers. */
export type ChantierFormTarget =
  | { kind: 'create'; establishment: { id: string; name: string } }
  | { kind: 'edit'; chantier: AdminChantierFields };

/**
 * « Nouveau chantier » of an establishment and a chantier's « Modifier »: its name, dates and address, with the
 * domain's rules (the end not before the start) and their messages, as the customer's own form has them.
 */
export function ChantierFormDialog({
  target,
  onClose,
}: {
  target: ChantierFormTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target && <ChantierForm target={target} onDone={onClose} />}
    </FormDialog>
  );
}

function ChantierForm({ target, onDone }: { target: ChantierFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const [commitCreate, isCreating] = useMutation<ChantierFormDialogCreateMutation>(createMutation);
  const [commitUpdate, isUpdating] = useMutation<ChantierFormDialogUpdateMutation>(updateMutation);
  const editing = target.kind === 'edit' ? target.chantier : null;
  const { form, alert, submit, outcome } = useEntityForm(editing, { requireChange: editing !== null });

  const onSubmit = submit((chantier, _values, clientMutationId) => {
    const fields = entityGraphInput(chantier);
    if (target.kind === 'create') {
      commitCreate({
        variables: { input: { establishmentId: target.establishment.id, ...fields, clientMutationId } },
        ...outcome({
          result: ({ adminCreateChantier }) => ({
            userErrors: adminCreateChantier.userErrors,
            ok: !!adminCreateChantier.chantier,
          }),
          success: messages.entityAdded,
          failure: messages.retryLater,
          onSuccess: onDone,
        }),
      });
      return;
    }
    commitUpdate({
      variables: { input: { chantierId: target.chantier.databaseId, ...fields } },
      ...outcome({
        result: ({ adminUpdateChantier }) => ({
          userErrors: adminUpdateChantier.userErrors,
          ok: !!adminUpdateChantier.chantier,
        }),
        success: messages.entityUpdated,
        failure: messages.retryLater,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <AdminDialogForm
      title={
        target.kind === 'edit'
          ? t('admin.chantiers.editTitle', { name: target.chantier.name })
          : t('admin.chantiers.createTitle', { name: target.establishment.name })
      }
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={editing ? t('admin.save') : t('admin.chantiers.createSubmit')}
      busy={isCreating || isUpdating}
    >
      <EntityFields form={form} />
    </AdminDialogForm>
  );
}
