import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from './toaster.tsx';

const UPDATE_TOAST_ID = 'pwa-update';

/**
 * Registers /sw.js (scope /, SPEC 2). A new version waits until the user asks to reload (registerType
 * 'prompt'); the first install says the portal works offline. Registration failures are logged only (SPEC 8).
 */
export function PwaUpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady, setOfflineReady],
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
    if (!offlineReady) return;
    toaster.create({ type: 'success', title: t('pwa.offlineReady') });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, t]);

  return null;
}
