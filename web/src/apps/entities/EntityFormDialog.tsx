import { CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import {
  ENTITY_FIELDS,
  type EntityInput,
  entityFieldLabels,
  entityFields,
  entitySchema,
} from '@portal/domain/entities';
import { messages } from '@portal/domain/messages';
import type { UseFormReturn } from 'react-hook-form';
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

/** A chantier as its form edits it. */
export interface EditedEntityFields {
  name: string;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
  address: string | null | undefined;
}

interface EditedEntity extends EditedEntityFields {
  id: string;
}

/** The chantier's fields as the mutations take them (the customer's and the back office's alike). */
type EntityInputFields = Pick<
  EntityFormDialogCreateMutation['variables']['input'],
  (typeof ENTITY_FIELDS)[number]
>;

/** An empty optional field is "no value" (null clears it on the api's side). */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The chantier form's values: its field table's writable fields. */
type EntityValues = FormValues<typeof entityFields, (typeof ENTITY_FIELDS)[number]>;

/**
 * A chantier's form (a new one, or `editing`), validated by the domain's rule (the end not before the start);
 * the customer's screens and the back office send it with their own mutations.
 */
export function useEntityForm(editing: EditedEntityFields | null, options: { requireChange?: boolean } = {}) {
  return useMutationForm<EntityValues, EntityInput>({
    schema: entitySchema,
    defaultValues: formValuesOf(entityFields, ENTITY_FIELDS, editing),
    ...options,
  });
}

/** The graph's input of a chantier's fields. */
export const entityGraphInput = (values: EntityInput) =>
  graphInputOf(entityFields, ENTITY_FIELDS, values) as EntityInputFields;

/** A chantier's fields: its name, its dates and its own address when it is not the establishment's. */
export function EntityFields({ form }: { form: UseFormReturn<EntityValues, unknown, EntityInput> }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <>
      <FormField label={t('entities.name')} error={errors.name?.message} required>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      {/* An empty required date is missing (the schema's "required" message), not malformed. */}
      <FormField label={entityFieldLabels.startDate} error={errors.startDate?.message} required>
        <FormDateInput control={control} name="startDate" emptyValue={undefined} />
      </FormField>
      <FormField label={entityFieldLabels.endDate} error={errors.endDate?.message}>
        <FormDateInput control={control} name="endDate" emptyValue={null} />
      </FormField>
      <FormField
        label={entityFieldLabels.address}
        error={errors.address?.message}
        helperText={t('entities.addressHelp')}
      >
        <Input autoComplete="street-address" {...register('address', { setValueAs: emptyToNull })} />
      </FormField>
    </>
  );
}

/** What the dialog does: add a chantier to an establishment (and its list), or edit one. */
export type EntityFormTarget =
  | { kind: 'create'; establishmentId: string; connectionId: string }
  | { kind: 'edit'; entity: EditedEntity };

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
  const { form, alert, submit, outcome } = useEntityForm(editing);

  const onSubmit = submit((values, _values, clientMutationId) => {
    const fields = entityGraphInput(values);
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
          <EntityFields form={form} />
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
