import { useEffect } from 'react';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { wasStartedInPlace } from '../../routing/documentStart.ts';

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

/**
 * Whether this document is the app itself, served at the login page's address: by the service worker of an earlier
 * version, which answered every page with the app. Started in the login page's document, the app is at the
 * address that page was loaded at, and loading it again brings that page.
 */
export function isAppServedAtLoginAddress(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  return navigation?.name === window.location.href && !wasStartedInPlace();
}

async function leaveForLoginPage(): Promise<void> {
  if (!isAppServedAtLoginAddress()) {
    window.location.replace(window.location.href);
    return;
  }
  // Loading it again would loop; the worker's successor, once active, lets the login page through.
  const registration = await navigator.serviceWorker?.getRegistration();
  await registration?.update().catch(() => {});
  const successor = registration?.waiting ?? registration?.installing;
  if (!successor) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  successor.postMessage({ type: 'SKIP_WAITING' });
}
