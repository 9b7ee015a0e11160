import { Alert, CloseButton } from '@chakra-ui/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { readStored, writeStored } from '../browserStorage.ts';

/** The version whose offline readiness the user was told, in this browser. */
const OFFLINE_READY_KEY = 'portal.offlineReadyVersion';

/**
 * The running version: the hashed name of the page's entry script, which every build that changes the app
 * changes ('dev' under the development server and in tests, where no built script is served).
 */
export function portalVersion(): string {
  return (
    document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? 'dev'
  );
}

// Storage refused (private browsing, a policy): the notice may then come again, which is harmless.
const toldVersion = () => readStored(OFFLINE_READY_KEY);
const rememberTold = (version: string) => writeStored(OFFLINE_READY_KEY, version);

/**
 * Whether the offline-ready notice waits to be shown. The service worker says it once installed, often while
 * the user is still signing in or reading the terms: the notice then waits for the portal's own pages.
 */
const offlineReady = (() => {
  let pending = false;
  const listeners = new Set<() => void>();
  return {
    get: () => pending,
    set(value: boolean) {
      if (pending === value) return;
      pending = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

/** The service worker has installed this version: the notice waits for a page, unless it was said already. */
export function announceOfflineReady(): void {
  if (toldVersion() !== portalVersion()) offlineReady.set(true);
}

/**
 * "Le portail est prêt à fonctionner hors ligne", in the flow of the page above its content: it covers
 * nothing (not the terms, not a dialog's close button, unlike a toast). Shown once per version; it goes when
 * closed or when the user moves to another page.
 */
export function OfflineReadyNotice() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(offlineReady.subscribe, offlineReady.get);
  const { pathname } = useLocation();
  const shownOn = useRef<string | null>(null);

  useEffect(() => {
    if (!pending) return;
    if (shownOn.current === null) {
      shownOn.current = pathname;
      rememberTold(portalVersion());
    } else if (shownOn.current !== pathname) {
      shownOn.current = null;
      offlineReady.set(false);
    }
  }, [pending, pathname]);

  if (!pending) return null;
  return (
    // Its end is kept clear of the screen's help link, which sits at the top right of the content.
    <Alert.Root
      status="success"
      role="status"
      size="sm"
      variant="subtle"
      mb="6"
      width="auto"
      me="12"
      alignItems="center"
    >
      <Alert.Indicator />
      <Alert.Title flex="1">{t('pwa.offlineReady')}</Alert.Title>
      <CloseButton
        size="xs"
        aria-label={t('pwa.closeNotice')}
        onClick={() => {
          shownOn.current = null;
          offlineReady.set(false);
        }}
      />
    </Alert.Root>
  );
}
