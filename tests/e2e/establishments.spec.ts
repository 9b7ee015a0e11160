import { messages } from '@portal/domain';
import { expect, expectToast, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  displayName,
  ownEstablishmentsOf,
  producer,
  producerEstablishmentsToChange,
  signInToDashboard,
  uniqueName,
} from './portal.ts';
import { establishmentScreen, mainNavigation, selectionBar, siteList } from './screens.ts';

/**
 * SPEC 2, 5 and 8: a producer finds one of its establishments, corrects its profile, then adds a chantier and
 * edits it. These journeys own the producer's establishments other than the chantier account's (portal.ts).
 */

/** Two valid SIRETs of one company (Luhn-valid): the journey switches to the one the site does not have. */
const VALID_SIRETS = ['73282932000074', '73282932000108'] as const;

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
});

test('a producer finds an establishment and corrects its profile, which a reload shows', async ({
  page,
  stack,
}) => {
  const own = await ownEstablishmentsOf(stack, producer.email);
  const [target] = await producerEstablishmentsToChange(stack);
  if (!target) throw new Error('the producer has no establishment to change');
  const others = own.filter((site) => site.id !== target.id);
  const newSiret = VALID_SIRETS.find((siret) => siret !== target.siret) ?? VALID_SIRETS[0];
  const newAddress = `${target.address === '12 quai des Essais' ? '14' : '12'} quai des Essais`;

  await signInToDashboard(page, producer.email);
  await mainNavigation(page).getByRole('link', { name: 'Mes établissements' }).click();
  const list = siteList(page, 'establishments');
  await expect(list.heading).toBeVisible();
  await expect(list.rows).toHaveCount(own.length);

  // Sorting by city, descending: kept in the URL.
  const byCityDescending = own
    .map((site) => ({ site, city: site.city ?? '' }))
    .sort((a, b) => b.city.localeCompare(a.city, 'fr'))
    .map(({ site }) => displayName(site));
  await list.sortBy.selectOption({ label: 'Ville' });
  await list.direction.selectOption({ label: 'Décroissant' });
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('tri') === 'ville' && url.searchParams.get('ordre') === 'desc',
  );
  await expect(list.rows.getByRole('link')).toHaveText(byCityDescending);

  // The search goes to the URL and narrows the table to the matching establishment.
  await list.search.fill(target.name);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === target.name);
  await expect(list.link(displayName(target))).toBeVisible();
  for (const other of others) await expect(list.link(displayName(other))).toHaveCount(0);

  await list.link(displayName(target)).click();
  await expect(page).toHaveURL((url) => url.pathname === `/mes-etablissements/${target.id}`);
  await expect(page.getByRole('heading', { name: displayName(target), level: 1 })).toBeVisible();

  const screen = establishmentScreen(page);
  const form = screen.profileForm;
  await screen.editProfile.click();
  await expect(form.name).toHaveValue(target.name);
  await expect(form.siret).toHaveValue(target.siret ?? '');

  // Each SIRET rule of SPEC 5, with its message tied to the field.
  await form.siret.fill('12AB');
  await form.save.click();
  await expect(form.siret).toHaveAccessibleDescription(messages.siretDigitsOnly);
  await expect(form.siret).toHaveAttribute('aria-invalid', 'true');
  await form.siret.fill('123');
  await expect(form.siret).toHaveAccessibleDescription(messages.siretTooShort);

  await form.siret.fill(newSiret);
  await expect(form.siret).not.toHaveAttribute('aria-invalid', 'true');
  await form.address.fill(newAddress);
  await form.save.click();
  await expectToast(page, messages.establishmentUpdated);
  await expect(form.save).toHaveCount(0);
  await expect(screen.profile).toContainText(newSiret);
  await expect(screen.profile).toContainText(newAddress);

  await page.reload();
  await expect(screen.editProfile).toBeVisible();
  await expect(screen.profile).toContainText(newSiret);
  await expect(screen.profile).toContainText(newAddress);
  await expect(screen.profile).not.toContainText(target.siret ?? '');
});

test('a producer adds a chantier, whose end cannot come before its start, then edits it', async ({
  page,
  stack,
}) => {
  const [target] = await producerEstablishmentsToChange(stack);
  if (!target) throw new Error('the producer has no establishment to change');
  const name = uniqueName('Chantier Les Essais');
  const renamed = `${name} (phase 2)`;

  await signInToDashboard(page, producer.email);
  // With the establishment selected in the header, whose chantier picker must follow the additions.
  await page.goto(`/mes-etablissements/${target.id}?etablissement=${target.id}`);
  const screen = establishmentScreen(page);
  const dialog = screen.chantierDialog;
  const headerChantier = selectionBar(page).entity;
  await expect(screen.chantierRows).toHaveCount(target.entityCount);
  await expect(headerChantier).toBeEnabled();

  await screen.addChantier.click();
  await expect(dialog.dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Nouveau chantier' })).toBeVisible();
  await dialog.name.fill(name);
  await dialog.startDate.fill('10/03/2026');
  await dialog.endDate.fill('01/03/2026');
  await dialog.save.click();
  await expect(dialog.endDate).toHaveAccessibleDescription(messages.endBeforeStart);
  await expect(dialog.dialog).toBeVisible();

  await dialog.endDate.fill('30/09/2026');
  await expect(dialog.endDate).not.toHaveAccessibleDescription(messages.endBeforeStart);
  await dialog.address.fill('3 rue du Chantier, 26000 Valence');
  await dialog.save.click();
  await expectToast(page, messages.entityAdded);
  await expect(dialog.dialog).toHaveCount(0);

  // In the list at once, without a reload, and counted.
  const added = screen.chantierRow(name);
  await expect(added).toContainText('10/03/2026');
  await expect(added).toContainText('30/09/2026');
  await expect(added).toContainText('3 rue du Chantier, 26000 Valence');
  await expect(screen.chantierRows).toHaveCount(target.entityCount + 1);
  await expect(screen.chantiers).toContainText(`${target.entityCount + 1} chantiers`);
  await expect(headerChantier.locator('option', { hasText: name })).toHaveCount(1);

  await screen.editChantier(name).click();
  await expect(page.getByRole('dialog', { name: 'Modifier le chantier' })).toBeVisible();
  await expect(dialog.name).toHaveValue(name);
  await expect(dialog.startDate).toHaveValue('10/03/2026');
  await expect(dialog.endDate).toHaveValue('30/09/2026');
  await dialog.endDate.fill('28/02/2026');
  await dialog.save.click();
  await expect(dialog.endDate).toHaveAccessibleDescription(messages.endBeforeStart);
  await dialog.name.fill(renamed);
  await dialog.endDate.fill('');
  await dialog.save.click();
  await expectToast(page, messages.entityUpdated);
  await expect(dialog.dialog).toHaveCount(0);
  await expect(screen.chantierRow(renamed)).toContainText('Non définie');
  await expect(screen.chantierRow(name)).toHaveCount(0);

  await page.reload();
  await expect(screen.chantierRow(renamed)).toContainText('10/03/2026');
  await expect(screen.chantierRow(renamed)).toContainText('Non définie');
  await expect(screen.chantierRows).toHaveCount(target.entityCount + 1);
});
