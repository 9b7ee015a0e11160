import { messages } from '@portal/domain';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, producer, retriever, submitLogin } from './portal.ts';

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

test('the dashboard shell', async ({ page, stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await page.goto('/customer/Login');
  await submitLogin(page, producer.email);
  await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
