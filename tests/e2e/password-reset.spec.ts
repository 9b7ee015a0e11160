import type { Page } from '@playwright/test';
import { messages } from '@portal/domain';
import type { Mailbox } from '../support/mailbox.ts';
import { expect, test } from './fixtures.ts';
import { acceptTermsThroughApi, carrier, DEMO_PASSWORD, loginForm, submitLogin } from './portal.ts';

/**
 * SPEC 5: forgotten password. The carrier owns this journey on the shared portal: its password changes here, and
 * goes back to the demo one through a second link at the end, for the carrier's own journeys (carrier.spec.ts).
 */

const resetForm = (page: Page) => ({
  password: page.getByLabel(/^Nouveau mot de passe/),
  confirmation: page.getByLabel(/^Confirmation du mot de passe/),
  submit: page.getByRole('button', { name: 'Enregistrer le mot de passe' }),
});

test('an unknown e-mail is told that no account matches', async ({ page }) => {
  await page.goto('/customer/Password');
  await page.getByLabel('Adresse e-mail').fill('inconnu@demo.fr');
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByLabel('Adresse e-mail')).toHaveAccessibleDescription(messages.unknownAccount);
  await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
});

/** Follows the reset link of the next mail to the carrier and sets `password`; the reset link. */
async function resetThroughMail(page: Page, mailbox: Mailbox, password: string): Promise<string> {
  await page.goto('/customer/Password');
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 })).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(carrier.email);
  const mail = mailbox.waitFor(carrier.email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  const link = (await mail).text?.match(/https?:\/\/\S+\/customer\/Resetpassword\?\S+/)?.[0] ?? '';
  await page.goto(link);
  const form = resetForm(page);
  await form.password.fill(password);
  await form.confirmation.fill(password);
  await form.submit.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Votre mot de passe a été modifié.' }),
  ).toBeVisible();
  return link;
}

test('a forgotten password is replaced through the link of the e-mail, once', async ({
  page,
  mailbox,
  stack,
}) => {
  const newPassword = 'Nouveau-2026!';
  // The carrier's journeys accept its terms through the api too: whatever ran before, a login lands home.
  await acceptTermsThroughApi(stack, carrier.email);

  await page.goto('/customer/Login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customer/Password');
  // The URL changes before the new screen is drawn, and the login form on screen until then has an e-mail field of
  // the same name: fill in the field once the page that asks for the link is there.
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 })).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(carrier.email);
  const mail = mailbox.waitFor(carrier.email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Un e-mail contenant un lien' })).toHaveText(
    `Un e-mail contenant un lien de réinitialisation a été envoyé à ${carrier.email}. Ce lien est valable une heure.`,
  );

  const { subject, text } = await mail;
  expect(subject).toBe('Réinitialisation de votre mot de passe');
  const link = text?.match(/https?:\/\/\S+\/customer\/Resetpassword\?\S+/)?.[0];
  expect(link, 'the mail carries the reset link').toBeDefined();
  const resetLink = link ?? '';
  expect(new URL(resetLink).origin).toBe(new URL(page.url()).origin);

  await page.goto(resetLink);
  await expect(page).toHaveURL((url) => url.pathname === '/customer/Resetpassword');
  const form = resetForm(page);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe', level: 1 })).toBeVisible();

  // Each rule, with its own message tied to its field.
  await form.submit.click();
  await expect(form.password).toHaveAccessibleDescription(messages.passwordEmpty);
  await expect(form.confirmation).toHaveAccessibleDescription(messages.passwordConfirmEmpty);
  await form.password.fill('Court1!');
  await expect(form.password).toHaveAccessibleDescription(messages.passwordTooShort);
  await form.password.fill('toutenminuscules');
  await expect(form.password).toHaveAccessibleDescription(messages.passwordFormat);
  await form.password.fill(newPassword);
  await expect(form.password).not.toHaveAccessibleDescription(messages.passwordFormat);
  await expect(form.confirmation).toHaveAccessibleDescription(messages.passwordConfirmEmpty);
  await form.confirmation.fill(`${newPassword}x`);
  await expect(form.confirmation).toHaveAccessibleDescription(messages.passwordMismatch);
  await form.confirmation.fill(newPassword);
  await expect(form.confirmation).not.toHaveAccessibleDescription(messages.passwordMismatch);

  await form.submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre mot de passe a été modifié.' })).toHaveText(
    'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
  );
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customer/Login');

  await submitLogin(page, carrier.email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
  await loginForm(page).password.fill(newPassword);
  await loginForm(page).submit.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Bonjour Sophie', level: 1 })).toBeVisible();

  // The link was spent.
  await page.goto(resetLink);
  await form.password.fill(`${newPassword}2`);
  await form.confirmation.fill(`${newPassword}2`);
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(messages.resetLinkExpired);
  await page.getByRole('link', { name: 'Faire une nouvelle demande' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customer/Password');
  await expect(page.getByRole('button', { name: 'Recevoir le lien' })).toBeVisible();

  // A new request gives a new link that works: the carrier gets its demo password back.
  expect(await resetThroughMail(page, mailbox, DEMO_PASSWORD)).not.toBe(resetLink);
  await page.goto('/customer/Login');
  await submitLogin(page, carrier.email, DEMO_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
});
