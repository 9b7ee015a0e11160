import { messages, missingForRotation, parisDate, skipFieldLabels } from '@portal/domain';
import { expect, expectToast, recordToasts, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  containerJourneySite,
  displayName,
  producer,
  retriever,
  signInToDashboard,
  uniqueName,
} from './portal.ts';
import { fieldDate, operationsScreen } from './screens.ts';

/**
 * SPEC 3, 4 and 8: a producer creates containers on one of its establishments, orders deliveries on a
 * monthly program that its provider acknowledges and schedules, sees what a container misses before a rotation,
 * archives, restores and deletes. These journeys own the containers they create (portal.ts).
 */

const MISSING_FIELDS_PREFIX = 'Champs à compléter avant de demander une rotation : ';

/** A calendar date (`YYYY-MM-DD`) moved by whole months, on a given day of the month. */
function monthDay(from: string, months: number, day: number): string {
  const [year, month] = from.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, day)).toISOString().slice(0, 10);
}

/** How the screens write a date: `15/01/2027` in lists, `vendredi 15 janvier 2027` in the program preview. */
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'short' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'full' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
});

test('a producer creates a hazardous container and orders a monthly program that the provider schedules', async ({
  page,
  browser,
  baseURL,
  stack,
}) => {
  await acceptTermsThroughApi(stack, retriever.email);
  const { site, provider } = await containerJourneySite(stack);
  const name = uniqueName('Benne souillés');
  const today = parisDate(new Date());
  // The 15th of each month, from next month on, for six months.
  const start = monthDay(today, 1, 1);
  const end = monthDay(today, 6, 28);
  const occurrences = [1, 2, 3, 4, 5].map((months) => monthDay(today, months, 15));
  const first = occurrences[0] as string;
  const scheduled = monthDay(today, 1, 16);

  await signInToDashboard(page, producer.email);
  await page.goto(`/operations?etablissement=${site.id}`);
  const screen = operationsScreen(page);
  const form = screen.containerForm;
  await expect(screen.heading).toBeVisible();
  await screen.addContainer.click();
  await expect(form.dialog).toBeVisible();
  await form.name.fill(name);
  await form.skipType.selectOption({ label: 'Benne 10 m³' });
  // The type gives its volume and unit.
  await expect(form.volume).toHaveValue('10');
  await expect(form.unit).toHaveValue('m3');

  // The hazardous extras appear only on a dangerous container.
  await expect(form.consistency).toHaveCount(0);
  await expect(form.wasteCode).toHaveCount(0);
  await form.dangerous.check({ force: true });
  await expect(form.consistency).toBeVisible();
  await expect(form.wasteCode).toBeVisible();
  await expect(form.capNumber).toBeVisible();

  await form.family.selectOption({ label: 'Déchets dangereux' });
  await form.flow.selectOption({ label: 'Emballages et absorbants souillés' });
  await form.waste.selectOption({ label: 'Emballages souillés' });
  // The precise waste gives its default code; the picker finds another hazardous one by its code.
  await expect(form.wasteCode).toHaveValue(/^15 01 10\* — /);
  // Pasted in one go (fill), as a user pastes a code from a slip: the list must still be the search's.
  await form.wasteCode.fill('15 02 02');
  const options = form.dialog.getByRole('listbox', { name: 'Code déchet' }).getByRole('option');
  // The search narrows the list (the chosen code stays in it).
  await expect(options.filter({ hasText: /^01 / })).toHaveCount(0);
  await options.filter({ hasText: /^15 02 02\* — / }).click();
  await expect(form.wasteCode).toHaveValue(/^15 02 02\* — /);

  await form.provider.selectOption({ label: displayName(provider) });
  await form.treatmentCode.selectOption('R 13');
  await form.estimatedQuantity.fill('2,4');
  await form.consistency.selectOption({ label: 'Solide' });
  await form.capNumber.fill('CAP-2026-0042');
  await form.adrMention.fill('UN 3175 Solides contenant du liquide inflammable, 4.1, III');
  await form.adrNumber.fill('3175');
  await form.save.click();
  await expectToast(page, messages.skipCreated);
  await expect(form.dialog).toHaveCount(0);

  const card = screen.container(name);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Dangereux');
  await expect(card).toContainText('Disponible');
  await expect(card).toContainText('15 02 02*');
  await expect(screen.missingFieldsWarning(name)).toHaveCount(0);

  // A monthly program on the 15th: the preview lists its next dates before anything is ordered.
  await screen.containerAction('Commander une livraison du', name).click();
  const order = screen.orderDialog(name);
  await expect(order.dialog).toBeVisible();
  await order.program.click();
  await order.startDate.fill(fieldDate(start));
  await order.endDate.fill(fieldDate(end));
  await order.recurrence.selectOption({ label: 'Mois' });
  await order.interval.fill('1');
  await order.monthDayMode.click();
  await order.monthDay.fill('15');
  await expect(order.preview.getByRole('listitem')).toHaveText(occurrences.map(longDate));
  await order.submit.click();
  await expect(page.getByText(messages.deliveryProgramOrdered)).toBeVisible();
  await expect(order.dialog).toHaveCount(0);
  await expect(card).toContainText('Commandé');
  // Its delivery awaited, it is not on site: its requests stay in sight, disabled, and say why.
  for (const request of [
    'Demander une rotation du contenant',
    'Demander le retrait définitif du contenant',
  ]) {
    const button = card.getByRole('button', { name: `${request} ${name}` });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/^Une livraison de ce contenant est commandée : /);
  }
  const producerRow = screen.deliveryRow('Livraisons de contenants', name, shortDate(first));
  await expect(producerRow).toContainText('Commandée');

  // The provider, in its own browser, acknowledges the first delivery and schedules it the day after.
  const providerContext = await browser.newContext({ baseURL });
  await recordToasts(providerContext);
  try {
    const providerPage = await providerContext.newPage();
    await signInToDashboard(providerPage, retriever.email);
    await providerPage.goto('/operations');
    const providerScreen = operationsScreen(providerPage);
    const incoming = providerScreen.deliveryRow('Livraisons à traiter', name, shortDate(first));
    await expect(incoming).toContainText('Commandée');
    await expect(incoming).toContainText(displayName(site));
    await providerScreen
      .deliveryAction('Livraisons à traiter', 'Prendre en compte', name, shortDate(first))
      .click();
    await expectToast(providerPage, messages.deliveryAcknowledged);
    await expect(incoming).toContainText('En attente de programmation par le prestataire');

    await providerScreen.deliveryAction('Livraisons à traiter', 'Programmer', name, shortDate(first)).click();
    const schedule = providerPage.getByRole('dialog', {
      name: `Livraison du contenant ${name} souhaitée le ${shortDate(first)}`,
    });
    const scheduledDate = schedule.getByLabel(/^Date de livraison/);
    await expect(scheduledDate).toHaveValue(fieldDate(first));
    // Ordered today: the calendar offers no earlier day and the field names the first one; one typed is refused
    // under the field.
    await expect(scheduledDate).toHaveAccessibleDescription(`Au plus tôt le ${fieldDate(today)}.`);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await scheduledDate.fill(fieldDate(yesterday));
    await schedule.getByRole('button', { name: 'Programmer', exact: true }).click();
    await expect(scheduledDate).toHaveAccessibleDescription(messages.scheduledBeforeOrder);
    await expect(schedule).toBeVisible();
    await scheduledDate.fill(fieldDate(scheduled));
    await schedule.getByRole('button', { name: 'Programmer', exact: true }).click();
    await expectToast(providerPage, messages.deliveryScheduled);
    await expect(schedule).toHaveCount(0);
    await expect(incoming).toContainText(`Programmée le ${shortDate(scheduled)}`);
  } finally {
    await providerContext.close();
  }

  // The producer sees it scheduled; the program's other deliveries are still ordered.
  await page.reload();
  await expect(producerRow).toContainText(`Programmée le ${shortDate(scheduled)}`);
  await expect(
    screen.deliveryRow('Livraisons de contenants', name, shortDate(occurrences[1] as string)),
  ).toContainText('Commandée');
});

test('a container saved with mandatory fields missing names them and cannot be delivered', async ({
  page,
  stack,
}) => {
  const { site } = await containerJourneySite(stack);
  const name = uniqueName('Bac incomplet');
  // What domain says a container with a name and a type (hence a volume and unit) still misses.
  const missing = missingForRotation({ name, skipType: 'BAC_240', volume: '240', unit: 'L' }).map(
    (field) => skipFieldLabels[field],
  );
  expect(missing).toContain(skipFieldLabels.provider);

  await signInToDashboard(page, producer.email);
  await page.goto(`/operations?etablissement=${site.id}`);
  const screen = operationsScreen(page);
  const form = screen.containerForm;
  await screen.addContainer.click();
  // Required: the name.
  await form.save.click();
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await form.name.fill(name);
  await form.skipType.selectOption({ label: 'Bac roulant 240 L' });
  await form.save.click();
  await expectToast(page, messages.skipCreated);

  await expect(screen.missingFieldsWarning(name)).toHaveText(`${MISSING_FIELDS_PREFIX}${missing.join(', ')}`);
  await page.reload();
  await expect(screen.missingFieldsWarning(name)).toHaveText(`${MISSING_FIELDS_PREFIX}${missing.join(', ')}`);

  // Without a provider, nobody can deliver it: the order is refused and nothing is ordered.
  await screen.containerAction('Commander une livraison du', name).click();
  const order = screen.orderDialog(name);
  await order.dialog
    .getByLabel(/^Date de livraison souhaitée/)
    .fill(fieldDate(monthDay(parisDate(new Date()), 1, 10)));
  await order.submit.click();
  await expect(order.dialog.getByText(messages.skipNeedsProviderToOrder)).toBeVisible();
  await order.dialog.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(order.dialog).toHaveCount(0);
  await expect(
    screen.deliveries('Livraisons de contenants').getByRole('cell', { name, exact: true }),
  ).toHaveCount(0);
  await expect(screen.container(name)).toContainText('Disponible');
});

test('a producer archives a container, finds it with the archived ones, restores it, then deletes it', async ({
  page,
  stack,
}) => {
  const { site } = await containerJourneySite(stack);
  const name = uniqueName('Big bag à archiver');

  await signInToDashboard(page, producer.email);
  await page.goto(`/operations?etablissement=${site.id}`);
  const screen = operationsScreen(page);
  const form = screen.containerForm;
  await screen.addContainer.click();
  await form.name.fill(name);
  await form.skipType.selectOption({ label: 'Big bag 1 m³' });
  await form.save.click();
  await expectToast(page, messages.skipCreated);
  const card = screen.container(name);
  await expect(card).toContainText('Disponible');

  await screen.containerAction('Archiver le', name).click();
  await expect(page.getByText(messages.skipArchived)).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(screen.heading).toBeVisible();
  await expect(card).toHaveCount(0);

  await screen.stateFilter.selectOption({ label: 'Tous les contenants, archivés compris' });
  await expect(card).toContainText('Archivé');
  await expect(screen.containerAction('Commander une livraison du', name)).toHaveCount(0);
  await screen.containerAction('Restaurer le', name).click();
  await expect(page.getByText(messages.skipRestored)).toBeVisible();
  await expect(card).toContainText('Disponible');

  await screen.containerAction('Supprimer le', name).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce contenant ?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expectToast(page, messages.skipDeleted);
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(screen.heading).toBeVisible();
  await expect(screen.stateFilter).toHaveValue('all');
  await expect(card).toHaveCount(0);
});
