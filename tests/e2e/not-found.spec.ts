import { messages } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, loginForm, producer, signIn } from './portal.ts';

test('an unknown path shows the 404 page, whose button leads to the dashboard', async ({ page, stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await signIn(page, producer.email);
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await page.goto('/nimporte-ou');
  await expect(page.getByRole('heading', { name: '404', level: 1 })).toBeVisible();
  await expect(page.getByText(messages.notFound)).toBeVisible();
  await expect(page).toHaveTitle(/Page introuvable/);

  await page.getByRole('link', { name: 'Accéder au tableau de bord' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
});

test('an anonymous visitor of an unknown path is sent to log in by its button', async ({ page }) => {
  await page.goto('/nimporte-ou/encore');
  await expect(page.getByText(messages.notFound)).toBeVisible();
  await page.getByRole('link', { name: 'Accéder au tableau de bord' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customer/Login');
  // The app leaves for the login page, a page of its own: the journey ends once it is loaded (a context closed
  // while that load begins hung Chromium's teardown, twice in CI).
  await expect(loginForm(page).email).toBeVisible();
});
