import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, type TestApi } from './helpers.ts';
import { expectProblem, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/**
 * The yearly summary against a hand-computed fixture: a site of its own (no demo history) with four realised
 * operations of 2025 whose tonnes, outlets (a transit R 13 first hop followed to its final outlets), costs and
 * CO2 are worked out below by hand, and one of 2024 and one cancelled that must not count.
 */

let api: TestApi;
let w: SkipWorld;
let siteId: number;

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
  const demo = api.demo!;
  // A new establishment of the demo producer's company, linked to the demo provider's site.
  siteId = (
    await api.db.one<{ id: number }>(
      `insert into company_sites (company_id, name, city, postcode, department, siret)
       values ($1, 'Site du tableau de bord', 'Lyon', '69001', '69', '73282932000074') returning id`,
      [demo.producerCompanyId],
    )
  ).id;
  await api.db.query('insert into site_links (producer_site_id, retriever_site_id) values ($1, $2)', [
    siteId,
    w.providerSiteId,
  ]);
  const waste = (code: string) => w.wastes.get(code)!.id;
  const operation = async (
    day: string,
    tonnes: string,
    thirdLevelWaste: number,
    outlets: [string, string, 'TONNE' | 'PERCENT'][],
    costs: [string, string] | null,
    status = 'REALISED',
  ) => {
    const { id } = await api.db.one<{ id: number }>(
      `insert into operations (type, status, company_site_id, provider_site_id, third_level_waste_id,
         planned_treatment_code, requested_date, received_quantity, real_intervention_date, created_at, updated_at)
       values ('ROTATION', $1, $2, $3, $4, 'R 13', $5, $6, $5, $5::date, $5::date) returning id`,
      [status, siteId, w.providerSiteId, thirdLevelWaste, day, tonnes],
    );
    for (const [index, [code, quantity, unit]] of outlets.entries()) {
      await api.db.query(
        `insert into operation_final_outlet_links (operation_id, position, name, treatment_code, quantity, quantity_unit)
         values ($1, $2, 'Exutoire', $3, $4, $5)`,
        [id, index + 1, code, quantity, unit],
      );
    }
    if (costs) {
      await api.db.query(
        'insert into operation_costs (operation_id, treatment_cost, transport_cost) values ($1, $2, $3)',
        [id, costs[0], costs[1]],
      );
    }
  };
  // Cardboard 2.5 t: 60 % recycled (R 3) = 1.5 t, 40 % burnt for energy (R 1) = 1 t. 85.50 €/t, 42 €/t.
  await operation(
    '2025-03-10',
    '2.500',
    waste('EMBALLAGES_CARTON'),
    [
      ['R 3', '60', 'PERCENT'],
      ['R 1', '40', 'PERCENT'],
    ],
    ['85.50', '42.00'],
  );
  // Mixed waste 4 t to landfill (D 5). 120 €/t, 40 €/t.
  await operation('2025-06-02', '4.000', waste('DAE_MELANGE'), [['D 5', '4', 'TONNE']], ['120.00', '40.00']);
  // Scrap metal 1.2 t: its outlets say where the R 13 transit ended, 1 t recycled (R 4), 0.2 t still R 13.
  await operation(
    '2025-09-15',
    '1.200',
    waste('FERRAILLE'),
    [
      ['R 4', '1', 'TONNE'],
      ['R 13', '0.2', 'TONNE'],
    ],
    null,
  );
  // Wood 3 t recycled, no CO2 factor for wood. No costs.
  await operation('2025-11-20', '3.000', waste('PALETTES_BOIS'), [['R 3', '100', 'PERCENT']], null);
  // Outside the year, and cancelled: never counted.
  await operation('2024-12-31', '9.000', waste('EMBALLAGES_CARTON'), [['R 3', '100', 'PERCENT']], null);
  await operation(
    '2025-05-05',
    '7.000',
    waste('EMBALLAGES_CARTON'),
    [['R 3', '100', 'PERCENT']],
    null,
    'CANCELLED',
  );
});
afterAll(() => api.close());

const scope = () => `producerCompanySiteId=${siteId}`;

describe('the yearly dashboard', () => {
  it('lists the years of the scope, latest first', async () => {
    const years = await get(api, `/api/dashboardV2/producer_year_list/me?${scope()}`, w.producer);
    expect(years.statusCode, years.body).toBe(200);
    expect(years.json()).toMatchObject({ years: [2025, 2024] });
  });

  it('adds up the year exactly, following transit to the final codes and keeping CO2 emitted and avoided apart', async () => {
    const response = await get(api, `/api/dashboardV2/producer_summary/me/year/2025?${scope()}`, w.producer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      year: 2025,
      operations: 4,
      // 2.5 + 4 + 1.2 + 3
      tonnes: '10.700',
      costs: {
        // 2.5 × 85.50 = 213.75; 4 × 120 = 480.00
        treatmentCost: '693.75',
        // 2.5 × 42 = 105.00; 4 × 40 = 160.00
        transportCost: '265.00',
        recyclingRevenue: '0.00',
      },
      valorisation: {
        // R 3 1.5 + R 4 1 + R 3 3 = 5.5 t material; R 1 1 t energy; D 5 4 t disposal; R 13 0.2 t in transit.
        materialTonnes: '5.500',
        energyTonnes: '1.000',
        disposalTonnes: '4.000',
        transitTonnes: '0.200',
        // (5.5 + 1) / 10.5 = 61.9 %; 5.5 / 10.5 = 52.4 %; 1 / 10.5 = 9.5 %
        valorisationRate: '61.9',
        materialRate: '52.4',
        energyRate: '9.5',
      },
      co2: {
        // Cardboard recycled 1.5 × 992 + burnt 1 × 120 + mixed landfilled 4 × 412 + steel recycled 1 × 0
        // = 1,488 + 120 + 1,648 = 3,256 kg; avoided 1.5 × -379 + 1 × -2,090 = -2,658.5 kg.
        emitted: '3.256',
        avoided: '-2.659',
        // Wood 3 t (no factor) and 0.2 t in transit.
        uncovered: '3.200',
      },
    });
  });

  it('is the provider’s mirror, and refuses another user’s figures', async () => {
    const mirror = await get(
      api,
      `/api/dashboardV2/retriever_summary/me/year/2025?producerCompanySiteId=${siteId}`,
      w.retriever,
    );
    expect(mirror.json()).toMatchObject({
      operations: 4,
      tonnes: '10.700',
      valorisation: { valorisationRate: '61.9' },
    });
    expectProblem(await get(api, '/api/dashboardV2/producer_summary/999999/year/2025', w.producer), 404);
    expectProblem(
      await get(api, '/api/dashboardV2/producer_summary/me/year/2025?producerCompanySiteId=abc', w.producer),
      400,
    );
    const none = await get(api, `/api/dashboardV2/producer_summary/me/year/2031?${scope()}`, w.producer);
    expect(none.json()).toMatchObject({
      operations: 0,
      tonnes: '0.000',
      valorisation: { valorisationRate: null },
    });
  });
});

describe('the charts of the year', () => {
  const chart = (name: string) =>
    get(api, `/api/dashboardV2/producer_${name}/me/year/2025?${scope()}`, w.producer).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Record<string, unknown>>();
    });

  it('gives costs by month, tonnes by month and flow, by final code, by flow and costs by flow', async () => {
    expect((await chart('treatment_cost_evolution')).months).toEqual([
      {
        month: 3,
        treatmentCost: '213.75',
        transportCost: '105.00',
        recyclingRevenue: '0.00',
        purchasePrice: '0.00',
      },
      {
        month: 6,
        treatmentCost: '480.00',
        transportCost: '160.00',
        recyclingRevenue: '0.00',
        purchasePrice: '0.00',
      },
      {
        month: 9,
        treatmentCost: '0.00',
        transportCost: '0.00',
        recyclingRevenue: '0.00',
        purchasePrice: '0.00',
      },
      {
        month: 11,
        treatmentCost: '0.00',
        transportCost: '0.00',
        recyclingRevenue: '0.00',
        purchasePrice: '0.00',
      },
    ]);
    expect((await chart('waste_evolution_chart')).lines).toEqual([
      { month: 3, flow: 'PAPIER_CARTON', label: 'Papier-carton', tonnes: '2.500' },
      { month: 6, flow: 'MELANGE', label: 'Déchets en mélange', tonnes: '4.000' },
      { month: 9, flow: 'METAUX', label: 'Métaux', tonnes: '1.200' },
      { month: 11, flow: 'BOIS', label: 'Bois', tonnes: '3.000' },
    ]);
    // The codes behind the rate: each final code with its tonnes and how many operations went there.
    expect((await chart('distribution_treatment_types_chart')).lines).toEqual([
      { family: 'DISPOSAL', treatmentCode: 'D 5', tonnes: '4.000', operations: 1 },
      { family: 'ENERGY', treatmentCode: 'R 1', tonnes: '1.000', operations: 1 },
      { family: 'MATERIAL', treatmentCode: 'R 3', tonnes: '4.500', operations: 2 },
      { family: 'MATERIAL', treatmentCode: 'R 4', tonnes: '1.000', operations: 1 },
      { family: 'TRANSIT', treatmentCode: 'R 13', tonnes: '0.200', operations: 1 },
    ]);
    expect((await chart('waste_distribution_chart')).lines).toEqual([
      { flow: 'MELANGE', label: 'Déchets en mélange', tonnes: '4.000', operations: 1 },
      { flow: 'BOIS', label: 'Bois', tonnes: '3.000', operations: 1 },
      { flow: 'PAPIER_CARTON', label: 'Papier-carton', tonnes: '2.500', operations: 1 },
      { flow: 'METAUX', label: 'Métaux', tonnes: '1.200', operations: 1 },
    ]);
    const byWaste = (await chart('costs_distribution_by_waste_chart')).lines as {
      flow: string;
      treatmentCost: string;
    }[];
    expect(byWaste.find((line) => line.flow === 'MELANGE')).toMatchObject({ treatmentCost: '480.00' });
  });
});

describe('the dashboard filters', () => {
  it('narrows to a company and to a department or a town of my side', async () => {
    const demo = api.demo!;
    const summary = (query: string) =>
      get(api, `/api/dashboardV2/producer_summary/me/year/2025?${scope()}&${query}`, w.producer).then(
        (response) => response.json<{ operations: number }>().operations,
      );
    expect(await summary(`companyId=${demo.producerCompanyId}`)).toBe(4);
    expect(await summary(`companyId=${demo.carrierCompanyId}`)).toBe(0);
    expect(await summary('location=69')).toBe(4);
    expect(await summary('location=lyon')).toBe(4);
    expect(await summary('location=13')).toBe(0);
    expectProblem(
      await get(api, '/api/dashboardV2/producer_summary/me/year/2025?location=%3Cscript%3E', w.producer),
      400,
    );
  });
});

describe('the monthly dashboard', () => {
  const monthly = (name: string, month: string, role = 'producer', user = w.producer) =>
    get(api, `/api/dashboardV2/${role}_${name}/me/month/${month}?${scope()}`, user).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Record<string, unknown>>();
    });

  it('sums one month like the year, by real intervention date', async () => {
    // March: the cardboard only (2.5 t; 60 % R 3, 40 % R 1; 85.50 and 42 €/t).
    expect(await monthly('detailed_summary', '2025/3')).toMatchObject({
      year: 2025,
      month: 3,
      operations: 1,
      tonnes: '2.500',
      costs: { treatmentCost: '213.75', transportCost: '105.00' },
      valorisation: { materialTonnes: '1.500', energyTonnes: '1.000', valorisationRate: '100.0' },
    });
    // September: the scrap metal, 1 t R 4 and 0.2 t still in transit, out of the rate.
    expect(await monthly('detailed_summary', '2025/09', 'retriever', w.retriever)).toMatchObject({
      operations: 1,
      tonnes: '1.200',
      valorisation: { materialTonnes: '1.000', transitTonnes: '0.200', valorisationRate: '100.0' },
    });
  });

  it('gives the light summary beside the month before (the cancelled May operation never counts)', async () => {
    expect(await monthly('detailed_summary_light', '2025/6')).toMatchObject({
      operations: 1,
      tonnes: '4.000',
      establishments: 1,
      providers: 1,
      incidents: 0,
      treatmentCost: '480.00',
      transportCost: '160.00',
      previous: { year: 2025, month: 5, operations: 0, tonnes: '0.000', treatmentCost: '0.00' },
    });
    expect(await monthly('detailed_summary_light', '2025/1')).toMatchObject({
      operations: 0,
      previous: { year: 2024, month: 12, operations: 1, tonnes: '9.000' },
    });
  });

  it('traces each waste of the month to its final codes, and charts it by day', async () => {
    expect((await monthly('detailed_summary_by_waste', '2025/3')).lines).toEqual([
      expect.objectContaining({
        flow: 'PAPIER_CARTON',
        operations: 1,
        tonnes: '2.500',
        treatmentCost: '213.75',
        treatments: [
          { family: 'MATERIAL', treatmentCode: 'R 3', tonnes: '1.500', operations: 1 },
          { family: 'ENERGY', treatmentCode: 'R 1', tonnes: '1.000', operations: 1 },
        ],
      }),
    ]);
    expect((await monthly('detailed_waste_chart', '2025/9')).lines).toEqual([
      { day: 15, flow: 'METAUX', label: 'Métaux', tonnes: '1.200' },
    ]);
    expect((await monthly('detailed_cost_chart', '2025/6')).days).toEqual([
      {
        day: 2,
        treatmentCost: '480.00',
        transportCost: '160.00',
        recyclingRevenue: '0.00',
        purchasePrice: '0.00',
      },
    ]);
    expect((await monthly('detailed_cost_chart', '2025/7')).days).toEqual([]);
  });

  it('refuses a month that does not exist and another user’s figures', async () => {
    expectProblem(
      await get(api, `/api/dashboardV2/producer_detailed_summary/me/month/2025/13`, w.producer),
      400,
    );
    expectProblem(
      await get(api, `/api/dashboardV2/producer_detailed_summary/me/month/2025/0`, w.producer),
      400,
    );
    expectProblem(
      await get(api, `/api/dashboardV2/producer_detailed_summary/999999/month/2025/3`, w.producer),
      404,
    );
  });
});
