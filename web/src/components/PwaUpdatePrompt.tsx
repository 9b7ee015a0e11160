import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announceOfflineReady } from './OfflineReadyNotice.tsx';
import { toaster } from './toaster.tsx';

const UPDATE_TOAST_ID = 'pwa-update';

/**
 * Registers /sw.js (scope /, SPEC 2). A new version waits until the user asks to reload (registerType
 * 'prompt'); the first install says the portal works offline, once per version, through OfflineReadyNotice.
 * Registration failures are logged only (SPEC 8).
 */
export function PwaUpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    offlineReady: [ready, setReady],
    updateServiceWorker,
  } = useRegisterSW({
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
