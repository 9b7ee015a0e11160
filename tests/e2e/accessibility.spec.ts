import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { messages } from '@portal/domain';
import { test as base, expect } from './fixtures.ts';
import { acceptTermsThroughApi, producer, retriever, submitLogin } from './portal.ts';

/** WCAG 2.1 AA (SPEC 6): no serious or critical violation on the screens of the skeleton. */

// AxeBuilder needs a page of a context created with browser.newContext().
const test = base.extend<{ axePage: Page }>({
  axePage: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await use(await context.newPage());
    await context.close();
  },
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test('the login page, also with its error', async ({ axePage: page }) => {
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

test('the terms page before acceptance', async ({ axePage: page }) => {
  // The retriever never accepts the terms on the shared portal.
  await page.goto('/customer/Login');
  await submitLogin(page, retriever.email);
  await expect(page.getByRole('button', { name: 'Accepter et accéder au portail' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the dashboard shell', async ({ axePage: page, stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await page.goto('/customer/Login');
  await submitLogin(page, producer.email);
  await expect(page.getByRole('heading', { name: 'Bonjour Claire', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
