import type { Browser, Locator, Page } from '@playwright/test';
import { messages } from '@portal/domain';
import type { Stack } from '../../scripts/stack.ts';
import { seriousViolations } from './axe.ts';
import { browserUrl, expect, expectToast, recordToasts, backOfficeTest as test } from './fixtures.ts';
import { acceptTermsThroughApi, asAccount, type RestSite, retriever, signIn, submitLogin } from './portal.ts';

/**
 * The operator's back office (`/admin`), as the operator onboards a customer end to end: a company and two
 * establishments (one from a CSV file, whose bad line is refused), a user invited by mail who sets their password
 * and sees exactly those establishments, a collector linked to one of them (who then sees it among its clients),
 * the user deactivated while signed in (refused at once), and new terms that the next visit asks to accept. Runs
 * on its own portal: it publishes terms and changes who sees what.
 */

const ADMIN = 'admin@demo.fr';
const NEW_USER = 'marie.lemoine@patisseries-lemoine.fr';
const NEW_PASSWORD = 'Lemoine-2026!';

/** Signs the operator in (its terms accepted through the api: first visits are first-visit.spec.ts's). */
async function signInAsOperator(page: Page, stack: Stack): Promise<void> {
  await acceptTermsThroughApi(stack, ADMIN);
  await signIn(page, ADMIN);
  // An administrator's home is the back office.
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** Ticks a box as users do, through its label: Chakra draws the box over the native input. */
async function tick(scope: Locator, name: string): Promise<void> {
  await scope.getByText(name, { exact: true }).click();
  await expect(scope.getByRole('checkbox', { name, exact: true })).toBeChecked();
}

/** The row of an establishment in the company's table. */
const establishmentRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** A page of its own browser context: another person at another computer. */
async function otherPerson(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await recordToasts(context);
  return context.newPage();
}

test('the operator onboards a customer end to end, then deactivates its user and publishes new terms', async ({
  page,
  browser,
  backOfficeStack,
  mailbox,
}) => {
  test.setTimeout(240_000);
  const baseURL = browserUrl(backOfficeStack);
  await signInAsOperator(page, backOfficeStack);
  await expect(page.getByRole('heading', { level: 1, name: 'Sociétés' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A company, with the SIRET's check-digit warning while typing a wrong one.
  await page.getByRole('button', { name: 'Nouvelle société' }).click();
  const companyDialog = page.getByRole('dialog');
  await companyDialog.getByLabel(/^Raison sociale/).fill('Pâtisseries Lemoine');
  await companyDialog.getByLabel(/^SIRET/).fill('73282932000075');
  await expect(companyDialog.getByText(messages.siretLuhnWarning)).toBeVisible();
  await companyDialog.getByLabel(/^SIRET/).fill('73282932000074');
  await expect(companyDialog.getByText(messages.siretLuhnWarning)).toBeHidden();
  await companyDialog.getByRole('button', { name: 'Créer la société' }).click();
  await page.waitForURL((url) => /^\/admin\/societes\/\d+$/.test(url.pathname));
  await expect(page.getByRole('heading', { level: 1, name: 'Pâtisseries Lemoine' })).toBeVisible();

  // Its first establishment, one by one.
  await page.getByRole('button', { name: 'Nouvel établissement' }).click();
  const siteDialog = page.getByRole('dialog');
  await siteDialog.getByLabel(/^Nom/).fill('Boutique Bellecour');
  await siteDialog.getByLabel(/^Adresse/).fill('12 place Bellecour');
  await siteDialog.getByLabel(/^Code postal/).fill('69002');
  await siteDialog.getByLabel(/^Ville/).fill('Lyon');
  await tick(siteDialog, 'Producteur');
  await siteDialog.getByRole('button', { name: "Créer l'établissement" }).click();
  await expect(establishmentRow(page, 'Boutique Bellecour')).toHaveCount(1);

  // Its second from a CSV file whose other line is refused: nothing is imported until the bad line is skipped.
  const csv = {
    name: 'etablissements.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'nom;adresse;code_postal;ville;siret;typologies',
        'Atelier Vaise;4 rue de Bourgogne;69009;Lyon;;Producteur',
        'Dépôt sans code;1 rue Sans Code;6900;Lyon;;Producteur',
      ].join('\n'),
    ),
  };
  await page.getByRole('button', { name: 'Importer des établissements' }).click();
  const importDialog = page.getByRole('dialog');
  await importDialog.getByLabel(/^Fichier/).setInputFiles(csv);
  await expect(
    importDialog.getByText(messages.adminImportLine(3, 'Code postal', messages.postcodeFormat)),
  ).toBeVisible();
  const importButton = importDialog.getByRole('button', { name: /^Importer 1 établissement/ });
  await expect(importButton).toBeDisabled();
  await tick(importDialog, 'Ignorer les lignes en erreur');
  await importButton.click();
  await expectToast(page, messages.adminImportDone(1));
  await expect(establishmentRow(page, 'Atelier Vaise')).toHaveCount(1);
  await expect(establishmentRow(page, 'Dépôt sans code')).toHaveCount(0);

  // A user invited by mail.
  await page.goto('/admin/utilisateurs');
  await page.getByRole('button', { name: 'Inviter un utilisateur' }).click();
  const inviteDialog = page.getByRole('dialog');
  await inviteDialog.getByLabel(/^Adresse e-mail/).fill(NEW_USER);
  await inviteDialog.getByLabel(/^Prénom/).fill('Marie');
  await inviteDialog.getByLabel(/^Nom/).fill('Lemoine');
  await tick(inviteDialog, 'Producteur');
  const companies = inviteDialog.getByRole('combobox', { name: /^Sociétés/ });
  await companies.fill('Lemoine');
  // The search's answer replaces the first list: choose once only the company searched is offered. From the
  // keyboard: a click on the fresh option was once lost, the list still open (not reproduced in 12 runs since).
  await expect(page.getByRole('option')).toHaveCount(1);
  await companies.press('ArrowDown');
  await expect(page.getByRole('option', { name: /Pâtisseries Lemoine/ })).toHaveAttribute('data-highlighted');
  await companies.press('Enter');
  await expect(inviteDialog.getByRole('list', { name: 'Sociétés' })).toContainText('Pâtisseries Lemoine');
  const invitation = mailbox.waitFor(NEW_USER);
  await inviteDialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expectToast(page, messages.adminInvitationSent(NEW_USER));

  // Marie follows the mail's link, chooses her password and signs in: she sees exactly the two establishments.
  const mail = await invitation;
  const link = mail.text?.match(/https?:\/\/\S+\/customer\/Invitation\?\S+/)?.[0] ?? '';
  expect(link, 'the mail carries the invitation link').not.toBe('');
  const marie = await otherPerson(browser, baseURL);
  await marie.goto(link);
  await expect(marie.getByRole('heading', { level: 1, name: 'Bienvenue sur le portail' })).toBeVisible();
  await marie.getByLabel(/^Mot de passe/).fill(NEW_PASSWORD);
  await marie.getByLabel(/^Confirmation du mot de passe/).fill(NEW_PASSWORD);
  await marie.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  // The link comes once her password is saved; it loads the login page (a page of its own, which the app leaves
  // for), where she signs in.
  await marie.getByRole('link', { name: 'Se connecter' }).click();
  await acceptTermsThroughApi(backOfficeStack, NEW_USER, NEW_PASSWORD);
  await submitLogin(marie, NEW_USER, NEW_PASSWORD);
  await marie.waitForURL((url) => url.pathname === '/');
  await marie.goto('/mes-etablissements');
  const rows = marie.getByRole('main').getByRole('row').filter({ hasText: 'Pâtisseries Lemoine' });
  await expect(rows).toHaveCount(2);
  await expect(marie.getByRole('main')).toContainText('Boutique Bellecour');
  await expect(marie.getByRole('main')).toContainText('Atelier Vaise');

  // The demo collector is linked to the boutique: it now sees it among its clients.
  const [collectorSite] = await asAccount(backOfficeStack, retriever.email, (api) =>
    api.members<RestSite>('/api/users/me/company_sites?pagination=false'),
  );
  await page.goto('/admin/liens');
  await page.getByRole('button', { name: 'Nouveau lien' }).click();
  const linkDialog = page.getByRole('dialog');
  await linkDialog.getByRole('combobox', { name: /^Établissement du producteur/ }).fill('Bellecour');
  await page.getByRole('option', { name: /Boutique Bellecour/ }).click();
  await linkDialog
    .getByRole('combobox', { name: /^Établissement du prestataire/ })
    .fill(collectorSite?.name ?? '');
  await page
    .getByRole('option', { name: new RegExp(collectorSite?.name ?? '') })
    .first()
    .click();
  await linkDialog.getByRole('button', { name: 'Créer le lien' }).click();
  await expectToast(page, 'Le lien a bien été créé.');
  await acceptTermsThroughApi(backOfficeStack, retriever.email);
  const collector = await otherPerson(browser, baseURL);
  await signIn(collector, retriever.email);
  await collector.waitForURL((url) => url.pathname === '/');
  await collector.goto('/mes-clients');
  await expect(collector.getByRole('main')).toContainText('Boutique Bellecour');

  // Marie's account is deactivated while she is signed in: her next request is refused, and she is back at login.
  await page.goto('/admin/utilisateurs');
  await page.getByRole('link', { name: /Marie Lemoine/ }).click();
  await page.getByRole('button', { name: 'Désactiver' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Désactiver' }).click();
  await expect(page.getByText('Désactivé').first()).toBeVisible();
  await marie.goto('/mes-etablissements');
  await marie.waitForURL((url) => url.pathname.toLowerCase() === '/customer/login');
  // On the login page the app left for (opening it again would race with that load).
  await submitLogin(marie, NEW_USER, NEW_PASSWORD);
  await expect(marie.getByText(messages.accountDeactivated)).toBeVisible();

  // New terms: the collector's next visit asks to accept them.
  await page.goto('/admin/textes');
  await page
    .getByRole('button', { name: /Publier une nouvelle version/ })
    .first()
    .click();
  const termsDialog = page.getByRole('dialog');
  await termsDialog.getByLabel(/^Titre/).fill("Conditions générales d'utilisation");
  await termsDialog.getByLabel(/^Contenu/).fill('# Article 1\n\nLe portail accueille le back-office.');
  await expect(termsDialog.getByRole('heading', { name: 'Article 1' })).toBeVisible();
  await termsDialog.getByRole('button', { name: /^Publier/ }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Publier/ })
    .click();
  await expectToast(page, messages.adminTermsPublished);
  await collector.goto('/');
  await collector.waitForURL((url) => url.pathname === '/cgu');
  await expect(collector.getByText('Le portail accueille le back-office.')).toBeVisible();

  // The operator is a user too: it accepts them, then reads the audit trail, which tells it all.
  await page.goto('/admin/journal');
  await page.waitForURL((url) => url.pathname === '/cgu');
  await page.getByText("J'ai lu et j'accepte les conditions générales d'utilisation").click();
  await page.getByRole('button', { name: 'Accepter et accéder au portail' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  await page.goto('/admin/journal');
  await expect(page.getByRole('main')).toContainText('Texte légal publié');
  await expect(page.getByRole('main')).toContainText('Utilisateur modifié');
  await expect(page.getByRole('main')).toContainText('Établissements importés');
});

test('a customer account does not find the back office', async ({ page, backOfficeStack }) => {
  await acceptTermsThroughApi(backOfficeStack, retriever.email);
  await signIn(page, retriever.email);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation').getByText('Administration')).toHaveCount(0);
  for (const path of ['/admin', '/admin/utilisateurs', '/admin/journal']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Page introuvable')).toBeVisible();
  }
});
