import { Toaster as ChakraToaster, createToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** Notification toasts of SPEC 9: 3000 ms, top-right, 300 px wide, closed by a click anywhere on them. */
export const TOAST_DURATION_MS = 3000;

export const toaster = createToaster({
  placement: 'top-end',
  // Below the dashboard header, so a toast never covers the user menu and logout button.
  offsets: { top: '5.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 5,
});

/**
 * The toasts' region, entered once the page has painted what it was drawing as the region came (the app's first
 * screen), or at once when a toast is created before. Entering it starts Zag's toast machine, which reads the
 * store in a synchronous render (`flushSync`): in the first screen's commit, that ran the whole screen's effects
 * before the browser could paint it.
 */
export function Toaster() {
  const [entered, setEntered] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (entered) return;
    const enter = () => setEntered(true);
    const stopListening = toaster.subscribe(enter);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Once the next frame is painted: the animation frame runs just before it, the timeout just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(enter);
    });
    return () => {
      stopListening();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [entered]);
  if (!entered) return null;
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root
            width={{ base: 'full', md: '300px' }}
            animationDuration="300ms"
            cursor="pointer"
            onClick={() => toaster.dismiss(toast.id)}
          >
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
