import { Button, CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type EntityInput, entitySchema } from '@portal/domain/entities';
import { messages } from '@portal/domain/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { EntityFormDialogCreateMutation } from '../../__generated__/EntityFormDialogCreateMutation.graphql.ts';
import type { EntityFormDialogUpdateMutation } from '../../__generated__/EntityFormDialogUpdateMutation.graphql.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import { applyUserErrors, type UserErrorEntry } from '../../forms/userErrors.ts';

const ENTITY_FIELDS = ['name', 'startDate', 'endDate', 'address'] as const;

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

/** What the dialog does: add a chantier to an establishment (and its list), or edit one. */
export type EntityFormTarget =
  | { kind: 'create'; establishmentId: string; connectionId: string }
  | { kind: 'edit'; entity: EditedEntity };

/** An empty optional field is "no value" (null clears it on the api's side). */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** An empty required date is missing (the schema's "required" message), not malformed. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

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
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const editing = target.kind === 'edit' ? target.entity : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EntityInput>({
    resolver: zodResolver(entitySchema),
    defaultValues: {
      name: editing?.name ?? '',
      startDate: editing?.startDate ?? undefined,
      endDate: editing?.endDate ?? null,
      address: editing?.address ?? null,
    },
  });

  /** Fields' errors go under them; the rest above the form. False when the change went through. */
  const showUserErrors = (userErrors: readonly UserErrorEntry[], failed: boolean, fallback: string) => {
    if (userErrors.length === 0 && !failed) return false;
    const remaining = applyUserErrors(userErrors, ENTITY_FIELDS, setError);
    setFormErrors(remaining.length > 0 || userErrors.length > 0 ? remaining : [fallback]);
    return true;
  };

  const onSubmit = handleSubmit((values) => {
    setFormErrors([]);
    const fields = {
      name: values.name,
      startDate: values.startDate,
      endDate: values.endDate ?? null,
      address: values.address ?? null,
    };
    if (target.kind === 'create') {
      commitCreate({
        variables: {
          input: { establishmentId: target.establishmentId, ...fields },
          connections: [target.connectionId],
        },
        onCompleted: ({ createEntity }) => {
          if (showUserErrors(createEntity.userErrors, !createEntity.entityEdge, messages.entityAddError))
            return;
          notifySuccess(messages.entityAdded);
          onDone();
        },
        onError: (error) => notifyFailure(error, messages.entityAddError),
      });
      return;
    }
    commitUpdate({
      variables: { input: { id: target.entity.id, ...fields } },
      onCompleted: ({ updateEntity }) => {
        if (showUserErrors(updateEntity.userErrors, !updateEntity.entity, messages.entityUpdateError)) return;
        notifySuccess(messages.entityUpdated);
        onDone();
      },
      onError: (error) => notifyFailure(error, messages.entityUpdateError),
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
          <FormAlert messages={formErrors} />
          <FormField label={t('entities.name')} error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label={t('entities.startDate')} error={errors.startDate?.message} required>
            <Input type="date" {...register('startDate', { setValueAs: emptyToUndefined })} />
          </FormField>
          <FormField label={t('entities.endDate')} error={errors.endDate?.message}>
            <Input type="date" {...register('endDate', { setValueAs: emptyToNull })} />
          </FormField>
          <FormField
            label={t('entities.address')}
            error={errors.address?.message}
            helperText={t('entities.addressHelp')}
          >
            <Input autoComplete="street-address" {...register('address', { setValueAs: emptyToNull })} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="ghost" disabled={inFlight}>
            {t('entities.cancel')}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={inFlight} loadingText={t('entities.save')}>
          {t('entities.save')}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('entities.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
