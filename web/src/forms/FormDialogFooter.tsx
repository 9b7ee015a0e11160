import { Button, Dialog } from '@chakra-ui/react';

/**
 * The footer of a dialog's form: a way out that closes the dialog, and the submit button, both held while the
 * form is sent. `keepLabel` keeps the submit's label beside its spinner.
 */
export function FormDialogFooter({
  cancelLabel,
  submitLabel,
  busy,
  keepLabel = false,
}: {
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
  keepLabel?: boolean;
}) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="ghost" disabled={busy}>
          {cancelLabel}
        </Button>
      </Dialog.ActionTrigger>
      <Button
        type="submit"
        colorPalette="brand"
        loading={busy}
        {...(keepLabel && { loadingText: submitLabel })}
      >
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
