import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useOpenedOnce } from '../components/useOpenedOnce.ts';

/**
 * The frame of a form in a dialog: open while there is something to edit, closed by Escape, the backdrop or the
 * form's own cancel, and unmounted once closed so that the next opening starts from a fresh form.
 */
export function FormDialog({
  open,
  onClose,
  size = 'lg',
  children,
}: {
  open: boolean;
  onClose: () => void;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={size}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
