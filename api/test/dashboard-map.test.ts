import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, type TestApi } from './helpers.ts';
import { expectProblem, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/**
 * The dashboard map against a hand-computed fixture: a producer site of its own (no demo history, in Lyon)
 * served by two provider sites, P (the demo provider's) and Q (another provider's), with five realised
 * operations of 2025 whose outlets are: A, whose SIRET is an establishment's with coordinates (placed); B, a
 * SIRET no establishment has (not placed); C, no SIRET, written twice with different case (one outlet by name
 * and address); and an operation without outlets. One of 2024 and one cancelled must not count.
 */

let api: TestApi;
let w: SkipWorld;
let siteId: number;
let located: { id: number; lat: number; lon: number };

const SIRET_A = '99999999900011';
const SIRET_B = '88888888800022';

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
  const demo = api.demo!;
  siteId = (
    await api.db.one<{ id: number }>(
      `insert into company_sites (company_id, name, city, postcode, department, siret, lat, lon)
       values ($1, 'Site de la carte', 'Lyon', '69007', '69', '73282932000074', 45.7485, 4.8467) returning id`,
      [demo.producerCompanyId],
    )
  ).id;
  for (const provider of [w.providerSiteId, w.otherProviderSiteId]) {
    await api.db.query('insert into site_links (producer_site_id, retriever_site_id) values ($1, $2)', [
      siteId,
      provider,
    ]);
  }
  // Outlet A is also an establishment of the portal (the provider's sorting centre), with coordinates.
  located = await api.db.one<{ id: number; lat: number; lon: number }>(
    `insert into company_sites (company_id, name, city, postcode, department, siret, lat, lon)
     values ($1, 'Centre de tri de Vénissieux', 'Vénissieux', '69200', '69', $2, 45.7037, 4.8868)
     returning id, lat, lon`,
    [demo.retrieverCompanyId, SIRET_A],
  );
  const waste = w.wastes.get('EMBALLAGES_CARTON')!.id;
  const operation = async (
    provider: number,
    day: string,
    tonnes: string,
    outlets: [string, string | null, string | null, string, string, 'TONNE' | 'PERCENT'][],
    status = 'REALISED',
  ) => {
    const { id } = await api.db.one<{ id: number }>(
      `insert into operations (type, status, company_site_id, provider_site_id, third_level_waste_id,
         planned_treatment_code, requested_date, received_quantity, real_intervention_date, created_at, updated_at)
       values ('ROTATION', $1, $2, $3, $4, 'R 13', $5, $6, $5, $5::date, $5::date) returning id`,
      [status, siteId, provider, waste, day, tonnes],
    );
    for (const [index, [name, siret, address, code, quantity, unit]] of outlets.entries()) {
      await api.db.query(
        `insert into operation_final_outlet_links
           (operation_id, position, name, siret, address, treatment_code, quantity, quantity_unit)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, index + 1, name, siret, address, code, quantity, unit],
      );
    }
  };
  const P = w.providerSiteId;
  const Q = w.otherProviderSiteId;
  const A = 'Centre de tri de Vénissieux';
  const B = 'Unité de valorisation de Bègles';
  const C = 'Plateforme de compostage';
  const cAddress = '1 route du Moulin, 69100 Villeurbanne';
  // 1. P, 2 t: 60 % to A (R 3) = 1.2 t, 40 % to B (R 1) = 0.8 t.
  await operation(P, '2025-02-10', '2.000', [
    [A, SIRET_A, 'Rue du Tri, 69200 Vénissieux', 'R 3', '60', 'PERCENT'],
    [B, SIRET_B, 'Quai Wilson, 33130 Bègles', 'R 1', '40', 'PERCENT'],
  ]);
  // 2. P, 3 t: all to A, 2 t recycled (R 3) and 1 t still in transit (R 13).
  await operation(P, '2025-04-02', '3.000', [
    [A, SIRET_A, 'Rue du Tri, 69200 Vénissieux', 'R 3', '2', 'TONNE'],
    [A, SIRET_A, 'Rue du Tri, 69200 Vénissieux', 'R 13', '1', 'TONNE'],
  ]);
  // 3. Q, 1.5 t to C (R 3); 4. Q, 0.5 t to C written otherwise (D 5): one outlet, no SIRET.
  await operation(Q, '2025-06-15', '1.500', [[C, null, cAddress, 'R 3', '100', 'PERCENT']]);
  await operation(Q, '2025-07-01', '0.500', [
    [' plateforme de COMPOSTAGE', null, `${cAddress} `, 'D 5', '0.5', 'TONNE'],
  ]);
  // 5. P, 4 t whose outlets are not known yet.
  await operation(P, '2025-10-20', '4.000', []);
  // Outside the year, and cancelled: never counted.
  await operation(P, '2024-12-31', '9.000', [[B, SIRET_B, null, 'R 1', '100', 'PERCENT']]);
  await operation(Q, '2025-05-05', '7.000', [[B, SIRET_B, null, 'R 1', '100', 'PERCENT']], 'CANCELLED');
});
afterAll(() => api.close());

const map = async (
  path:
    | 'producer/aggregate_data'
    | 'producer/final_outlet'
    | 'retriever/aggregate_data'
    | 'retriever/final_outlet',
  query: string,
  session = w.producer,
) => {
  const response = await get(api, `/api/dashboard/map/${path}?${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Record<string, unknown>>();
};

const iri = (id: number) => `/api/company_sites/${id}`;

describe('the sites of the map', () => {
  it('gives each producer and provider site with its coordinates, roles and tonnes, and the tonnes between them', async () => {
    const provider = await api.db.one<{ name: string; lat: number | null; lon: number | null; city: string }>(
      'select name, lat, lon, city from company_sites where id = $1',
      [w.providerSiteId],
    );
    const body = await map('producer/aggregate_data', `year=2025&producerCompanySiteId=${siteId}`);
    expect(body).toMatchObject({ '@type': 'DashboardMapData', year: 2025, role: 'producer' });
    const sites = body.sites as Record<string, unknown>[];
    expect(sites).toHaveLength(3);
    expect(sites.find((site) => site.id === siteId)).toEqual({
      '@id': iri(siteId),
      '@type': 'CompanySite',
      id: siteId,
      name: 'Site de la carte',
      company: `/api/companies/${api.demo!.producerCompanyId}`,
      companyName: expect.any(String),
      city: 'Lyon',
      department: '69',
      lat: 45.7485,
      lon: 4.8467,
      roles: ['PRODUCER'],
      // 2 + 3 + 1.5 + 0.5 + 4
      tonnes: '11.000',
      operations: 5,
    });
    expect(sites.find((site) => site.id === w.providerSiteId)).toMatchObject({
      name: provider.name,
      city: provider.city,
      lat: provider.lat,
      lon: provider.lon,
      roles: ['RETRIEVER'],
      // 2 + 3 + 4
      tonnes: '9.000',
      operations: 3,
    });
    expect(sites.find((site) => site.id === w.otherProviderSiteId)).toMatchObject({
      roles: ['RETRIEVER'],
      tonnes: '2.000',
      operations: 2,
    });
    expect(body.links).toEqual(
      [
        { producerSite: iri(siteId), retrieverSite: iri(w.providerSiteId), tonnes: '9.000', operations: 3 },
        {
          producerSite: iri(siteId),
          retrieverSite: iri(w.otherProviderSiteId),
          tonnes: '2.000',
          operations: 2,
        },
      ].sort((a, b) => a.retrieverSite.localeCompare(b.retrieverSite, 'en', { numeric: true })),
    );
  });

  it('follows the scope: a provider site, a location, another year', async () => {
    const narrowed = await map(
      'producer/aggregate_data',
      `year=2025&producerCompanySiteId=${siteId}&retrieverCompanySiteId=${w.otherProviderSiteId}`,
    );
    expect(
      (narrowed.sites as { id: number; tonnes: string }[]).map(({ id, tonnes }) => ({ id, tonnes })),
    ).toEqual(
      expect.arrayContaining([
        { id: siteId, tonnes: '2.000' },
        { id: w.otherProviderSiteId, tonnes: '2.000' },
      ]),
    );
    expect(narrowed.sites).toHaveLength(2);
    expect(narrowed.links).toHaveLength(1);
    const lyon = await map(
      'producer/aggregate_data',
      `year=2025&producerCompanySiteId=${siteId}&location=lyon`,
    );
    expect(lyon.sites).toHaveLength(3);
    const elsewhere = await map(
      'producer/aggregate_data',
      `year=2025&producerCompanySiteId=${siteId}&location=13`,
    );
    expect(elsewhere).toMatchObject({ sites: [], links: [] });
    const before = await map('producer/aggregate_data', `year=2024&producerCompanySiteId=${siteId}`);
    expect(before.sites).toHaveLength(2);
    expect(before.links).toEqual([
      { producerSite: iri(siteId), retrieverSite: iri(w.providerSiteId), tonnes: '9.000', operations: 1 },
    ]);
  });
});

describe('the final outlets of the map', () => {
  it('groups the outlets by SIRET (by name and address without one), codes apart, placed only by an establishment’s SIRET', async () => {
    const body = await map('producer/final_outlet', `year=2025&producerCompanySiteId=${siteId}`);
    expect(body).toMatchObject({ '@type': 'DashboardMapFinalOutlets', year: 2025, role: 'producer' });
    expect(body.outlets).toEqual([
      {
        name: 'Centre de tri de Vénissieux',
        siret: SIRET_A,
        address: 'Rue du Tri, 69200 Vénissieux',
        // 1.2 + 2 + 1
        tonnes: '4.200',
        transitTonnes: '1.000',
        operations: 2,
        lat: located.lat,
        lon: located.lon,
        treatments: [
          { treatmentCode: 'R 3', family: 'MATERIAL', tonnes: '3.200', operations: 2 },
          { treatmentCode: 'R 13', family: 'TRANSIT', tonnes: '1.000', operations: 1 },
        ],
      },
      {
        name: 'Plateforme de compostage',
        siret: null,
        address: '1 route du Moulin, 69100 Villeurbanne',
        tonnes: '2.000',
        transitTonnes: '0.000',
        operations: 2,
        lat: null,
        lon: null,
        treatments: [
          { treatmentCode: 'R 3', family: 'MATERIAL', tonnes: '1.500', operations: 1 },
          { treatmentCode: 'D 5', family: 'DISPOSAL', tonnes: '0.500', operations: 1 },
        ],
      },
      {
        name: 'Unité de valorisation de Bègles',
        siret: SIRET_B,
        address: 'Quai Wilson, 33130 Bègles',
        tonnes: '0.800',
        transitTonnes: '0.000',
        operations: 1,
        lat: null,
        lon: null,
        treatments: [{ treatmentCode: 'R 1', family: 'ENERGY', tonnes: '0.800', operations: 1 }],
      },
    ]);
    // Operation 5: its tonnes went somewhere not said yet.
    expect(body.withoutOutlet).toEqual({ operations: 1, tonnes: '4.000' });
  });

  it('follows the scope', async () => {
    const narrowed = await map(
      'producer/final_outlet',
      `year=2025&producerCompanySiteId=${siteId}&retrieverCompanySiteId=${w.otherProviderSiteId}`,
    );
    expect((narrowed.outlets as { name: string }[]).map((outlet) => outlet.name)).toEqual([
      'Plateforme de compostage',
    ]);
    expect(narrowed.withoutOutlet).toEqual({ operations: 0, tonnes: '0.000' });
    const none = await map('producer/final_outlet', `year=2031&producerCompanySiteId=${siteId}`);
    expect(none).toMatchObject({ outlets: [], withoutOutlet: { operations: 0, tonnes: '0.000' } });
  });
});

describe('who sees what on the map', () => {
  it('shows a provider only the operations it provides: the other provider’s site and outlets stay hidden', async () => {
    const sites = await map(
      'retriever/aggregate_data',
      `year=2025&producerCompanySiteId=${siteId}`,
      w.retriever,
    );
    const ids = (sites.sites as { id: number }[]).map((site) => site.id);
    expect(ids).toEqual(expect.arrayContaining([siteId, w.providerSiteId]));
    expect(ids).not.toContain(w.otherProviderSiteId);
    expect(sites.sites).toHaveLength(2);
    const outlets = await map(
      'retriever/final_outlet',
      `year=2025&producerCompanySiteId=${siteId}`,
      w.retriever,
    );
    expect(
      (outlets.outlets as { name: string; tonnes: string }[]).map(({ name, tonnes }) => ({ name, tonnes })),
    ).toEqual([
      { name: 'Centre de tri de Vénissieux', tonnes: '4.200' },
      { name: 'Unité de valorisation de Bègles', tonnes: '0.800' },
    ]);
    expect(outlets.withoutOutlet).toEqual({ operations: 1, tonnes: '4.000' });
  });

  it('shows nothing of sites a user is not linked to', async () => {
    for (const session of [w.chantier, w.carrier]) {
      expect(
        await map('producer/aggregate_data', `year=2025&producerCompanySiteId=${siteId}`, session),
      ).toMatchObject({ sites: [], links: [] });
      expect(
        await map('producer/final_outlet', `year=2025&producerCompanySiteId=${siteId}`, session),
      ).toMatchObject({
        outlets: [],
        withoutOutlet: { operations: 0 },
      });
    }
    expectProblem(await get(api, `/api/dashboard/map/producer/aggregate_data?year=2025`), 401);
  });
});

describe('where the map places an outlet', () => {
  it('places it by an establishment with its SIRET first, else by a provider’s directory entry (by SIRET, or by the name and address an entry was made from), the first by id', async () => {
    const { key: keyOfC } = await api.db.one<{ key: string }>(
      `select distinct outlet_key as key from dashboard_month_outlet_sites
       where company_site_id = $1 and outlet_key like 'N%'`,
      [siteId],
    );
    const entries = await api.db.query<{ id: number }>(
      `insert into final_outlets (company_site_id, name, siret, source_key, lat, lon) values
         ($1, 'A dans l''annuaire', $2, null, 1.5, 1.5),
         ($1, 'B dans l''annuaire', $3, null, 44.8, -0.55),
         ($1, 'B en double', $3, null, 2.5, 2.5),
         ($1, 'C dans l''annuaire', null, $4, 45.77, 4.88)
       returning id`,
      [w.providerSiteId, SIRET_A, SIRET_B, keyOfC],
    );
    try {
      const body = await map('producer/final_outlet', `year=2025&producerCompanySiteId=${siteId}`);
      const places = Object.fromEntries(
        (body.outlets as { name: string; lat: number | null; lon: number | null }[]).map((outlet) => [
          outlet.name,
          [outlet.lat, outlet.lon],
        ]),
      );
      expect(places).toEqual({
        'Centre de tri de Vénissieux': [located.lat, located.lon],
        'Plateforme de compostage': [45.77, 4.88],
        'Unité de valorisation de Bègles': [44.8, -0.55],
      });
    } finally {
      await api.db.query('delete from final_outlets where id = any($1::int[])', [
        entries.map((entry) => entry.id),
      ]);
    }
  });
});

describe('the map’s inputs', () => {
  it('refuses a missing or malformed year and a malformed scope with a French message', async () => {
    const problem = async (url: string) => {
      const response = await get(api, url, w.producer);
      expectProblem(response, 400);
      return response.json<{ detail: string }>().detail;
    };
    expect(await problem('/api/dashboard/map/producer/aggregate_data')).toContain('« year » est obligatoire');
    expect(await problem('/api/dashboard/map/producer/final_outlet?year=25')).toContain(
      'une année sur 4 chiffres',
    );
    expect(await problem('/api/dashboard/map/retriever/final_outlet?year=2025abc')).toContain('« year »');
    expect(
      await problem('/api/dashboard/map/producer/aggregate_data?year=2025&producerCompanySiteId=abc'),
    ).toBe('Le paramètre « producerCompanySiteId » attend un identifiant.');
    expect(
      await problem('/api/dashboard/map/producer/aggregate_data?year=2025&location=%3Cscript%3E'),
    ).toContain('« location »');
    expectProblem(await get(api, '/api/dashboard/map/carrier/aggregate_data?year=2025', w.producer), 404);
  });
});
