import { parisDate } from '@portal/domain';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  carrier,
  completeContainer,
  displayName,
  ownEstablishmentsOf,
  producer,
  retriever,
  signInToDashboard,
  uniqueName,
} from './portal.ts';
import { mainNavigation, notFoundHeading, siteList } from './screens.ts';

/**
 * SPEC 1 and 6: a carrier reads the operations its establishments carry (the demo carrier carries part of the
 * demo history), with their sites and dates, and its own establishments; its menu offers exactly what it may
 * open, the rest is not found. Read-only journey (the carrier's terms are accepted through the api).
 */

interface CarriedOperation {
  id: number;
  transporterSite: string | null;
  transporterName: string | null;
  skipName: string | null;
}

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, carrier.email);
});

test('the carrier signs in to the operations it carries, their sites and dates, through its own menu', async ({
  page,
  stack,
}) => {
  const carried = await asAccount(stack, carrier.email, (api) =>
    api.get<{ 'hydra:totalItems': number; 'hydra:member': CarriedOperation[] }>(
      '/api/operations?itemsPerPage=5',
    ),
  );
  const total = carried['hydra:totalItems'];
  expect(total).toBeGreaterThan(0);
  const own = await ownEstablishmentsOf(stack, carrier.email);
  const ownIris = new Set(own.map((site) => site['@id']));
  expect(carried['hydra:member'].every((operation) => ownIris.has(operation.transporterSite ?? ''))).toBe(
    true,
  );
  const [latest] = carried['hydra:member'];
  if (!latest) throw new Error('the demo carrier carries nothing');

  await signInToDashboard(page, carrier.email);
  const menu = mainNavigation(page);
  for (const entry of ['Tableau de bord', 'Mes établissements', 'Mes clients', 'Mes enlèvements']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  for (const entry of ['Opérations', 'Détail du mois', 'Mes coûts', 'Mes prestataires']) {
    await expect(menu.getByText(entry, { exact: true })).toHaveCount(0);
  }

  // Its home: the latest operations it carries, none of the figures of producers and providers.
  const home = page.getByRole('region', { name: 'Vos transports' });
  await expect(home.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(5);
  await expect(home.getByText(`${total} opérations`)).toBeVisible();
  const latestRow = home
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: new RegExp(`n° ${latest.id}$`) }) });
  await expect(latestRow).toContainText(latest.skipName ?? '');
  await expect(page.getByText(/€ HT/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Its pick-ups: every operation it carries, nothing waiting for a validation of its own.
  await menu.getByRole('link', { name: 'Mes enlèvements' }).click();
  await expect(page.getByRole('heading', { name: 'Mes enlèvements', level: 1 })).toBeVisible();
  await expect(page.getByText(`${total} opérations`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Opérations à valider' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // One of them: where and when, who carried it, and nothing to do.
  await page.getByRole('link', { name: new RegExp(`n° ${latest.id}$`) }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/operations/${latest.id}`);
  const summary = page.getByRole('article');
  await expect(summary).toContainText(latest.skipName ?? '');
  await expect(summary.getByRole('region', { name: 'Réalisation' })).toContainText(
    latest.transporterName ?? '',
  );
  await expect(summary.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: "Compléter l'opération" })).toHaveCount(0);
  await page.getByRole('link', { name: /Retour à mes enlèvements/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/mes-enlevements');

  // Its own establishments: its carrier sites.
  await menu.getByRole('link', { name: 'Mes établissements' }).click();
  const establishments = siteList(page, 'establishments');
  await expect(establishments.rows).toHaveCount(own.length);
  for (const site of own) await expect(establishments.link(displayName(site))).toBeVisible();

  // What its menu does not offer is not found.
  for (const path of [
    '/operations',
    '/operations/historique',
    '/details',
    '/mes-couts',
    '/mes-enlevements/operations-a-valider',
  ]) {
    await page.goto(path);
    await expect(notFoundHeading(page), path).toBeVisible();
  }
});

test('the carrier sees an operation it is named to carry once scheduled, with its site and intervention date', async ({
  page,
  stack,
}) => {
  // Set-up through the api (the screens of these moves are operations.spec.ts's): a rotation asked by the
  // producer, scheduled by its provider in two days, the carrier linked to the site named to carry it.
  const name = uniqueName('Benne palettes transportée');
  const { site, skip } = await completeContainer(stack, name);
  const carrierSite = (await ownEstablishmentsOf(stack, carrier.email)).find((candidate) =>
    site.linkedCompanySites.includes(candidate['@id']),
  );
  if (!carrierSite) throw new Error('no carrier is linked to the journeys’ establishment');
  const today = parisDate(new Date());
  const interventionDate = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const operation = await asAccount(stack, producer.email, (api) =>
    api.post<{ id: number }>('/api/operations', {
      skip: skip['@id'],
      type: 'ROTATION',
      requestedDate: today,
    }),
  );
  await asAccount(stack, retriever.email, async (api) => {
    await api.patch(`/api/operations/${operation.id}`, { status: 'SCHEDULED', interventionDate });
    await api.patch(`/api/operations/${operation.id}`, { transporterSite: carrierSite['@id'] });
  });
  const [year, month, day] = interventionDate.split('-');
  const shownDate = `${day}/${month}/${year}`;

  await signInToDashboard(page, carrier.email);
  const home = page.getByRole('region', { name: 'Vos transports' });
  const row = home.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Programmée');
  await expect(row).toContainText(displayName(site));
  await expect(row).toContainText(shownDate);
  await row.getByRole('link', { name: new RegExp(`n° ${operation.id}$`) }).click();
  const request = page.getByRole('region', { name: 'Demande' });
  await expect(request).toContainText(shownDate);
  await expect(page.getByRole('region', { name: 'Contenant et déchet' })).toContainText(displayName(site));
  await expect(page.getByRole('article').getByRole('button')).toHaveCount(0);
});
