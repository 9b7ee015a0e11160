import { messages } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  apiLogin,
  apiLogout,
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
 * chantiers and nothing else of it, and change neither the establishment nor its chantiers (its full-access users
 * define them); the page says so and offers nothing the api would refuse. Read-only journey.
 */

test('the limited-entity user sees only their two chantiers and can change nothing of the establishment, as the page says', async ({
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
  await expect(selection.establishment).toHaveValue(site.name);
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
  await expect(screen.readOnlyNotice).toHaveText(
    'Vous pouvez consulter cet établissement et ses chantiers, pas les modifier.',
  );
  for (const entity of theirs) await expect(screen.chantierRow(entity.name)).toBeVisible();
  // Their own chantiers included: nothing to edit, as the notice says.
  await expect(screen.anyEditChantier).toHaveCount(0);
  await expect(screen.chantiers.getByRole('button')).toHaveCount(0);
  for (const entity of hidden) await expect(screen.chantiers.getByText(entity.name)).toHaveCount(0);

  // The api says the same: a change of their own chantier is refused, and nothing changes.
  const session = await apiLogin(stack, chantier.email);
  try {
    for (const entity of theirs) {
      const response = await fetch(
        `${stack.apiUrl}/api/company_sites/${site.id}/company_site_entities/${entity.id}`,
        {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${session.token}`,
            'content-type': 'application/merge-patch+json',
          },
          body: JSON.stringify({ name: 'Chantier renommé' }),
        },
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ title: messages.forbidden });
    }
  } finally {
    await apiLogout(stack, session.token);
  }
  expect(await entitiesOf(stack, chantier.email, site.id)).toEqual(theirs);
});
