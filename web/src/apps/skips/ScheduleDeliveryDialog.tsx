import { Button, CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { isoDateSchema } from '@portal/domain/validation';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../forms/FormField.tsx';

/** The date's own rule (SPEC 5); whether it may come before the order is the api's to say. */
function checkDate(value: string): true | string {
  const result = isoDateSchema.safeParse(value);
  return result.success ? true : (result.error.issues[0]?.message ?? messages.dateFormat);
}

interface ScheduleDeliveryDialogProps {
  open: boolean;
  title: string;
  /** The action's name ("Programmer", "Reprogrammer"). */
  submitLabel: string;
  /** The date the producer asked for (or the one planned): the date picker starts there. */
  requestedDate: string;
  loading: boolean;
  onSubmit: (scheduledDate: string) => void;
  onClose: () => void;
}

/** The provider plans a delivery on a date (the api checks it against the request). */
export function ScheduleDeliveryDialog({
  open,
  title,
  submitLabel,
  requestedDate,
  loading,
  onSubmit,
  onClose,
}: ScheduleDeliveryDialogProps) {
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
              requestedDate={requestedDate}
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
  requestedDate,
  loading,
  onSubmit,
}: Pick<ScheduleDeliveryDialogProps, 'title' | 'submitLabel' | 'requestedDate' | 'loading' | 'onSubmit'>) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ scheduledDate: string }>({ defaultValues: { scheduledDate: requestedDate } });
  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values.scheduledDate))}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={t('deliveries.scheduledDate')} error={errors.scheduledDate?.message} required>
            <Input type="date" {...register('scheduledDate', { validate: checkDate })} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="ghost" disabled={loading}>
            {t('deliveries.close')}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText={submitLabel}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('deliveries.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
