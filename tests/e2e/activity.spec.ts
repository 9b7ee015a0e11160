import { messages, parisDate } from '@portal/domain';
import type { Stack } from '../../scripts/stack.ts';
import { expect, expectToast, recordToasts, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  containerJourneySite,
  displayName,
  producer,
  type RestSite,
  retriever,
  signInToDashboard,
  uniqueName,
} from './portal.ts';
import { fieldDate } from './screens.ts';

/**
 * My activity (SPEC 2, 3, 5, 8): the provider's outlet directory, its default outlets and treatments, and its
 * activity cost grid, and what they propose when it completes an operation and sets its costs. The journeys own
 * the containers and operations they create through the api, on the containers journeys' establishment.
 */

const dayAfter = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A cardboard container of the journeys' establishment, provided by the retriever, with a rotation asked today and
 * scheduled `inDays` from today; the operation's id.
 */
async function scheduledCardboardRotation(stack: Stack, site: RestSite, provider: RestSite, inDays: number) {
  const today = parisDate(new Date());
  const skip = await asAccount(stack, producer.email, async (api) => {
    const [waste] = await api.members<{ '@id': string }>(
      '/api/third_level_wastes?pagination=false&q=emballages carton',
    );
    return api.post<{ '@id': string }>('/api/skips', {
      name: uniqueName('Benne carton'),
      companySite: site['@id'],
      thirdLevelWaste: waste?.['@id'],
      provider: provider['@id'],
    });
  });
  const operation = await asAccount(stack, producer.email, (api) =>
    api.post<{ id: number }>('/api/operations', {
      skip: skip['@id'],
      type: 'RETIREMENT',
      requestedDate: today,
    }),
  );
  await asAccount(stack, retriever.email, (api) =>
    api.patch(`/api/operations/${operation.id}`, {
      status: 'SCHEDULED',
      interventionDate: dayAfter(today, inDays),
    }),
  );
  return operation.id;
}

// Each journey does a provider's whole day of work (several screens and mutations).
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await acceptTermsThroughApi(stack, retriever.email);
});

test('the provider adds an outlet, makes it the default of a client’s cardboard, and completing a cardboard rotation of that client proposes it; the client reads it', async ({
  page,
  stack,
  browser,
  baseURL,
}) => {
  const { site, provider } = await containerJourneySite(stack);
  const operationId = await scheduledCardboardRotation(stack, site, provider, 0);
  const outletName = uniqueName('Papeterie de Golbey');
  await signInToDashboard(page, retriever.email);

  // The directory: a new outlet, placed on its town; searched for, it is the only one.
  await page.goto('/activite/mes-exutoires');
  await page.getByRole('button', { name: 'Ajouter un exutoire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un exutoire' });
  // The dialog is drawn before asking whether it offers a choice of establishment.
  await expect(dialog.getByLabel("Nom de l'exutoire")).toBeVisible();
  if (await dialog.getByLabel('Établissement').count()) {
    await dialog.getByLabel('Établissement').selectOption({ label: displayName(provider) });
  }
  await dialog.getByLabel("Nom de l'exutoire").fill(outletName);
  await dialog.getByLabel('SIRET').fill('12345678901234');
  await expect(dialog.getByText(messages.siretLuhnWarning)).toBeVisible();
  await dialog.getByLabel('SIRET').fill('41234567800015');
  await dialog.getByLabel('Code postal').fill('88190');
  await dialog.getByLabel('Ville').fill('Golbey');
  await dialog.getByRole('checkbox', { name: 'R 3', exact: true }).check();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, messages.outletCreated);
  await page.getByLabel('Rechercher un exutoire').fill(outletName);
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole('row').filter({ hasText: outletName });
  await expect(row).toContainText('48.196, 6.437');
  await expect(row).toContainText('R 3');
  await expect(page.getByRole('row')).toHaveCount(2);

  // Its default for that client's cardboard (level 2, paper and cardboard), recycled there.
  await page.getByRole('navigation').getByRole('link', { name: 'Mes exutoires par défaut' }).click();
  await page
    .getByRole('region', { name: displayName(provider) })
    .getByRole('button', { name: 'Ajouter un exutoire par défaut' })
    .click();
  const defaults = page.getByRole('dialog', { name: 'Ajouter un exutoire par défaut' });
  await defaults.getByLabel('Client').selectOption({ label: displayName(site) });
  await defaults.getByLabel('Niveau de déchet').selectOption({ label: 'Niveau 2 (flux)' });
  await defaults
    .getByRole('combobox', { name: /^Déchet/ })
    .selectOption({ label: 'Déchets non dangereux › Papier-carton' });
  await defaults.getByLabel('Traitement').selectOption('R 3');
  await defaults.getByLabel('Qualification du traitement').selectOption({ label: 'Recyclage' });
  await defaults
    .getByRole('combobox', { name: /^Exutoire 1/ })
    .selectOption({ label: `${outletName} — Golbey` });
  await defaults.getByLabel('Répartition').fill('100');
  await defaults.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, messages.defaultOutletAdded);
  await expect(page.getByRole('row').filter({ hasText: outletName })).toContainText(displayName(site));

  // Completing the client's cardboard rotation: the outlet, its SIRET and town, and the treatment are proposed.
  await page.goto(`/operations/${operationId}`);
  const completion = page.getByRole('region', { name: "Compléter l'opération" });
  await expect(completion).toContainText('Proposé par vos exutoires par défaut : R 3 — Recyclage');
  const first = completion.getByRole('group', { name: 'Exutoire 1' });
  await expect(first.getByLabel('Nom')).toHaveValue(outletName);
  await expect(first.getByLabel('SIRET')).toHaveValue('41234567800015');
  await expect(first.getByLabel('Adresse')).toHaveValue('88190 Golbey');
  await expect(first.getByLabel('Code de traitement')).toHaveValue('R 3');
  await expect(first.getByLabel('Quantité')).toHaveValue('100');
  await completion.getByLabel('Quantité réelle réceptionnée (t)').fill('1,8');
  await completion.getByLabel("Date réelle d'intervention").fill(fieldDate(parisDate(new Date())));
  await completion.getByRole('button', { name: "Compléter l'opération" }).click();
  await expectToast(page, messages.operationCompleted);

  // The outlet is now used: deleting it is refused with SPEC 8's message and the reason.
  await page.goto(`/activite/mes-exutoires?q=${encodeURIComponent(outletName)}`);
  await page
    .getByRole('row')
    .filter({ hasText: outletName })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(messages.outletDeleteError)).toBeVisible();
  await expect(page.getByText(/Cet exutoire est utilisé par 1 opération/)).toBeVisible();

  // The client reads, from its own menu, the outlet its waste went to: nothing to change there.
  const producerContext = await browser.newContext({ baseURL });
  await recordToasts(producerContext);
  const producerPage = await producerContext.newPage();
  await signInToDashboard(producerPage, producer.email);
  await producerPage
    .getByRole('navigation')
    .getByRole('link', { name: 'Mes exutoires', exact: true })
    .click();
  await producerPage.getByLabel('Rechercher un exutoire').fill(outletName);
  const readOnlyRow = producerPage.getByRole('row').filter({ hasText: outletName });
  await expect(readOnlyRow).toContainText('R 3');
  await expect(readOnlyRow.getByRole('button')).toHaveCount(0);
  await expect(producerPage.getByRole('button', { name: /Ajouter/ })).toHaveCount(0);
  await producerContext.close();
});

test('the provider prices a cardboard transport from a day: proposed for an operation after it, not before; leaving with an unsaved edit is stopped', async ({
  page,
  stack,
}) => {
  const { site, provider } = await containerJourneySite(stack);
  const today = parisDate(new Date());
  const before = await scheduledCardboardRotation(stack, site, provider, 0);
  const after = await scheduledCardboardRotation(stack, site, provider, 3);
  await signInToDashboard(page, retriever.email);

  await page.goto('/activite/mes-couts-d-activite');
  const transport = page.getByLabel(`Coût de transport pour ${displayName(site)}, Emballages en carton`);
  await transport.fill('77,50');
  await expect(page.getByText('1 ligne modifiée')).toBeVisible();
  // Leaving with the edit unsaved is stopped; staying keeps it.
  await page.getByRole('navigation').getByRole('link', { name: 'Mes exutoires', exact: true }).click();
  const leave = page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });
  await expect(leave).toContainText(messages.unsavedCosts);
  await leave.getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/activite\/mes-couts-d-activite/);
  await expect(transport).toHaveValue('77,50');

  await page.getByLabel('Nouveaux prix valables à partir du').fill(fieldDate(dayAfter(today, 1)));
  await page.getByRole('button', { name: 'Valider les modifications' }).click();
  await expectToast(page, messages.costsSaved);
  await expect(page.getByText('1 ligne modifiée')).toHaveCount(0);

  // The operation after that day is proposed the new price; the one before is not.
  await page.goto(`/operations/${after}`);
  await page.getByRole('button', { name: 'Modifier les coûts' }).click();
  await expect(page.getByLabel('Coût de transport (€ HT / t)')).toHaveValue('77,5');
  await expect(page.getByText(`Prix de votre grille au ${fieldDate(dayAfter(today, 1))}`)).toBeVisible();
  await page.goto(`/operations/${before}`);
  await page.getByRole('button', { name: 'Modifier les coûts' }).click();
  await expect(page.getByLabel('Coût de transport (€ HT / t)')).not.toHaveValue(/^77,5/);
});
