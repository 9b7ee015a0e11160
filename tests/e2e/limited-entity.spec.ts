import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  chantier,
  displayName,
  entitiesOf,
  ownEstablishmentsOf,
  producer,
  signInToDashboard,
} from './portal.ts';
import { establishmentScreen, mainNavigation, selectionBar, siteList } from './screens.ts';

/**
 * SPEC 6: a user linked only to chantiers (entities) has limited access to their establishment: they see their
 * chantiers and nothing else of it, and cannot edit the establishment nor add chantiers. Read-only journey.
 */

test('the limited-entity user sees only their two chantiers and cannot change the establishment', async ({
  page,
  stack,
}) => {
  await acceptTermsThroughApi(stack, chantier.email);
  const [site, ...otherSites] = await ownEstablishmentsOf(stack, chantier.email);
  if (!site) throw new Error('the chantier account has no establishment');
  expect(otherSites).toEqual([]);
  const theirs = await entitiesOf(stack, chantier.email, site.id);
  expect(theirs).toHaveLength(2);
  // The producer, with full access, sees more chantiers on that establishment: they must stay hidden.
  const theirIds = new Set(theirs.map((entity) => entity.id));
  const hidden = (await entitiesOf(stack, producer.email, site.id)).filter(
    (entity) => !theirIds.has(entity.id),
  );
  expect(hidden).not.toEqual([]);

  await signInToDashboard(page, chantier.email);
  // Their single establishment is selected for them; the header offers their chantiers only.
  const selection = selectionBar(page);
  await expect(selection.establishment).toHaveValue(String(site.id));
  const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  await expect(selection.entity.getByRole('option')).toHaveText([
    'Tous les chantiers',
    ...theirs.map((entity) => entity.name).sort(collator.compare),
  ]);

  await mainNavigation(page).getByRole('link', { name: 'Mes établissements' }).click();
  const list = siteList(page, 'establishments');
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText(displayName(site));
  // The chantier count is theirs, not the establishment's.
  await expect(list.rows.first().getByRole('cell').last()).toHaveText('2');
  await list.link(displayName(site)).click();
  await expect(page).toHaveURL((url) => url.pathname === `/mes-etablissements/${site.id}`);

  const screen = establishmentScreen(page);
  await expect(page.getByRole('heading', { name: displayName(site), level: 1 })).toBeVisible();
  await expect(screen.readOnlyNotice).toBeVisible();
  await expect(screen.editProfile).toHaveCount(0);
  await expect(screen.addChantier).toHaveCount(0);
  await expect(screen.chantierRows).toHaveCount(2);
  for (const entity of theirs) {
    await expect(screen.chantierRow(entity.name)).toBeVisible();
    // Their own chantiers stay theirs to edit (docs/rest-api.md: entity:update on an own entity).
    await expect(screen.editChantier(entity.name)).toBeVisible();
  }
  for (const entity of hidden) await expect(screen.chantiers.getByText(entity.name)).toHaveCount(0);
});
