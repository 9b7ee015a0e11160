import { CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import {
  ENTITY_FIELDS,
  type EntityInput,
  entityFieldLabels,
  entityFields,
  entitySchema,
} from '@portal/domain/entities';
import { messages } from '@portal/domain/messages';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { EntityFormDialogCreateMutation } from '../../__generated__/EntityFormDialogCreateMutation.graphql.ts';
import type { EntityFormDialogUpdateMutation } from '../../__generated__/EntityFormDialogUpdateMutation.graphql.ts';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { type FormValues, formValuesOf, graphInputOf } from '../../forms/fieldTable.ts';
import { useMutationForm } from '../../forms/useMutationForm.ts';

const createEntityMutation = graphql`
  mutation EntityFormDialogCreateMutation($input: CreateEntityInput!, $connections: [ID!]!) {
    createEntity(input: $input) {
      entityEdge @appendEdge(connections: $connections) {
        cursor
        node {
          id
          ...EntityList_entity
        }
      }
      # The header's chantier picker reads the establishment's whole list: refresh it with the new one.
      establishment {
        id
        entityCount
        entities {
          edges {
            node {
              id
              databaseId
              name
            }
          }
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const updateEntityMutation = graphql`
  mutation EntityFormDialogUpdateMutation($input: UpdateEntityInput!) {
    updateEntity(input: $input) {
      entity {
        id
        ...EntityList_entity
      }
      userErrors {
        field
        message
      }
    }
  }
`;

interface EditedEntity {
  id: string;
  name: string;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
  address: string | null | undefined;
}

/** The chantier's fields as both mutations take them. */
type EntityFields = Pick<
  EntityFormDialogCreateMutation['variables']['input'],
  (typeof ENTITY_FIELDS)[number]
>;

/** What the dialog does: add a chantier to an establishment (and its list), or edit one. */
export type EntityFormTarget =
  | { kind: 'create'; establishmentId: string; connectionId: string }
  | { kind: 'edit'; entity: EditedEntity };

/** An empty optional field is "no value" (null clears it on the api's side). */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export function EntityFormDialog({
  target,
  onClose,
}: {
  target: EntityFormTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{target && <EntityForm target={target} onDone={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function EntityForm({ target, onDone }: { target: EntityFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const [commitCreate, isCreating] = useMutation<EntityFormDialogCreateMutation>(createEntityMutation);
  const [commitUpdate, isUpdating] = useMutation<EntityFormDialogUpdateMutation>(updateEntityMutation);
  const editing = target.kind === 'edit' ? target.entity : null;
  const { form, alert, submit, outcome } = useMutationForm<
    FormValues<typeof entityFields, (typeof ENTITY_FIELDS)[number]>,
    EntityInput
  >({
    schema: entitySchema,
    defaultValues: formValuesOf(entityFields, ENTITY_FIELDS, editing),
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = submit((values, _values, clientMutationId) => {
    const fields = graphInputOf(entityFields, ENTITY_FIELDS, values) as EntityFields;
    if (target.kind === 'create') {
      commitCreate({
        variables: {
          input: { establishmentId: target.establishmentId, ...fields, clientMutationId },
          connections: [target.connectionId],
        },
        ...outcome({
          result: ({ createEntity }) => ({
            userErrors: createEntity.userErrors,
            ok: !!createEntity.entityEdge,
          }),
          success: messages.entityAdded,
          failure: messages.entityAddError,
          onSuccess: onDone,
        }),
      });
      return;
    }
    commitUpdate({
      variables: { input: { id: target.entity.id, ...fields } },
      ...outcome({
        result: ({ updateEntity }) => ({ userErrors: updateEntity.userErrors, ok: !!updateEntity.entity }),
        success: messages.entityUpdated,
        failure: messages.entityUpdateError,
        onSuccess: onDone,
      }),
    });
  });

  const inFlight = isCreating || isUpdating;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{editing ? t('entities.editTitle') : t('entities.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <FormAlert {...alert} />
          <FormField label={t('entities.name')} error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          {/* An empty required date is missing (the schema's "required" message), not malformed. */}
          <FormField label={entityFieldLabels.startDate} error={errors.startDate?.message} required>
            <FormDateInput control={form.control} name="startDate" emptyValue={undefined} />
          </FormField>
          <FormField label={entityFieldLabels.endDate} error={errors.endDate?.message}>
            <FormDateInput control={form.control} name="endDate" emptyValue={null} />
          </FormField>
          <FormField
            label={entityFieldLabels.address}
            error={errors.address?.message}
            helperText={t('entities.addressHelp')}
          >
            <Input autoComplete="street-address" {...register('address', { setValueAs: emptyToNull })} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        cancelLabel={t('entities.cancel')}
        submitLabel={t('entities.save')}
        busy={inFlight}
        keepLabel
      />
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('entities.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
