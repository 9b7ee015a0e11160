import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from './useOpenedOnce.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The label of the button that does it ("Supprimer"). */
  confirmLabel: string;
  /** The label of the button that leaves things as they are; "Annuler" unless that would be ambiguous. */
  cancelLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone (deleting a container, cancelling a delivery). An alert dialog:
 * focus starts on "Annuler", so Enter never destroys anything by accident.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog.Root
      role="alertdialog"
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
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost" disabled={loading}>
                  {cancelLabel ?? t('confirm.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={loading} loadingText={confirmLabel} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
