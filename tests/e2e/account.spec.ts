import type { Page } from '@playwright/test';
import { messages, parisDate } from '@portal/domain';
import { expect, expectToast, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  apiLogin,
  apiLogout,
  asAccount,
  completeContainer,
  DEMO_PASSWORD,
  producer,
  retriever,
  signInToDashboard,
  uniqueName,
} from './portal.ts';
import { fieldDate, mainNavigation } from './screens.ts';

/**
 * SPEC 2, 3, 5 and 8: the user's own account. The producer edits its profile, ends another session, changes its
 * password (and puts the demo one back), turns one kind of notification off, receives the mail of a request its
 * provider schedules (at its redirect address, through the test's SMTP server) and sees it under the bell, and
 * writes to the support.
 */

const REDIRECT = 'alertes.producteur@demo.fr';
const SUPPORT = 'support@localhost';

// Each journey is a whole story (two or three browsers, mails): more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await acceptTermsThroughApi(stack, retriever.email);
});

const profileForm = (page: Page) => {
  const information = page.getByRole('region', { name: 'Mes informations' });
  const password = page.getByRole('region', { name: 'Mot de passe' });
  return {
    information,
    phone: information.getByLabel('Téléphone'),
    redirect: information.getByLabel('Adresse de réception des notifications'),
    save: information.getByRole('button', { name: 'Enregistrer' }),
    current: password.getByLabel(/^Mot de passe actuel/),
    password: password.getByLabel(/^Nouveau mot de passe/),
    confirmation: password.getByLabel(/^Confirmation du nouveau mot de passe/),
    change: password.getByRole('button', { name: 'Changer le mot de passe' }),
    sessions: page.getByRole('region', { name: 'Sessions ouvertes' }),
  };
};

test('the producer edits its profile, ends another session and changes its password', async ({
  page,
  stack,
}) => {
  // Another session of the producer's: a script's, whose token stops working when the session ends.
  const stillSignedIn = async (token: string) =>
    (await fetch(`${stack.apiUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  const other = await apiLogin(stack, producer.email);

  await signInToDashboard(page, producer.email);
  await page.goto('/mon-profil');
  // The first screen after signing in shares the api with the dashboard's figures, still loading.
  await expect(page.getByRole('heading', { name: 'Mon profil', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(mainNavigation(page).getByRole('link', { name: 'Mon profil' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const form = profileForm(page);

  // SPEC 5: a phone is an optional plus then digits.
  await form.phone.fill('06 12 34 56 78');
  await form.save.click();
  await expect(form.phone).toHaveAccessibleDescription(messages.phoneFormat);
  await form.phone.fill('+33612345678');
  await form.redirect.fill(REDIRECT);
  await form.save.click();
  await expectToast(page, messages.profileUpdated);
  await form.save.click();
  await expect(form.information.getByText(messages.noChange)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ma société' })).toContainText('Établissements associés');

  // The other session, ended from the list after a confirmation (this one cannot be ended there).
  await expect(form.sessions.getByRole('row').filter({ hasText: 'Cette session' })).toHaveCount(1);
  await form.sessions.getByRole('button', { name: 'Fermer la session Autre appareil' }).first().click();
  const confirm = page.getByRole('alertdialog', { name: 'Fermer cette session ?' });
  await confirm.getByRole('button', { name: 'Fermer' }).click();
  await expectToast(page, messages.sessionEnded);
  expect(await stillSignedIn(other.token)).toBe(401);

  // The password: the current one is checked, every SPEC 5 rule is told, and the other sessions end.
  const another = await apiLogin(stack, producer.email);
  const newPassword = 'Profil-2026!';
  await form.current.fill('mauvais');
  await form.password.fill('court');
  await expect(form.password).toHaveAccessibleDescription(messages.passwordTooShort);
  await form.password.fill('toutenminuscules');
  await expect(form.password).toHaveAccessibleDescription(messages.passwordFormat);
  await form.password.fill(newPassword);
  await form.confirmation.fill(`${newPassword}x`);
  await expect(form.confirmation).toHaveAccessibleDescription(messages.passwordMismatch);
  await form.confirmation.fill(newPassword);
  await form.change.click();
  await expect(form.current).toHaveAccessibleDescription(messages.currentPasswordWrong);
  await form.current.fill(DEMO_PASSWORD);
  await form.change.click();
  await expectToast(page, messages.passwordUpdated);
  expect(await stillSignedIn(another.token)).toBe(401);
  await expect(page.getByRole('heading', { name: 'Mon profil', level: 1 })).toBeVisible();
  await expect(apiLogin(stack, producer.email)).rejects.toThrow(/401/);
  await apiLogout(stack, (await apiLogin(stack, producer.email, newPassword)).token);

  // The demo password back, for the other journeys.
  await form.current.fill(newPassword);
  await form.password.fill(DEMO_PASSWORD);
  await form.confirmation.fill(DEMO_PASSWORD);
  await form.change.click();
  await expectToast(page, messages.passwordUpdated);
});

test('a scheduled request reaches the producer by mail and under the bell, a kind turned off sends nothing; the support gets the contact form', async ({
  page,
  stack,
  mailbox,
}) => {
  const today = parisDate(new Date());
  const name = uniqueName('Benne avis');
  const { skip } = await completeContainer(stack, name);
  // Ordered, a container waits for its delivery: another one is delivered.
  const delivered = await completeContainer(stack, uniqueName('Benne livrée'));
  await asAccount(stack, producer.email, (api) =>
    api.patch(`/api/users/${api.userId}`, { notificationEmail: REDIRECT, phone: '+33612345678' }),
  );

  // The producer turns off the mails of scheduled deliveries.
  await signInToDashboard(page, producer.email);
  await page.goto('/mon-profil/notifications');
  await expect(page.getByRole('heading', { name: 'Mes notifications', level: 1 })).toBeVisible();
  await expect(page.getByText(`Les e-mails sont envoyés à ${REDIRECT}.`)).toBeVisible();
  const deliveries = page.getByRole('checkbox', {
    name: 'Recevoir un e-mail : Livraison de contenant programmée',
  });
  await expect(deliveries).toBeChecked();
  await deliveries.uncheck({ force: true });
  await page.getByRole('button', { name: 'Enregistrer mes préférences' }).click();
  await expectToast(page, messages.notificationSettingsSaved);

  // The provider schedules a delivery (turned off), then the producer's rotation request (the operations journey
  // does it in the provider's browser).
  const deliveryId = await asAccount(stack, producer.email, async (api) => {
    const ordered = await api.post<{ 'hydra:member': { id: number }[] }>('/api/skip_deliveries', {
      skip: delivered.skip['@id'],
      requestedDate: today,
    });
    await api.post('/api/operations', { skip: skip['@id'], type: 'ROTATION', requestedDate: today });
    return ordered['hydra:member'][0]?.id;
  });
  await asAccount(stack, retriever.email, async (api) => {
    await api.patch(`/api/skip_deliveries/${deliveryId}`, { status: 'AWAITING_SCHEDULING' });
    await api.patch(`/api/skip_deliveries/${deliveryId}`, { status: 'SCHEDULED', scheduledDate: today });
  });
  const mail = mailbox.waitFor(REDIRECT, { timeoutMs: 20_000 });
  await asAccount(stack, retriever.email, async (api) => {
    const [operation] = await api.members<{ id: number }>(
      `/api/operations?pagination=false&skip=${encodeURIComponent(skip['@id'])}`,
    );
    await api.patch(`/api/operations/${operation?.id}`, { status: 'SCHEDULED', interventionDate: today });
  });
  const received = await mail;
  const title = `Intervention programmée le ${fieldDate(today)}`;
  expect(received.subject).toBe(title);
  expect(received.text).toContain(name);
  expect(received.text).toMatch(/http:\/\/localhost:\d+\/operations\/\d+/);
  // The delivery was scheduled first: its mail, had it been sent, would have come before.
  expect(mailbox.messages.filter((message) => message.subject?.startsWith('Livraison programmée'))).toEqual(
    [],
  );

  // The bell counts it, shows it, and it is read once opened.
  await page.reload();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications : \d+ non lues$/ });
  await bell.click();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('link').filter({ hasText: title }).filter({ hasText: name })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }),
  ).toBeVisible();

  // The contact form goes to the support with the producer's details.
  await mainNavigation(page).getByRole('link', { name: 'Contact' }).click();
  const message = `Question sur ${name}`;
  await page.getByLabel(/^Votre message/).fill(message);
  await page.getByRole('radio', { name: 'Par téléphone (+33612345678)' }).check({ force: true });
  const supportMail = mailbox.waitFor(SUPPORT);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/contact/success');
  await expect(page.getByRole('heading', { name: 'Message envoyé', level: 1 })).toBeVisible();
  const toSupport = await supportMail;
  expect(toSupport.text).toContain(message);
  expect(toSupport.text).toContain('Contact souhaité : Par téléphone');
  expect(toSupport.replyTo?.text).toContain(producer.email);

  await asAccount(stack, producer.email, async (api) => {
    await api.patch(`/api/users/${api.userId}`, { notificationEmail: null });
  });
});
