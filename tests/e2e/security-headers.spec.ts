import { expect, test } from './fixtures.ts';
import { loginForm } from './portal.ts';

// The app's service worker is what these journeys are about (the others run without it).
test.use({ serviceWorkers: 'allow' });

/**
 * The web app runs under its Content-Security-Policy (every journey fails on a violation, fixtures.ts); this one
 * shows the policy is there, on the login page (a page of its own) and the app's pages, and that the app's
 * service worker and manifest work under it.
 */
test('the app, its service worker and its manifest work under the Content-Security-Policy', async ({
  page,
}) => {
  const response = await page.goto('/customer/Login');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(loginForm(page).email).toBeVisible();

  // The app registers its worker: a public page of it.
  const app = await page.goto('/customer/Password');
  expect(app?.headers()['content-security-policy']).toBe(headers['content-security-policy']);
  const forgotPassword = page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' });
  await expect(forgotPassword).toBeVisible();

  // Installed means its precache (the app's files, fetched by the worker under the same policy) is complete.
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(worker).toMatch(/\/sw\.js$/);

  // Chromium reads the manifest as it installs an app; a blocked manifest is an error here.
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Portail déchets', start_url: '/' });

  // Served by the worker now, the app comes up the same.
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await expect(forgotPassword).toBeVisible();
});
