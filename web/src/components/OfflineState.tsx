import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useReloadScreen } from '../routing/useReloadScreen.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network (it may still fail to reach the portal). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The 'hors ligne' state above every page: what the user sees stays readable, and changes are not sent until the
 * network is back. The screens' data is loaded again as soon as it is.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const { reload } = useReloadScreen();
  const latestReload = useRef(reload);
  latestReload.current = reload;
  useEffect(() => {
    // Back online, what the screen shows is read again. Listening for good: a listener tied to the offline state
    // would be removed by the very re-render that the 'online' event causes, before being called.
    const reconnect = () => latestReload.current();
    window.addEventListener('online', reconnect);
    return () => window.removeEventListener('online', reconnect);
  }, []);
  if (online) return null;
  return (
    <Box position="sticky" top="0" zIndex="banner">
      <Alert.Root status="warning" role="status" borderRadius="0" variant="solid">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('offline.title')}</Alert.Title>
          <Alert.Description>{t('offline.banner')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}

/** A page that could not be opened for want of a network: said plainly, with a way to try again. */
export function OfflinePage() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <Stack gap="4" maxW="xl" mx="auto" px="6" py="16" textAlign="center" align="center">
      <Heading as="h1" size="2xl">
        {online ? t('offline.unreachableTitle') : t('offline.title')}
      </Heading>
      <Text>{online ? t('offline.unreachable') : t('offline.page')}</Text>
      <Button colorPalette="brand" onClick={() => window.location.reload()}>
        {t('errors.retry')}
      </Button>
    </Stack>
  );
}
