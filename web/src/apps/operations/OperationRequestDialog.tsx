import { Button, CloseButton, Dialog, Flex, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { operationRequestSchema } from '@portal/domain/operations';
import { parisDate, recurrenceProgramSchema } from '@portal/domain/recurrence';
import { useState } from 'react';
import { type FieldPath, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { OperationRequestDialogMutation } from '../../__generated__/OperationRequestDialogMutation.graphql.ts';
import type { OperationRequestDialogProgramMutation } from '../../__generated__/OperationRequestDialogProgramMutation.graphql.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import {
  defaultProgramValues,
  PROGRAM_FORM_FIELDS,
  type ProgramFormValues,
  ProgramModeField,
  programOfForm,
  RecurrenceProgramFields,
} from '../../forms/RecurrenceProgramFields.tsx';
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

/** domain's rules of what the form holds: a request on a date, or a program. */
function problemsOf(values: FormValues, type: OperationRequestType): { path: string; message: string }[] {
  const comment = values.comment.trim() === '' ? null : values.comment;
  const result =
    values.mode === 'program'
      ? recurrenceProgramSchema.safeParse(programOfForm(values.program))
      : operationRequestSchema.safeParse({ type, requestedDate: values.requestedDate, comment });
  if (result.success) return [];
  const prefix = values.mode === 'program' ? 'program.' : '';
  return result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const path = prefix ? (REQUEST_FIELDS[field] ?? '') : field;
    return { path, message: issue.message };
  });
}

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
  const [commitRequest, isRequesting] = useMutation<OperationRequestDialogMutation>(requestMutation);
  const [commitProgram, isSubmittingProgram] =
    useMutation<OperationRequestDialogProgramMutation>(programMutation);
  const sending = isRequesting || isSubmittingProgram;
  const form = useForm<FormValues>({
    defaultValues: {
      mode: 'once',
      requestedDate: parisDate(new Date()),
      comment: '',
      program: defaultProgramValues,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = form;
  const programMode = useWatch({ control, name: 'mode' }) === 'program';
  const retirement = type === 'RETIREMENT';

  const refused = (userErrors: readonly { field: readonly string[]; message: string }[], failure: string) => {
    const named = userErrors.map((error) => ({
      ...error,
      field: error.field.map((segment) => REQUEST_FIELDS[segment] ?? segment),
    }));
    const general = applyUserErrors(named, Object.values(REQUEST_FIELDS), setError);
    setFormMessages(userErrors.length > 0 ? general : [failure]);
  };

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    setFormMessages([]);
    const problems = problemsOf(values, type);
    if (problems.length > 0) {
      for (const { path, message } of problems) {
        if (path) setError(path as FieldPath<FormValues>, { type: 'rule', message });
        else setFormMessages((previous) => [...previous, message]);
      }
      return;
    }
    const comment = values.comment.trim() === '' ? null : values.comment;
    if (values.mode === 'program' && !retirement) {
      const program = recurrenceProgramSchema.parse(programOfForm(values.program));
      commitProgram({
        variables: {
          input: {
            skipId: skip.id,
            comment,
            program: {
              ...program,
              monthPosition: program.monthPosition ?? null,
              monthDay: program.monthDay ?? null,
            },
          },
        },
        onCompleted: ({ requestRotationProgram }) => {
          if (requestRotationProgram.userErrors.length > 0 || !requestRotationProgram.rotationProgram) {
            refused(requestRotationProgram.userErrors, messages.rotationProgramSubmitError);
            return;
          }
          notifySuccess(messages.rotationProgramSubmitted);
          onDone();
        },
        onError: (error) => notifyFailure(error, messages.rotationProgramSubmitError),
      });
      return;
    }
    const failure = retirement ? messages.skipRetirementError : messages.rotationRequestError;
    commitRequest({
      variables: { input: { skipId: skip.id, type, requestedDate: values.requestedDate, comment } },
      onCompleted: ({ requestOperation }) => {
        if (requestOperation.userErrors.length > 0 || !requestOperation.operation) {
          refused(requestOperation.userErrors, failure);
          return;
        }
        notifySuccess(retirement ? messages.skipRetirementRequested : messages.rotationRequested);
        onDone();
      },
      onError: (error) => notifyFailure(error, failure),
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
              <FormAlert messages={formMessages} />
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
                  <Input type="date" {...register('requestedDate')} />
                </FormField>
              )}
              <FormField label={t('operations.request.comment')} error={errors.comment?.message}>
                <Textarea rows={3} {...register('comment')} />
              </FormField>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button variant="ghost" disabled={sending}>
                {t('confirm.cancel')}
              </Button>
            </Dialog.ActionTrigger>
            <Button type="submit" colorPalette="brand" loading={sending}>
              {t('operations.request.submit')}
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label={t('confirm.close')} />
          </Dialog.CloseTrigger>
        </form>
      </Flex>
    </FormProvider>
  );
}
