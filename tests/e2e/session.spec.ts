import { messages } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  establishmentIdsOf,
  loginForm,
  ownEstablishmentsOf,
  producer,
  retriever,
  signIn,
  submitLogin,
} from './portal.ts';
import { selectionBar } from './screens.ts';

const onLoginPage = (url: URL) => url.pathname === '/customer/Login';

test.describe('failed login', () => {
  test('a wrong password is refused and the user stays on the login page', async ({ page }) => {
    await signIn(page, retriever.email, 'Mauvais2026!');
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
    await expect(page).toHaveURL(onLoginPage);
    // What was typed stays, so the user can correct it.
    await expect(loginForm(page).email).toHaveValue(retriever.email);
  });

  test('an unknown e-mail gets the same message, revealing nothing', async ({ page }) => {
    await signIn(page, 'personne@demo.fr');
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
    await expect(page).toHaveURL(onLoginPage);
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ stack }) => {
    await acceptTermsThroughApi(stack, producer.email);
  });

  test('an anonymous visit goes to the login page, then back where the user wanted', async ({
    page,
    stack,
  }) => {
    const [, wantedId] = await establishmentIdsOf(stack, producer.email);
    expect(wantedId).toBeDefined();
    await page.goto(`/?etablissement=${wantedId}`);
    await expect(page).toHaveURL(
      (url) => onLoginPage(url) && url.searchParams.get('redirect') === `/?etablissement=${wantedId}`,
    );

    await submitLogin(page, producer.email);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/' && url.searchParams.get('etablissement') === String(wantedId),
    );
    const wanted = (await ownEstablishmentsOf(stack, producer.email)).find((site) => site.id === wantedId);
    await expect(selectionBar(page).establishment).toHaveValue(wanted?.name ?? '');
  });

  test('signed in, the app starts in the login page’s own document, which keeps none of that page’s styles', async ({
    page,
  }) => {
    await signIn(page, producer.email);
    await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    const document = await page.evaluate(() => ({
      loadedAt: new URL(performance.getEntriesByType('navigation')[0]?.name ?? '').pathname,
      loginStyles: [...window.document.styleSheets].filter((sheet) => sheet.href?.includes('/assets/login/'))
        .length,
      roots: window.document.querySelectorAll('body > #root').length,
      loginForms: window.document.querySelectorAll('#login-form').length,
    }));
    expect(document).toEqual({ loadedAt: '/customer/Login', loginStyles: 0, roots: 1, loginForms: 0 });
    // The screen's own title, as the app's page gives it, and the app's manifest, as its page names it.
    const title = await page.title();
    expect(title).not.toContain('Connexion');
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Portail déchets', start_url: '/' });
    // The app works on from there: a screen of its menu, and back.
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Documents' })
      .click();
    await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
  });

  test('where the app’s script cannot be fetched from the login page, signed in, the app’s page loads', async ({
    page,
  }) => {
    await page.route(/\/assets\/main-[\w-]+\.js$/, (route) =>
      new URL(route.request().frame().url()).pathname === '/customer/Login'
        ? route.abort()
        : route.fallback(),
    );
    await signIn(page, producer.email);
    await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
    expect(
      await page.evaluate(() => new URL(performance.getEntriesByType('navigation')[0]?.name ?? '').pathname),
    ).toBe('/');
  });

  test('logging out from the header returns to the login page and closes the portal', async ({ page }) => {
    await signIn(page, producer.email);
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(onLoginPage);
    await expect(loginForm(page).submit).toBeVisible();
    // Leaving on purpose is not an expired session.
    await expect(page.getByText(messages.unauthenticated)).toHaveCount(0);

    await page.goto('/');
    await expect(page).toHaveURL(onLoginPage);
    await expect(loginForm(page).submit).toBeVisible();
  });

  test('a session revoked elsewhere sends the user to the login page', async ({ page, context, stack }) => {
    await signIn(page, producer.email);
    await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();

    const session = (await context.cookies()).find((cookie) => cookie.name === 'portal_session');
    expect(session?.httpOnly).toBe(true);
    const revoked = await fetch(`${stack.apiUrl}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session?.value}` },
    });
    expect(revoked.status).toBe(204);

    await page.reload();
    await expect(page).toHaveURL(onLoginPage);
    await expect(page.getByText(messages.unauthenticated)).toBeVisible();

    await submitLogin(page, producer.email);
    await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
  });
});
