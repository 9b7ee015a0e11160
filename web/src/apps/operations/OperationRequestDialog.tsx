import { CloseButton, Dialog, Flex, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { operationRequestSchema } from '@portal/domain/operation-rules';
import { parisDate } from '@portal/domain/recurrence';
import { recurrenceProgramSchema } from '@portal/domain/recurrence-rules';
import { type FieldPath, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import type { OperationRequestDialogMutation } from '../../__generated__/OperationRequestDialogMutation.graphql.ts';
import type { OperationRequestDialogProgramMutation } from '../../__generated__/OperationRequestDialogProgramMutation.graphql.ts';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import {
  defaultProgramValues,
  PROGRAM_FORM_FIELDS,
  type ProgramFormValues,
  ProgramModeField,
  programInput,
  programOfForm,
  RecurrenceProgramFields,
} from '../../forms/RecurrenceProgramFields.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';

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

const programMutation = graphql`
  mutation OperationRequestDialogProgramMutation($input: RequestRotationProgramInput!) {
    requestRotationProgram(input: $input) {
      rotationProgram {
        id
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

interface FormValues {
  mode: 'once' | 'program';
  requestedDate: string;
  comment: string;
  program: ProgramFormValues;
}

/** The form's field of each input field the api may name (`['program', 'startDate']`). */
const REQUEST_FIELDS: Record<string, FieldPath<FormValues>> = {
  requestedDate: 'requestedDate',
  comment: 'comment',
  ...PROGRAM_FORM_FIELDS,
};

/**
 * The producer asks its provider for a rotation (once, or on a recurring program the provider then validates)
 * or for the definitive retirement of a container (SPEC 3, 4).
 */
export function OperationRequestDialog({ skip, type, onClose }: OperationRequestDialogProps) {
  return (
    <Dialog.Root
      open={skip !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="lg"
      scrollBehavior="inside"
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

/** domain's rules of what the form holds: a request on a date, or a program (the comment aside). */
const requestFormSchema = z.discriminatedUnion('mode', [
  operationRequestSchema.extend({ mode: z.literal('once') }),
  z.object({ mode: z.literal('program'), program: recurrenceProgramSchema }),
]);
type RequestFormOutput = z.output<typeof requestFormSchema>;

const blankAsNull = (comment: string) => (comment.trim() === '' ? null : comment);

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
  const [commitRequest, isRequesting] = useMutation<OperationRequestDialogMutation>(requestMutation);
  const [commitProgram, isSubmittingProgram] =
    useMutation<OperationRequestDialogProgramMutation>(programMutation);
  const sending = isRequesting || isSubmittingProgram;
  const retirement = type === 'RETIREMENT';
  const { form, alert, submit, outcome } = useMutationForm<FormValues, RequestFormOutput>({
    schema: requestFormSchema,
    toInput: (values) =>
      values.mode === 'program' && !retirement
        ? { mode: 'program', program: programOfForm(values.program) }
        : { mode: 'once', type, requestedDate: values.requestedDate, comment: blankAsNull(values.comment) },
    defaultValues: {
      mode: 'once',
      requestedDate: parisDate(new Date()),
      comment: '',
      program: defaultProgramValues,
    },
    fields: Object.values(REQUEST_FIELDS),
    rename: REQUEST_FIELDS,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const programMode = useWatch({ control, name: 'mode' }) === 'program';

  // The comment is sent as typed: the api reads it as the producer wrote it.
  const onSubmit = submit((request, values, clientMutationId) => {
    const comment = blankAsNull(values.comment);
    if (request.mode === 'program') {
      commitProgram({
        variables: {
          input: { skipId: skip.id, comment, program: programInput(request.program), clientMutationId },
        },
        ...outcome({
          result: ({ requestRotationProgram }) => ({
            userErrors: requestRotationProgram.userErrors,
            ok: !!requestRotationProgram.rotationProgram,
          }),
          success: messages.rotationProgramSubmitted,
          failure: messages.rotationProgramSubmitError,
          onSuccess: onDone,
        }),
      });
      return;
    }
    commitRequest({
      variables: {
        input: { skipId: skip.id, type, requestedDate: values.requestedDate, comment, clientMutationId },
      },
      ...outcome({
        result: ({ requestOperation }) => ({
          userErrors: requestOperation.userErrors,
          ok: !!requestOperation.operation,
        }),
        success: retirement ? messages.skipRetirementRequested : messages.rotationRequested,
        failure: retirement ? messages.skipRetirementError : messages.rotationRequestError,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <FormProvider {...form}>
      {/* A flex column, so that the dialog's body scrolls between a fixed header and footer. */}
      <Flex asChild direction="column" flex="1" minH="0">
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
              <FormAlert {...alert} />
              {retirement ? (
                <Text color="fg.muted">{t('operations.request.retirementHint')}</Text>
              ) : (
                <ProgramModeField
                  label={t('operations.request.mode')}
                  once={t('operations.request.modes.once')}
                  program={t('operations.request.modes.program')}
                />
              )}
              {programMode && !retirement ? (
                <>
                  <Text color="fg.muted">{t('operations.request.programHint')}</Text>
                  <RecurrenceProgramFields
                    monthModeLabel={t('operations.request.monthMode')}
                    previewLabel={(count) => t('operations.request.preview', { count })}
                  />
                </>
              ) : (
                <FormField
                  label={t('operations.request.requestedDate')}
                  error={errors.requestedDate?.message}
                  required
                >
                  <FormDateInput control={control} name="requestedDate" />
                </FormField>
              )}
              <FormField label={t('operations.request.comment')} error={errors.comment?.message}>
                <Textarea rows={3} {...register('comment')} />
              </FormField>
            </Stack>
          </Dialog.Body>
          <FormDialogFooter
            cancelLabel={t('confirm.cancel')}
            submitLabel={t('operations.request.submit')}
            busy={sending}
          />
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label={t('confirm.close')} />
          </Dialog.CloseTrigger>
        </form>
      </Flex>
    </FormProvider>
  );
}
