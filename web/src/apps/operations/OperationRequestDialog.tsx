import { Button, CloseButton, Dialog, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/domain/messages';
import { type OperationRequestInput, operationRequestSchema } from '@portal/domain/operations';
import { parisDate } from '@portal/domain/recurrence';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { OperationRequestDialogMutation } from '../../__generated__/OperationRequestDialogMutation.graphql.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import { applyUserErrors } from '../../forms/userErrors.ts';

const requestMutation = graphql`
  mutation OperationRequestDialogMutation($input: RequestOperationInput!) {
    requestOperation(input: $input) {
      operation {
        id
        databaseId
      }
      skip {
        id
        ...SkipCard_skip
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export type OperationRequestType = 'ROTATION' | 'RETIREMENT';

interface OperationRequestDialogProps {
  skip: { id: string; name: string } | null;
  type: OperationRequestType;
  onClose: () => void;
}

type FormValues = Omit<OperationRequestInput, 'type'>;

/** The producer asks its provider for a rotation or the definitive retirement of a container (SPEC 4). */
export function OperationRequestDialog({ skip, type, onClose }: OperationRequestDialogProps) {
  return (
    <Dialog.Root
      open={skip !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{skip && <RequestForm skip={skip} type={type} onDone={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const formSchema = operationRequestSchema.omit({ type: true });

function RequestForm({
  skip,
  type,
  onDone,
}: {
  skip: { id: string; name: string };
  type: OperationRequestType;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [commit, isSending] = useMutation<OperationRequestDialogMutation>(requestMutation);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema) as unknown as Resolver<FormValues>,
    defaultValues: { requestedDate: parisDate(new Date()), comment: '' },
  });
  const retirement = type === 'RETIREMENT';
  const success = retirement ? messages.skipRetirementRequested : messages.rotationRequested;
  const failure = retirement ? messages.skipRetirementError : messages.rotationRequestError;

  const onSubmit = handleSubmit((values) =>
    commit({
      variables: {
        input: {
          skipId: skip.id,
          type,
          requestedDate: values.requestedDate,
          comment: values.comment || null,
        },
      },
      onCompleted: ({ requestOperation }) => {
        if (requestOperation.userErrors.length > 0 || !requestOperation.operation) {
          const general = applyUserErrors(
            requestOperation.userErrors,
            ['requestedDate', 'comment'],
            setError,
          );
          setFormMessages(requestOperation.userErrors.length > 0 ? general : [failure]);
          return;
        }
        notifySuccess(success);
        onDone();
      },
      onError: (error) => notifyFailure(error, failure),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Dialog.Header>
        <Dialog.Title>
          {t(retirement ? 'operations.request.retirementTitle' : 'operations.request.rotationTitle', {
            name: skip.name,
          })}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormAlert messages={formMessages} />
          {retirement && <Text color="fg.muted">{t('operations.request.retirementHint')}</Text>}
          <FormField
            label={t('operations.request.requestedDate')}
            error={errors.requestedDate?.message}
            required
          >
            <Input type="date" {...register('requestedDate')} />
          </FormField>
          <FormField label={t('operations.request.comment')} error={errors.comment?.message}>
            <Textarea rows={3} {...register('comment')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="ghost" disabled={isSending}>
            {t('confirm.cancel')}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={isSending}>
          {t('operations.request.submit')}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('confirm.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
