import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  acceptTermsThroughApi,
  asAccount,
  ownEstablishmentsOf,
  producer,
  signInToDashboard,
} from './portal.ts';

/**
 * The map of `/`. The demo producer's establishment and its providers are placed on the map as the api
 * says, and listed in the tables below it; the demo's outlets match no establishment's SIRET, so they are listed
 * "sans position connue". The e2e portal has no tile server (MAP_TILE_URL=none, fixtures.ts): the markers stand on a
 * plain background and no request leaves the machine. Read-only.
 */

interface MapSite {
  id: number;
  name: string;
  companyName: string;
  lat: number | null;
  lon: number | null;
  roles: string[];
}

interface MapOutlet {
  name: string;
  lat: number | null;
}

test.beforeEach(async ({ stack }) => {
  await acceptTermsThroughApi(stack, producer.email);
});

test('the map shows the sites of the year and lists them, sites and outlets, without any tile server', async ({
  page,
  stack,
}) => {
  const sites = await ownEstablishmentsOf(stack, producer.email);
  const found = await asAccount(stack, producer.email, async (api) => {
    for (const site of sites) {
      const data = await api.get<{ sites: MapSite[] }>(
        `/api/dashboard/map/producer/aggregate_data?year=2025&producerCompanySiteId=${site.id}`,
      );
      if (data.sites.length < 2) continue;
      const outlets = await api.get<{ outlets: MapOutlet[] }>(
        `/api/dashboard/map/producer/final_outlet?year=2025&producerCompanySiteId=${site.id}`,
      );
      return { site, mapSites: data.sites, outlets: outlets.outlets };
    }
    return null;
  });
  if (!found) throw new Error('the demo world needs an establishment with operations in 2025');
  const { site, mapSites, outlets } = found;
  const placedSites = mapSites.filter((entry) => entry.lat !== null && entry.lon !== null);
  const placedOutlets = outlets.filter((outlet) => outlet.lat !== null);
  expect(placedSites.length).toBeGreaterThan(1);

  // Nothing but the portal itself is asked for: no tile, no marker image from elsewhere.
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(hostname) && !request.url().startsWith('data:')) {
      elsewhere.push(request.url());
    }
  });

  await signInToDashboard(page, producer.email);
  await page.goto(`/?etablissement=${site.id}&annee=2025`);
  const section = page.getByRole('region', { name: 'Carte des producteurs, prestataires et exutoires' });
  const map = section.getByRole('region', { name: 'Carte des sites et des exutoires' });
  // Below the charts, the map is drawn once the user scrolls near it; until then its place holds its shape.
  await expect(section).toBeVisible();
  await expect(map).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();

  // One marker per placed site and outlet, each named after what it stands for.
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(placedSites.length + placedOutlets.length);
  for (const entry of placedSites) {
    const kind = entry.roles.includes('RETRIEVER') ? 'Prestataire' : 'Producteur';
    await expect(
      map.getByRole('button', { name: `${kind} : ${entry.companyName} > ${entry.name}`, exact: true }),
    ).toBeVisible();
  }
  await expect(map.locator('.leaflet-tile-pane img')).toHaveCount(0);

  // A marker opens its card from the keyboard.
  const own = placedSites.find((entry) => entry.id === site.id);
  if (own) {
    const marker = map.getByRole('button', {
      name: `Producteur : ${own.companyName} > ${own.name}`,
      exact: true,
    });
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(map.locator('.leaflet-popup')).toContainText(own.name);
  }

  // The legend, and every site and outlet in the tables, the unplaced outlets said so.
  await expect(section.getByRole('list', { name: 'Légende de la carte' })).toContainText('Prestataire');
  const sitesTable = section.getByRole('table', { name: 'Sites de la carte' });
  await expect(sitesTable.getByRole('row')).toHaveCount(mapSites.length + 1);
  for (const entry of mapSites) {
    await expect(sitesTable).toContainText(`${entry.companyName} > ${entry.name}`);
  }
  if (outlets.length > 0) {
    const outletsTable = section.getByRole('table', { name: 'Exutoires finaux' });
    await expect(outletsTable.getByRole('row')).toHaveCount(outlets.length + 1);
    if (outlets.length > placedOutlets.length) {
      await expect(outletsTable).toContainText('Sans position connue');
    }
  }
  // WCAG 2.1 AA with the map, its markers, an open card and its tables on screen.
  expect(await seriousViolations(page)).toEqual([]);
  expect(elsewhere).toEqual([]);
});
