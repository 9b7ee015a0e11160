import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announceOfflineReady } from './OfflineReadyNotice.tsx';
import { toaster } from './toaster.tsx';

const UPDATE_TOAST_ID = 'pwa-update';

/** How often an open page asks whether a new version was deployed (besides when the tab comes back to the front). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Asks the server for /sw.js again when the tab becomes visible and every hour: a page left open learns of a new
 * deployment then, and offers to reload before an old chunk goes missing. Failures (offline) are ignored.
 */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * Calls `ready` once the registration's worker is active: the login page installs the worker while the user types,
 * so its install (which `onOfflineReady` reports) may have happened, or still be under way, before the app's page.
 */
export function whenActive(registration: ServiceWorkerRegistration, ready: () => void): void {
  if (registration.active) {
    ready();
    return;
  }
  const worker = registration.installing ?? registration.waiting;
  worker?.addEventListener('statechange', function onStateChange() {
    if (worker.state !== 'activated') return;
    worker.removeEventListener('statechange', onStateChange);
    ready();
  });
}

/**
 * Registers /sw.js (scope /, SPEC 2). A new version deployed while a page is open ('Une nouvelle version est
 * disponible') waits until the user asks to reload (registerType 'prompt'); the first install says the portal works offline, once per version, through OfflineReadyNotice.
 * Registration failures are logged only (SPEC 8).
 */
export function PwaUpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    offlineReady: [ready, setReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url: string, registration: ServiceWorkerRegistration | undefined) {
      if (!registration) return;
      watchForUpdates(registration);
      whenActive(registration, announceOfflineReady);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    toaster.create({
      id: UPDATE_TOAST_ID,
      type: 'info',
      title: t('pwa.updateAvailable'),
      description: t('pwa.updateDescription'),
      duration: Number.POSITIVE_INFINITY,
      action: { label: t('pwa.reload'), onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, t, updateServiceWorker]);

  useEffect(() => {
    if (!ready) return;
    announceOfflineReady();
    setReady(false);
  }, [ready, setReady]);

  return null;
}
