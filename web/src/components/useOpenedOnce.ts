import { useState } from 'react';

/**
 * Whether a dialog has been open yet: until then it need not be mounted at all. A list draws a few closed dialogs
 * per row (confirm, request, declare), and each mounted one runs its state machine with every render of the list;
 * once opened it stays mounted, so that it closes as it opened (its exit animation, the focus given back).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
