import { messages } from '@portal/domain';
import { persistedId } from '../persisted.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, producer, retriever, submitLogin } from './portal.ts';

/** The persisted id of the dashboard figures' query. */
const figuresQueryId = persistedId('DashboardFiguresQuery');

/**
 * WCAG 2.1 AA (SPEC 6): no serious or critical violation on the screens of the skeleton. The terms page is
 * checked before acceptance during each first visit (first-visit.spec.ts), the only place it shows then.
 */

test('the login page, also with its error', async ({ page }) => {
  await page.goto('/customer/Login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await submitLogin(page, retriever.email, 'Mauvais2026!');
  await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the dashboard shell, while its figures load and once they are there', async ({ page, stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  // The figures' answer is held until the loading state has been checked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes(figuresQueryId)) await held;
    await route.continue();
  });
  await page.goto('/customer/Login');
  await submitLogin(page, producer.email);
  await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chargement…' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  release();
  await expect(page.getByRole('combobox', { name: 'Année' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the monthly view, its figures, its table of wastes and its charts', async ({ page, stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await page.goto('/customer/Login');
  await submitLogin(page, producer.email);
  await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
  // A month of the demo history: the figures, the wastes down to their codes and the charts are all there.
  await page.goto('/details?annee=2025&mois=6');
  await expect(page.getByRole('heading', { name: 'Indicateurs de juin 2025' })).toBeVisible();
  // The charts are drawn as the user scrolls down to them.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('heading', { name: 'Coûts par jour' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // An empty month says so, accessibly too.
  await page.goto('/details?annee=2019&mois=6');
  await expect(page.getByRole('heading', { name: 'Aucune opération réalisée en juin 2019' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
