import type { Page } from '@playwright/test';
import { messages } from '@portal/domain';
import { seriousViolations } from './axe.ts';
import { expect, firstVisitTest as test } from './fixtures.ts';
import { carrier, chantier, producer, retriever, submitLogin } from './portal.ts';
import { selectionBar } from './screens.ts';

/**
 * SPEC 2 and 5: the first login goes through the terms, then the dashboard shell of the user's typology. Runs
 * on the first-visit portal, where no account has accepted the terms yet; each account visits once. The terms
 * page is checked with axe here (WCAG 2.1 AA, SPEC 6), since it shows only before acceptance.
 */

const selectedEstablishmentCard = (page: Page) =>
  page.getByRole('region', { name: 'Établissement sélectionné' });

const firstVisits = [
  {
    account: producer,
    fullName: 'Claire Martin',
    firstname: 'Claire',
    navigation: { shown: ['Mes prestataires'], hidden: ['Mes clients'] },
    // Three establishments: none is chosen for the user.
    async checkSelection(page: Page) {
      const selection = selectionBar(page);
      await expect(selection.establishment).toHaveValue('');
      await selection.establishment.click();
      await expect(selection.siteOptions).toHaveCount(3);
      await page.keyboard.press('Escape');
      expect(new URL(page.url()).searchParams.has('etablissement')).toBe(false);
      await expect(selectedEstablishmentCard(page)).toContainText(
        'Choisissez un établissement dans le sélecteur en haut de page pour afficher ses informations.',
      );
    },
  },
  {
    account: retriever,
    fullName: 'Julien Bernard',
    firstname: 'Julien',
    navigation: { shown: ['Mes clients'], hidden: ['Mes prestataires'] },
  },
  {
    account: carrier,
    fullName: 'Sophie Garnier',
    firstname: 'Sophie',
    // A carrier reads what it carries: its establishments, its clients, its pick-ups; no monthly figures.
    navigation: {
      shown: ['Mes établissements', 'Mes clients', 'Mes enlèvements'],
      hidden: ['Mes prestataires', 'Détail du mois', 'Opérations'],
    },
  },
  {
    account: chantier,
    fullName: 'Thomas Petit',
    firstname: 'Thomas',
    navigation: { shown: ['Mes prestataires'], hidden: ['Mes clients'] },
    // Two chantiers of one establishment: that establishment is selected, in the URL and the selector.
    async checkSelection(page: Page, siteId: number | undefined) {
      expect(siteId).toBeDefined();
      await expect(page).toHaveURL((url) => url.searchParams.get('etablissement') === String(siteId));
      await expect(selectionBar(page).establishment).not.toHaveValue('');
      await expect(selectedEstablishmentCard(page).getByText(/^SIRET \d+/)).toBeVisible();
    },
  },
];

for (const { account, fullName, firstname, navigation, checkSelection } of firstVisits) {
  test(`${account.email} accepts the terms at first login and reaches the ${account.typology} dashboard`, async ({
    page,
    firstVisitStack,
  }) => {
    await page.goto('/customer/Login');
    await expect(page.getByRole('heading', { name: 'Connexion', level: 1 })).toBeVisible();
    await submitLogin(page, account.email);

    await expect(page).toHaveURL(/\/cgu$/);
    await expect(
      page.getByRole('heading', { name: "Conditions générales d'utilisation", level: 1 }),
    ).toBeVisible();
    const accept = page.getByRole('button', { name: 'Accepter et accéder au portail' });
    const consent = page.getByRole('checkbox', {
      name: "J'ai lu et j'accepte les conditions générales d'utilisation",
    });
    expect(await seriousViolations(page)).toEqual([]);
    await accept.click();
    await expect(consent).toHaveAccessibleDescription(messages.cguRequired);
    await expect(page).toHaveURL(/\/cgu$/);

    // The box is drawn over the native input: users tick it through its label.
    await page.getByText("J'ai lu et j'accepte les conditions générales d'utilisation").click();
    await expect(consent).toBeChecked();
    await expect(consent).not.toHaveAccessibleDescription(messages.cguRequired);
    await accept.click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: `Bonjour ${firstname}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByText(fullName, { exact: true })).toBeVisible();
    const mainNavigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(mainNavigation.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
    for (const entry of navigation.shown) await expect(mainNavigation.getByText(entry)).toBeVisible();
    for (const entry of navigation.hidden) await expect(mainNavigation.getByText(entry)).toHaveCount(0);
    await checkSelection?.(page, firstVisitStack.api.demo?.chantierSiteId);
  });
}
