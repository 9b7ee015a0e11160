import { useEffect } from 'react';
import { PageSpinner } from '../../components/PageSpinner.tsx';

/**
 * The login page is a page of its own (login.html, which the gateway serves at this path), outside the app: a
 * link or a redirect of the app to it loads that page.
 */
export function LoginDocument() {
  useEffect(() => {
    void leaveForLoginPage();
  }, []);
  return <PageSpinner />;
}

async function leaveForLoginPage(): Promise<void> {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  if (navigation?.name !== window.location.href) {
    window.location.replace(window.location.href);
    return;
  }
  // This document is the app itself, served at the login page's address: by the service worker of an earlier
  // version, which answered every page with the app. Loading it again would loop; its successor, once active,
  // lets the login page through.
  const registration = await navigator.serviceWorker?.getRegistration();
  await registration?.update().catch(() => {});
  const successor = registration?.waiting ?? registration?.installing;
  if (!successor) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  successor.postMessage({ type: 'SKIP_WAITING' });
}
