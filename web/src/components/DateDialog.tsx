import { CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import { isoDateSchema } from '@portal/domain/validation';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialogFooter } from '../forms/FormDialogFooter.tsx';
import { FormField } from '../forms/FormField.tsx';
import { useMutationForm } from '../forms/useMutationForm.ts';

/** The date's own rule (SPEC 5); whether it may come before the order is the api's to say. */
const dateSchema = z.object({ date: isoDateSchema });

interface DateDialogProps {
  open: boolean;
  title: string;
  /** The action's name ("Programmer", "Reprogrammer"). */
  submitLabel: string;
  /** The label of the date field ("Date de livraison", "Date d'intervention"). */
  dateLabel: string;
  /** The date the picker starts on (the one asked for, or the one planned). */
  initialDate: string;
  loading: boolean;
  onSubmit: (scheduledDate: string) => void;
  onClose: () => void;
}

/** Asks for one date to act on (schedule a delivery or an operation); the api checks it against the request. */
export function DateDialog({
  open,
  title,
  submitLabel,
  dateLabel,
  initialDate,
  loading,
  onSubmit,
  onClose,
}: DateDialogProps) {
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
            <ScheduleForm
              title={title}
              submitLabel={submitLabel}
              dateLabel={dateLabel}
              initialDate={initialDate}
              loading={loading}
              onSubmit={onSubmit}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ScheduleForm({
  title,
  submitLabel,
  dateLabel,
  initialDate,
  loading,
  onSubmit,
}: Pick<DateDialogProps, 'title' | 'submitLabel' | 'dateLabel' | 'initialDate' | 'loading' | 'onSubmit'>) {
  const { t } = useTranslation();
  // The caller sends the change and tells how it went.
  const { form, submit } = useMutationForm<{ date: string }>({
    schema: dateSchema,
    defaultValues: { date: initialDate },
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <form noValidate onSubmit={submit((values) => onSubmit(values.date))}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={dateLabel} error={errors.date?.message} required>
            <Input type="date" {...register('date')} />
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
