import { CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { isoDateSchema } from '@portal/domain/validation';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDateInput } from '../forms/DateInput.tsx';
import { FormDialogFooter } from '../forms/FormDialogFooter.tsx';
import { FormField } from '../forms/FormField.tsx';
import { type MutationForm, useMutationForm } from '../forms/useMutationForm.ts';
import { formatDate } from '../i18n/format.ts';

interface DateValues {
  date: string;
}

/** The form's answer handlers for the caller's commit: a refusal lands under the date, a success closes. */
export type DateOutcome = MutationForm<DateValues, DateValues>['outcome'];

/** The first day the date may be, and the rule's message (SPEC 8's exact words) for a day before it. */
export interface EarliestDate {
  date: string;
  message: string;
}

export interface DateDialogProps {
  open: boolean;
  title: string;
  /** The action's name ("Programmer", "Reprogrammer"). */
  submitLabel: string;
  /** The label of the date field ("Date de livraison", "Date d'intervention"). */
  dateLabel: string;
  /** The date's name in the mutation's input (`interventionDate`): a user error naming it shows under the field. */
  inputField: string;
  /** The date the picker starts on (the one asked for, or the one planned). */
  initialDate: string;
  /** The day of the request or of the order: the picker offers no day before it, and the form refuses one. */
  earliest?: EarliestDate | undefined;
  loading: boolean;
  /**
   * Sends the date; the caller's commit spreads `outcome({...})`, so that a refusal stays in the dialog under its
   * field and only a success moves on (closes the dialog through `onSuccess`).
   */
  onSubmit: (date: string, outcome: DateOutcome) => void;
  onClose: () => void;
}

/** The date dialog itself, with its date picker and form: `DateDialog.tsx` loads it when first opened. */
export function DatePickerDialog({ open, onClose, ...form }: DateDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <DateForm {...form} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DateForm({
  title,
  submitLabel,
  dateLabel,
  inputField,
  initialDate,
  earliest,
  loading,
  onSubmit,
}: Omit<DateDialogProps, 'open' | 'onClose'>) {
  const { t } = useTranslation();
  const date = earliest
    ? isoDateSchema.refine((value) => value >= earliest.date, earliest.message)
    : isoDateSchema;
  const { form, submit, outcome } = useMutationForm<DateValues>({
    schema: z.object({ date }),
    defaultValues: { date: initialDate },
    rename: { [inputField]: 'date' },
  });
  const {
    control,
    formState: { errors },
  } = form;
  return (
    <form noValidate onSubmit={submit((values) => onSubmit(values.date, outcome))}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField
            label={dateLabel}
            error={errors.date?.message}
            helperText={earliest && t('dateDialog.earliest', { date: formatDate(earliest.date) })}
            required
          >
            <FormDateInput control={control} name="date" min={earliest?.date} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter cancelLabel={t('confirm.close')} submitLabel={submitLabel} busy={loading} keepLabel />
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('confirm.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
