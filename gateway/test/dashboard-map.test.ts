import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { JSON_LD } from './fixtures.ts';
import { API, graphql, startTestGateway, type TestGateway } from './helpers.ts';

/** The dashboard map: its two REST calls together, failing on its own, and its tiles from the configuration. */

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };

let gateway: TestGateway;
let noTiles: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
  noTiles = await startTestGateway({ MAP_TILE_URL: 'none' });
});
afterAll(async () => {
  await gateway.close();
  await noTiles.close();
});
afterEach(() => {
  nock.cleanAll();
});

const MAP = /* GraphQL */ `
  query Map($scope: DashboardScope!) {
    yearlyDashboard(year: 2025, scope: $scope) {
      map {
        sites { establishmentId databaseId name companyName city department lat lon roles tonnes operations }
        links { producerEstablishmentId retrieverEstablishmentId tonnes operations }
        outlets {
          name siret address lat lon tonnes transitTonnes operations
          treatments { treatmentCode { code } family familyLabel tonnes operations }
        }
        withoutOutlet { operations tonnes }
        tiles { url attribution attributionUrl }
      }
    }
  }
`;

const aggregate = {
  '@id': '/api/dashboard/map/producer/aggregate_data?year=2025',
  '@type': 'DashboardMapData',
  year: 2025,
  role: 'producer',
  sites: [
    {
      '@id': '/api/company_sites/12',
      '@type': 'CompanySite',
      id: 12,
      name: 'Usine de Lyon Gerland',
      company: '/api/companies/3',
      companyName: 'Martin Industries',
      city: 'Lyon',
      department: '69',
      lat: 45.73,
      lon: 4.83,
      roles: ['PRODUCER'],
      tonnes: '11.000',
      operations: 5,
    },
    {
      '@id': '/api/company_sites/40',
      '@type': 'CompanySite',
      id: 40,
      name: 'Agence de Vénissieux',
      company: '/api/companies/7',
      companyName: 'Recyclage Rhône',
      city: 'Vénissieux',
      department: '69',
      lat: null,
      lon: null,
      roles: ['RETRIEVER'],
      tonnes: '11.000',
      operations: 5,
    },
  ],
  links: [
    {
      producerSite: '/api/company_sites/12',
      retrieverSite: '/api/company_sites/40',
      tonnes: '11.000',
      operations: 5,
    },
  ],
};

const finalOutlets = {
  '@id': '/api/dashboard/map/producer/final_outlet?year=2025',
  '@type': 'DashboardMapFinalOutlets',
  year: 2025,
  role: 'producer',
  outlets: [
    {
      name: 'Centre de tri',
      siret: '99999999900011',
      address: 'Rue du Tri, 69200 Vénissieux',
      tonnes: '4.200',
      transitTonnes: '1.000',
      operations: 2,
      lat: 45.7,
      lon: 4.88,
      treatments: [
        { treatmentCode: 'R 3', family: 'MATERIAL', tonnes: '3.200', operations: 2 },
        { treatmentCode: 'R 13', family: 'TRANSIT', tonnes: '1.000', operations: 1 },
      ],
    },
  ],
  withoutOutlet: { operations: 1, tonnes: '4.000' },
};

describe('the dashboard map', () => {
  it('calls the two map endpoints with the year and the scope, and maps the sites, links and outlets', async () => {
    const scope = { year: '2025', producerCompanySiteId: '12', location: '69' };
    const api = nock(API)
      .get('/api/dashboard/map/producer/aggregate_data')
      .query(scope)
      .reply(200, aggregate, JSON_LD)
      .get('/api/dashboard/map/producer/final_outlet')
      .query(scope)
      .reply(200, finalOutlets, JSON_LD);
    const { body } = await graphql(
      gateway,
      MAP,
      { scope: { side: 'PRODUCER', producerSiteId: toGlobalId('Establishment', 12), location: '69' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(api.isDone()).toBe(true);
    expect(body.extensions.restCalls.count).toBe(2);
    const map = body.data.yearlyDashboard.map;
    expect(map.sites[0]).toEqual({
      establishmentId: toGlobalId('Establishment', 12),
      databaseId: 12,
      name: 'Usine de Lyon Gerland',
      companyName: 'Martin Industries',
      city: 'Lyon',
      department: '69',
      lat: 45.73,
      lon: 4.83,
      roles: ['PRODUCER'],
      tonnes: '11.000',
      operations: 5,
    });
    expect(map.sites[1]).toMatchObject({ lat: null, lon: null, roles: ['RETRIEVER'] });
    expect(map.links).toEqual([
      {
        producerEstablishmentId: toGlobalId('Establishment', 12),
        retrieverEstablishmentId: toGlobalId('Establishment', 40),
        tonnes: '11.000',
        operations: 5,
      },
    ]);
    expect(map.outlets[0]).toMatchObject({
      name: 'Centre de tri',
      lat: 45.7,
      transitTonnes: '1.000',
      treatments: [
        { treatmentCode: { code: 'R 3' }, family: 'MATERIAL', familyLabel: expect.any(String) },
        {
          treatmentCode: { code: 'R 13' },
          family: 'TRANSIT',
          familyLabel: 'Transit (traitement final inconnu)',
        },
      ],
    });
    expect(map.withoutOutlet).toEqual({ operations: 1, tonnes: '4.000' });
    expect(map.tiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© les contributeurs d’OpenStreetMap',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
  });

  it('a failing map call leaves the map null with its error, and the rest of the dashboard standing', async () => {
    nock(API)
      .get('/api/dashboard/map/retriever/aggregate_data')
      .query(true)
      .reply(200, { ...aggregate, role: 'retriever' }, JSON_LD)
      .get('/api/dashboard/map/retriever/final_outlet')
      .query(true)
      .reply(500, { status: 500, title: 'Erreur' }, { 'content-type': 'application/problem+json' })
      .get('/api/dashboardV2/retriever_waste_distribution_chart/me/year/2025')
      .reply(200, { lines: [{ flow: 'BOIS', label: 'Bois', tonnes: '3.000', operations: 1 }] }, JSON_LD);
    const { body } = await graphql(
      gateway,
      `query { yearlyDashboard(year: 2025, scope: { side: RETRIEVER }) {
        wasteDistribution { flow } map { sites { name } tiles { url } } } }`,
      {},
      { cookies },
    );
    expect(body.data.yearlyDashboard).toEqual({ wasteDistribution: [{ flow: 'BOIS' }], map: null });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions.code).toBe('UPSTREAM_ERROR');
    expect(body.errors[0].path).toEqual(['yearlyDashboard', 'map']);
  });

  it('says when the map has no tiles (MAP_TILE_URL=none)', async () => {
    nock(API)
      .get('/api/dashboard/map/producer/aggregate_data')
      .query({ year: '2025' })
      .reply(200, { ...aggregate, sites: [], links: [] }, JSON_LD)
      .get('/api/dashboard/map/producer/final_outlet')
      .query({ year: '2025' })
      .reply(
        200,
        { ...finalOutlets, outlets: [], withoutOutlet: { operations: 0, tonnes: '0.000' } },
        JSON_LD,
      );
    const { body } = await graphql(
      noTiles,
      `query { yearlyDashboard(year: 2025, scope: { side: PRODUCER }) {
        map { sites { name } outlets { name } tiles { url attribution attributionUrl } } } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.yearlyDashboard.map).toEqual({
      sites: [],
      outlets: [],
      tiles: { url: null, attribution: '', attributionUrl: null },
    });
  });
});

describe('the map tiles configuration', () => {
  it('defaults to OpenStreetMap, takes a tile server of its own, and refuses a malformed one at start', () => {
    expect(loadConfig({}).mapTiles.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(
      loadConfig({
        MAP_TILE_URL: 'https://tiles.example.fr/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Tuiles maison',
        MAP_TILE_ATTRIBUTION_URL: 'https://tiles.example.fr/credits',
      }).mapTiles,
    ).toEqual({
      url: 'https://tiles.example.fr/{z}/{x}/{y}.png',
      attribution: '© Tuiles maison',
      attributionUrl: 'https://tiles.example.fr/credits',
    });
    expect(loadConfig({ MAP_TILE_URL: 'NONE' }).mapTiles.url).toBeNull();
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.fr/tile.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_ATTRIBUTION_URL: 'ftp://example.fr' })).toThrow(
      /MAP_TILE_ATTRIBUTION_URL/,
    );
  });
});
