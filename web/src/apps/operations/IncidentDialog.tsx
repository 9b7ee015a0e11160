import { CloseButton, Dialog, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@portal/domain/files';
import { messages } from '@portal/domain/messages';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { notifySuccess } from '../../forms/mutationFeedback.ts';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { declareIncident, type IncidentTarget } from './incidentUpload.ts';

interface IncidentDialogProps {
  /** What the incident is about, and its name for the title; null closes the dialog. */
  target: (IncidentTarget & { name: string }) | null;
  onClose: () => void;
  /** After a declaration: the screen reads its data again. */
  onDeclared: () => void;
}

interface FormValues {
  description: string;
  photos: FileList | null;
}

const PHOTO_MAX_MEGABYTES = PHOTO_MAX_BYTES / 1024 / 1024;

/**
 * Declaring an incident on an operation or a container, with photos (SPEC 4, 5: image formats only, 10 MB
 * each). The browser checks what it can to spare a useless upload; the api recognises each photo by its bytes.
 */
export function IncidentDialog({ target, onClose, onDeclared }: IncidentDialogProps) {
  return (
    <FormDialog open={target !== null} onClose={onClose} size="md">
      {target && (
        <IncidentForm
          target={target}
          onDone={() => {
            onDeclared();
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}

/** What the browser can say of the chosen photos before sending them. */
function photoProblems(files: readonly File[]): string[] {
  return files.flatMap((file) => {
    if (file.type !== '' && !(PHOTO_TYPES as readonly string[]).includes(file.type)) {
      return [`${file.name} : ${messages.fileFormatNotAllowed}`];
    }
    if (file.size > PHOTO_MAX_BYTES) return [`${file.name} : ${messages.fileTooLarge(PHOTO_MAX_MEGABYTES)}`];
    return [];
  });
}

/**
 * A description, and photos the browser can check (their problems speak of each photo, above the form), once
 * the description is there.
 */
const incidentSchema = z
  .object({
    description: z.string().trim().min(1, messages.required),
    photos: z.custom<FileList | null>(),
  })
  .superRefine(
    ({ photos }, context) => {
      for (const [index, message] of photoProblems(Array.from(photos ?? [])).entries()) {
        context.addIssue({ code: 'custom', path: ['photos', index], message });
      }
    },
    { when: (payload) => payload.issues.length === 0 },
  );

function IncidentForm({ target, onDone }: { target: IncidentTarget & { name: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const { form, alert, submit, refuse } = useMutationForm<FormValues, z.output<typeof incidentSchema>>({
    schema: incidentSchema,
    defaultValues: { description: '', photos: null },
  });
  const {
    register,
    formState: { errors, isSubmitting: sending },
  } = form;

  const onSubmit = submit(async ({ description, photos: chosen }, _values, submissionKey) => {
    const photos = Array.from(chosen ?? []);
    const result = await declareIncident(target, description, photos, submissionKey);
    if (result.ok) {
      notifySuccess(messages.incidentDeclared);
      onDone();
      return;
    }
    // A refusal of a photo names it; a failure was told already (a toast, or the login page).
    const violations = result.violations.map(({ field, message }) => {
      const index = /^photos\.(\d+)$/.exec(field)?.[1];
      const photo = index === undefined ? undefined : photos[Number(index)];
      return { field: field.split('.'), message: photo ? `${photo.name} : ${message}` : message };
    });
    if (violations.length > 0) refuse(violations, false, messages.incidentDeclareError);
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Dialog.Header>
        <Dialog.Title>{t('operations.incident.title', { name: target.name })}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormAlert {...alert} />
          <FormField
            label={t('operations.incident.description')}
            error={errors.description?.message}
            required
          >
            <Textarea rows={4} {...register('description')} />
          </FormField>
          <FormField
            label={t('operations.incident.photos')}
            helperText={t('operations.incident.photosHelp', { size: PHOTO_MAX_MEGABYTES })}
          >
            <Input type="file" multiple accept={PHOTO_ACCEPT} p="1" {...register('photos')} />
          </FormField>
          <Text fontSize="sm" color="fg.muted">
            {t('operations.incident.providerSees')}
          </Text>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        cancelLabel={t('confirm.cancel')}
        submitLabel={t('operations.incident.submit')}
        busy={sending}
      />
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('confirm.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
