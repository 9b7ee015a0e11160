import type { Page } from '@playwright/test';
import {
  expandRecurrence,
  horizonEnd,
  messages,
  OPERATION_ACTIONS,
  parisDate,
  type Weekday,
} from '@portal/domain';
import { expect, expectToast, recordToasts, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  carrier,
  completeContainer,
  containerJourneySite,
  ownEstablishmentsOf,
  producer,
  retriever,
  signInToDashboard,
  uniqueName,
} from './portal.ts';
import { fieldDate } from './screens.ts';

/**
 * SPEC 2, 3, 4, 5 and 8 (issues 4 and 5): the work a producer asks of its provider. A producer asks for a
 * rotation, the provider accepts and schedules it, completes it with two final outlets (a split of 90 % is
 * refused), the producer validates it and finds it in the history; a retirement is asked and cancelled. These
 * journeys own the containers they create through the api (portal.ts), and the operations on them.
 */

/** How the program preview writes a date: `lundi 2 mars 2026`. */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'full' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** The calendar day before `iso` (`YYYY-MM-DD`). */
const dayBefore = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The row of an operation of that container in the page's list. */
const operationRow = (page: Page, containerName: string) =>
  page.getByRole('row').filter({ hasText: containerName });

/** A move's button in a row or on the detail page: its accessible name starts with the move's label. */
const moveButton = (scope: ReturnType<Page['locator']> | Page, action: keyof typeof OPERATION_ACTIONS) =>
  scope.getByRole('button', { name: new RegExp(`^${OPERATION_ACTIONS[action].label} : `) });

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
  await acceptTermsThroughApi(stack, retriever.email);
});

test('a rotation goes from the producer to its provider and back: asked, scheduled, completed, validated', async ({
  page,
  browser,
  baseURL,
  stack,
}) => {
  const name = uniqueName('Benne palettes');
  const { site } = await completeContainer(stack, name);
  const today = parisDate(new Date());
  const carrierSite = (await ownEstablishmentsOf(stack, carrier.email)).find((candidate) =>
    site.linkedCompanySites.includes(candidate['@id']),
  );
  if (!carrierSite) throw new Error('no carrier is linked to the journeys’ establishment');

  // The producer asks for a rotation from the container's card.
  await signInToDashboard(page, producer.email);
  await page.goto(`/operations?etablissement=${site.id}`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Demander une rotation du contenant ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Demander une rotation : ${name}` });
  await expect(dialog.getByLabel("Date d'intervention souhaitée")).toHaveValue(fieldDate(today));
  await dialog.getByLabel('Commentaire pour le prestataire').fill('Accès par le portail nord');
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText(messages.rotationRequested)).toBeVisible();
  await expect(card).toContainText('Rotation demandée');
  // Nothing can be asked twice: the card offers no second request.
  await expect(card.getByRole('button', { name: /^Demander/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Demandes' }).click();
  const requested = operationRow(page, name);
  await expect(requested).toContainText('Demande en cours');
  await expect(moveButton(requested, 'cancel')).toBeVisible();

  // The provider, in its own browser, finds the request waiting for it, accepts and schedules it.
  const providerContext = await browser.newContext({ baseURL });
  await recordToasts(providerContext);
  try {
    const providerPage = await providerContext.newPage();
    await signInToDashboard(providerPage, retriever.email);
    await providerPage.goto('/mes-enlevements/operations-a-valider');
    const incoming = operationRow(providerPage, name);
    await expect(incoming).toContainText('Demande en cours');
    await moveButton(incoming, 'schedule').click();
    const schedule = providerPage.getByRole('dialog');
    const interventionDate = schedule.getByLabel("Date d'intervention");
    // Asked today: the calendar offers no earlier day and the field names the first one; a day before, typed, is
    // refused under the field.
    await expect(interventionDate).toHaveAccessibleDescription(`Au plus tôt le ${fieldDate(today)}.`);
    await interventionDate.fill(fieldDate(dayBefore(today)));
    await schedule.getByRole('button', { name: OPERATION_ACTIONS.schedule.label }).click();
    await expect(interventionDate).toHaveAccessibleDescription(messages.interventionBeforeRequest);
    await expect(schedule).toBeVisible();
    await expect(interventionDate).toHaveValue(fieldDate(dayBefore(today)));
    await interventionDate.fill(fieldDate(today));
    await schedule.getByRole('button', { name: OPERATION_ACTIONS.schedule.label }).click();
    await expectToast(providerPage, messages.operationScheduled);
    await expect(schedule).toHaveCount(0);
    await expect(incoming).toContainText('Programmée');

    // It completes the operation on its detail page: a split of 50 % and 40 % is refused, 60 % and 40 % goes.
    await moveButton(incoming, 'complete').click();
    await expect(providerPage).toHaveURL(/\/operations\/\d+(\?[^#]*)?#realisation$/);
    const completion = providerPage.getByRole('region', { name: "Compléter l'opération" });
    await completion.getByLabel('Quantité réelle réceptionnée (t)').fill('2,46');
    await completion.getByLabel("Date réelle d'intervention").fill(fieldDate(today));
    await completion.getByLabel('Numéro de BSD').fill('BSD-2026-000123');
    // The carrier linked to the site carries it: chosen among the portal's establishments, it will see it.
    await completion
      .getByRole('combobox', { name: 'Transporteur', exact: true })
      .selectOption({ label: `${carrierSite.companyName} — ${carrierSite.name}` });
    await completion.getByLabel('N° de récépissé du transporteur').fill('2026/T/69/0042');
    const first = completion.getByRole('group', { name: 'Exutoire 1' });
    await first.getByLabel('Nom').fill('Papeterie du Rhône');
    await first.getByLabel('SIRET').fill('73282932000074');
    await first.getByLabel('Code de traitement').selectOption('R 3');
    // R 3 allows recycling or other recovery: the register needs which.
    await first.getByLabel('Qualification du traitement').selectOption({ label: 'Recyclage' });
    await first.getByLabel('Quantité').fill('50');
    await completion.getByRole('button', { name: 'Ajouter un exutoire' }).click();
    const second = completion.getByRole('group', { name: 'Exutoire 2' });
    await second.getByLabel('Nom').fill('Chaufferie biomasse de Lyon');
    await second.getByLabel('Code de traitement').selectOption('R 1');
    await second.getByLabel('Quantité').fill('40');
    await expect(completion).toContainText('Total réparti : 90 %');
    await completion.getByRole('button', { name: "Compléter l'opération" }).click();
    await expect(completion.getByRole('alert')).toHaveText(messages.outletQuantitiesSum);

    // Saved as it is to resume later: the status stays, the values come back on the next visit.
    await completion.getByRole('button', { name: 'Enregistrer et reprendre plus tard' }).click();
    await expect(providerPage.getByText(messages.informationSaved)).toBeVisible();
    await providerPage.reload();
    await expect(completion.getByLabel('Quantité réelle réceptionnée (t)')).toHaveValue('2,46');
    await expect(first.getByLabel('Quantité')).toHaveValue('50');
    await first.getByLabel('Quantité').fill('60');
    await expect(completion).toContainText('Total réparti : 100 %');
    await completion.getByRole('button', { name: "Compléter l'opération" }).click();
    await expectToast(providerPage, messages.operationCompleted);
    await expect(completion).toHaveCount(0);
    const summary = providerPage.getByRole('article');
    await expect(summary).toContainText('Complétée, à valider');
    await expect(summary).toContainText('Papeterie du Rhône');
    await expect(summary).toContainText('60 %');
    await expect(summary.getByRole('row', { name: /Chaufferie biomasse de Lyon/ })).toContainText(
      'Valorisation énergétique',
    );
    // The carrier as the register names it: its company, its SIRET and its address, with the receipt number.
    const realisation = summary.getByRole('region', { name: 'Réalisation' });
    await expect(realisation).toContainText(carrierSite.companyName);
    await expect(realisation).toContainText(carrierSite.siret ?? '');
    await expect(realisation).toContainText('2026/T/69/0042');

    // The provider sets the costs per tonne; the totals for the 2,46 t follow, exactly.
    const costs = providerPage.getByRole('region', { name: 'Coûts' });
    await costs.getByRole('button', { name: 'Modifier les coûts' }).click();
    await costs.getByLabel('Coût de traitement (€ HT / t)').fill('85,50');
    await costs.getByLabel('Coût de transport (€ HT / t)').fill('-4');
    await costs.getByRole('button', { name: 'Enregistrer les coûts' }).click();
    await expect(costs.getByText(messages.negativeValue)).toBeVisible();
    await costs.getByLabel('Coût de transport (€ HT / t)').fill('42');
    await costs.getByRole('button', { name: 'Enregistrer les coûts' }).click();
    await expectToast(providerPage, messages.costsSaved);
    await expect(costs.getByRole('row', { name: /Coût de traitement/ })).toContainText('210,33 € HT');
    await expect(costs.getByRole('row', { name: /Coût de transport/ })).toContainText('103,32 € HT');
  } finally {
    await providerContext.close();
  }

  // The producer validates it from what waits for it, then finds it in the history as realised.
  await page.goto('/mes-enlevements/operations-a-valider');
  const toValidate = operationRow(page, name);
  await expect(toValidate).toContainText('Complétée, à valider');
  await moveButton(toValidate, 'validate').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('2,46 t');
  await confirm.getByRole('button', { name: OPERATION_ACTIONS.validate.label }).click();
  await expectToast(page, messages.operationValidated);
  // Validated, it no longer waits for the producer: it leaves the list at once.
  await expect(toValidate).toHaveCount(0);

  await page.goto(`/operations/historique?etablissement=${site.id}`);
  await page.getByLabel('Afficher').selectOption({ label: 'Validées' });
  await expect(page).toHaveURL(/filtre=validees/);
  const done = operationRow(page, name);
  await expect(done).toContainText('Réalisée');
  await done.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rotation n°');
  await expect(page.getByRole('article')).toContainText('BSD-2026-000123');
  await expect(page.getByRole('article')).toContainText('Chaufferie biomasse de Lyon');
  // The producer sees the costs, and may not change them.
  const producerCosts = page.getByRole('region', { name: 'Coûts' });
  await expect(producerCosts.getByRole('row', { name: /Coût de traitement/ })).toContainText('210,33 € HT');
  await expect(producerCosts.getByRole('button', { name: 'Modifier les coûts' })).toHaveCount(0);
  // The carrier it was named to carry it reads it (its screens: carrier.spec.ts).
  const carried = await asAccount(stack, carrier.email, (api) =>
    api.members<{ skipName: string | null; status: string; transporterSite: string | null }>(
      `/api/operations?pagination=false&transporterSite[]=${carrierSite.id}&status[]=REALISED`,
    ),
  );
  expect(carried.find((operation) => operation.skipName === name)).toMatchObject({
    transporterSite: carrierSite['@id'],
  });

  // The container is free again for the next request.
  await page.goto(`/operations?etablissement=${site.id}`);
  await expect(page.getByRole('article', { name })).not.toContainText('Rotation');
});

test('a producer asks for the retirement of a container, then cancels it; the history shows it cancelled', async ({
  page,
  stack,
}) => {
  const name = uniqueName('Benne retrait');
  const { site } = await completeContainer(stack, name);
  await signInToDashboard(page, producer.email);
  await page.goto(`/operations?etablissement=${site.id}`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Demander le retrait définitif du contenant ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Demander le retrait définitif : ${name}` });
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText(messages.skipRetirementRequested)).toBeVisible();
  await expect(card).toContainText('Retrait demandé');

  await page.getByRole('link', { name: 'Demandes' }).click();
  const row = operationRow(page, name);
  await expect(row).toContainText('Retrait définitif');
  await moveButton(row, 'cancel').click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: "Annuler l'opération" }).click();
  await expectToast(page, messages.operationCancelled);
  // Cancelled, it is no longer a request in progress: it leaves the list at once.
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Historique' }).click();
  await page.getByLabel('Afficher').selectOption({ label: 'Annulées' });
  await expect(operationRow(page, name)).toContainText('Annulée');
  await page.getByLabel('Afficher').selectOption({ label: 'Demandées' });
  await expect(
    page.getByText('Aucune opération ne correspond à ce filtre.').or(page.getByRole('table')),
  ).toBeVisible();
  await expect(operationRow(page, name)).toHaveCount(0);
});

test('a container missing mandatory fields cannot get a rotation: the button says why', async ({
  page,
  stack,
}) => {
  const name = uniqueName('Bac incomplet');
  const { site, provider } = await containerJourneySite(stack);
  await asAccount(stack, producer.email, (api) =>
    api.post('/api/skips', { name, companySite: site['@id'], provider: provider['@id'] }),
  );
  await signInToDashboard(page, producer.email);
  await page.goto(`/operations?etablissement=${site.id}`);
  const card = page.getByRole('article', { name });
  const rotation = card.getByRole('button', { name: `Demander une rotation du contenant ${name}` });
  await expect(rotation).toBeDisabled();
  await expect(rotation).toHaveAccessibleDescription(/^Champs à compléter avant de demander une rotation : /);
});

test('a weekly program on Mondays and Thursdays shows its next dates; once the provider validates it, they are scheduled', async ({
  page,
  browser,
  baseURL,
  stack,
}) => {
  const name = uniqueName('Bac programme');
  const { site } = await completeContainer(stack, name);
  const today = parisDate(new Date());
  const end = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) + 2, 28))
    .toISOString()
    .slice(0, 10);
  const program = {
    startDate: today,
    endDate: end,
    recurrence: 'WEEK' as const,
    interval: 1,
    weekdays: ['MONDAY', 'THURSDAY'] as Weekday[],
  };
  const next = expandRecurrence(program, { from: today, limit: 5 });
  const scheduled = expandRecurrence({ ...program, endDate: horizonEnd(today) }, { from: today, limit: 100 });

  await signInToDashboard(page, producer.email);
  await page.goto(`/operations?etablissement=${site.id}`);
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `Demander une rotation du contenant ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Demander une rotation : ${name}` });
  await dialog.getByText('Un programme récurrent').click();
  await dialog.getByLabel('Date de début').fill(fieldDate(program.startDate));
  await dialog.getByLabel('Date de fin').fill(fieldDate(program.endDate));
  await dialog.getByLabel('Récurrence').selectOption({ label: 'Semaine' });
  await dialog.getByText('Lundi', { exact: true }).click();
  await dialog.getByText('Jeudi', { exact: true }).click();
  const preview = dialog.getByRole('region', { name: 'Les 5 prochaines rotations' });
  await expect(preview.getByRole('listitem')).toHaveText(next.map(longDate));
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expectToast(page, messages.rotationProgramSubmitted);

  await page.getByRole('link', { name: 'Demandes' }).click();
  const card = page.getByRole('article', { name }).filter({ hasText: 'Rythme' });
  await expect(card).toContainText('En attente de validation');
  await expect(card).toContainText('Toutes les semaines : lundi, jeudi');
  await expect(card.getByRole('listitem')).toHaveText(next.slice(0, 4).map(longDate));

  const providerContext = await browser.newContext({ baseURL });
  await recordToasts(providerContext);

  try {
    const providerPage = await providerContext.newPage();
    await signInToDashboard(providerPage, retriever.email);
    await providerPage.goto('/operations/demandes');
    await providerPage
      .getByRole('button', { name: `Valider le programme de rotations du contenant ${name}` })
      .click();
    await expectToast(providerPage, messages.rotationProgramValidated);
  } finally {
    await providerContext.close();
  }

  // Its rotations of the next two weeks are scheduled on those dates.
  await page.reload();
  await expect(card).toContainText('Validé');
  const rows = operationRow(page, name);
  await expect(rows).toHaveCount(scheduled.length);
  await expect(rows.first()).toContainText('Programmée');
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a producer declares an incident with a photo on an operation; a file that is not an image is refused', async ({
  page,
  stack,
}) => {
  const name = uniqueName('Benne incident');
  await completeContainer(stack, name);
  const operationId = await asAccount(stack, producer.email, async (api) => {
    const [skip] = await api.members<{ '@id': string }>(
      `/api/skips?pagination=false&q=${encodeURIComponent(name)}`,
    );
    const operation = await api.post<{ id: number }>('/api/operations', {
      skip: skip?.['@id'],
      type: 'ROTATION',
      requestedDate: parisDate(new Date()),
    });
    return operation.id;
  });
  await signInToDashboard(page, producer.email);
  await page.goto(`/operations/${operationId}`);
  await page.getByRole('button', { name: /^Signaler un incident sur Rotation n° / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Description de l'incident").fill('Benne renversée, contenu répandu sur le quai');
  // Named as a photo, but a text: the api recognises it by its content.
  await dialog.getByLabel('Photos').setInputFiles([
    { name: 'quai.png', mimeType: 'image/png', buffer: PNG },
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('ceci n’est pas une image') },
  ]);
  await dialog.getByRole('button', { name: "Signaler l'incident" }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`photo.png : ${messages.fileFormatNotAllowed}`);

  await dialog.getByLabel('Photos').setInputFiles([{ name: 'quai.png', mimeType: 'image/png', buffer: PNG }]);
  await dialog.getByRole('button', { name: "Signaler l'incident" }).click();
  await expectToast(page, messages.incidentDeclared);
  const incidents = page.getByRole('region', { name: 'Incidents' });
  await expect(incidents).toContainText('Benne renversée, contenu répandu sur le quai');
  const photo = incidents.getByRole('img', { name: 'quai.png' });
  await expect(photo).toBeVisible();
  // The photo really comes through the gateway: the browser decoded it.
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
});
