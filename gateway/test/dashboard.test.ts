import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, JSON_LD, THIRD_LEVEL_WASTES } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

/** The dashboard over the api's aggregations: one call per widget, in parallel, each failing on its own. */

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const costs = {
  treatmentCost: '213.75',
  transportCost: '105.00',
  recyclingRevenue: '0.00',
  purchasePrice: '0.00',
};

const gateway = useTestGateway();

const DASHBOARD = /* GraphQL */ `
  query Dashboard($scope: DashboardScope!) {
    dashboardYears(scope: $scope)
    yearlyDashboard(year: 2025, scope: $scope) {
      year
      summary { operations tonnes costs { treatmentCost } valorisation { valorisationRate transitTonnes }
        co2 { emitted avoided factorsVersion } }
      costEvolution { month costs { treatmentCost } }
      wasteEvolution { month flow tonnes }
      treatmentDistribution { family familyLabel treatmentCode { code } tonnes operations }
      wasteDistribution { flow label tonnes }
      costsByWaste { flow costs { transportCost } }
    }
  }
`;

describe('the yearly dashboard', () => {
  it('sends one call per widget with the scope, and maps the answers', async () => {
    const scope = {
      producerCompanySiteId: '12',
      producerCompanySiteEntityId: '5',
      companyId: '3',
      location: '69',
    };
    const path = (name: string) => `/api/dashboardV2/producer_${name}/me/year/2025`;
    const api = nock(API)
      .get('/api/dashboardV2/producer_year_list/me')
      .query(scope)
      .reply(200, { years: [2025, 2024] }, JSON_LD)
      .get(path('summary'))
      .query(scope)
      .reply(
        200,
        {
          operations: 4,
          tonnes: '10.700',
          costs,
          valorisation: { valorisationRate: '61.9', transitTonnes: '0.200' },
          co2: {
            emitted: '3.256',
            avoided: '-2.659',
            uncovered: '3.200',
            factorsVersion: 'v1',
            uncertainty: 'u',
          },
        },
        JSON_LD,
      )
      .get(path('treatment_cost_evolution'))
      .query(scope)
      .reply(200, { months: [{ month: 3, ...costs }] }, JSON_LD)
      .get(path('waste_evolution_chart'))
      .query(scope)
      .reply(
        200,
        { lines: [{ month: 3, flow: 'PAPIER_CARTON', label: 'Papier-carton', tonnes: '2.500' }] },
        JSON_LD,
      )
      .get(path('distribution_treatment_types_chart'))
      .query(scope)
      .reply(
        200,
        { lines: [{ family: 'TRANSIT', treatmentCode: 'R 13', tonnes: '0.200', operations: 1 }] },
        JSON_LD,
      )
      .get(path('waste_distribution_chart'))
      .query(scope)
      .reply(200, { lines: [{ flow: 'BOIS', label: 'Bois', tonnes: '3.000', operations: 1 }] }, JSON_LD)
      .get(path('costs_distribution_by_waste_chart'))
      .query(scope)
      .reply(200, { lines: [{ flow: 'MELANGE', label: 'Déchets en mélange', ...costs }] }, JSON_LD);
    const { body } = await graphql(
      gateway,
      DASHBOARD,
      {
        scope: {
          side: 'PRODUCER',
          producerSiteId: toGlobalId('Establishment', 12),
          producerEntityId: toGlobalId('Entity', 5),
          companyId: toGlobalId('Company', 3),
          location: ' 69 ',
        },
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.dashboardYears).toEqual([2025, 2024]);
    expect(body.data.yearlyDashboard).toMatchObject({
      year: 2025,
      summary: { operations: 4, tonnes: '10.700', valorisation: { valorisationRate: '61.9' } },
      costEvolution: [{ month: 3, costs: { treatmentCost: '213.75' } }],
      treatmentDistribution: [
        {
          family: 'TRANSIT',
          familyLabel: 'Transit (traitement final inconnu)',
          treatmentCode: { code: 'R 13' },
        },
      ],
      wasteDistribution: [{ flow: 'BOIS', tonnes: '3.000' }],
      costsByWaste: [{ flow: 'MELANGE', costs: { transportCost: '105.00' } }],
    });
    expect(api.isDone()).toBe(true);
    expect(body.extensions.restCalls.count).toBe(7);
  });

  it('one failing widget fails its own field only', async () => {
    const path = (name: string) => `/api/dashboardV2/retriever_${name}/me/year/2025`;
    nock(API)
      .get(path('summary'))
      .reply(500, { status: 500, title: 'Erreur' }, { 'content-type': 'application/problem+json' })
      .get(path('waste_distribution_chart'))
      .reply(200, { lines: [] }, JSON_LD);
    const { body } = await graphql(
      gateway,
      `query { yearlyDashboard(year: 2025, scope: { side: RETRIEVER }) {
        summary { operations } wasteDistribution { flow } } }`,
      {},
      { cookies },
    );
    expect(body.data.yearlyDashboard).toEqual({ summary: null, wasteDistribution: [] });
    expect(body.errors[0].extensions.code).toBe('UPSTREAM_ERROR');
    expect(body.errors[0].path).toEqual(['yearlyDashboard', 'summary']);
  });
});

describe('the monthly dashboard', () => {
  it('sends one call per widget for the month, the waste types read once for every line', async () => {
    const path = (name: string) => `/api/dashboardV2/retriever_${name}/me/month/2025/3`;
    const light = {
      operations: 2,
      tonnes: '3.700',
      containers: 2,
      establishments: 1,
      providers: 1,
      incidents: 1,
      treatmentCost: '213.75',
      transportCost: '105.00',
    };
    const treatments = [{ family: 'MATERIAL', treatmentCode: 'R 3', tonnes: '1.500', operations: 1 }];
    const api = nock(API)
      .get(path('detailed_summary_light'))
      .query({ retrieverCompanySiteId: '7' })
      .reply(200, { ...light, previous: { ...light, year: 2025, month: 2, operations: 0 } }, JSON_LD)
      .get(path('detailed_summary_by_waste'))
      .query({ retrieverCompanySiteId: '7' })
      .reply(
        200,
        {
          lines: [
            {
              thirdLevelWasteId: 2,
              wasteCode: '15 01 01',
              flow: 'PAPIER_CARTON',
              flowLabel: 'Papier-carton',
              operations: 1,
              tonnes: '2.500',
              ...costs,
              treatments,
            },
            {
              thirdLevelWasteId: 3,
              wasteCode: '17 04 05',
              flow: 'METAUX',
              flowLabel: 'Métaux',
              operations: 1,
              tonnes: '1.200',
              ...costs,
              treatments: [],
            },
          ],
        },
        JSON_LD,
      )
      .get('/api/third_level_wastes')
      .query(true)
      .reply(200, collection('third_level_wastes', THIRD_LEVEL_WASTES), JSON_LD)
      .get(path('detailed_cost_chart'))
      .query({ retrieverCompanySiteId: '7' })
      .reply(200, { days: [{ day: 10, ...costs }] }, JSON_LD);
    const { body } = await graphql(
      gateway,
      `query Monthly($scope: DashboardScope!) {
        monthlyDashboard(year: 2025, month: 3, scope: $scope) {
          year month
          light { current { month operations incidents } previous { year month operations } }
          byWaste { thirdLevelWaste { label } wasteCode { code } tonnes costs { treatmentCost }
            treatments { familyLabel treatmentCode { code } tonnes } }
          costChart { day costs { transportCost } }
        }
      }`,
      { scope: { side: 'RETRIEVER', retrieverSiteId: toGlobalId('Establishment', 7) } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.monthlyDashboard).toEqual({
      year: 2025,
      month: 3,
      light: {
        current: { month: 3, operations: 2, incidents: 1 },
        previous: { year: 2025, month: 2, operations: 0 },
      },
      byWaste: [
        {
          thirdLevelWaste: { label: 'Emballages en carton' },
          wasteCode: { code: '15 01 01' },
          tonnes: '2.500',
          costs: { treatmentCost: '213.75' },
          treatments: [
            { familyLabel: 'Valorisation matière', treatmentCode: { code: 'R 3' }, tonnes: '1.500' },
          ],
        },
        {
          thirdLevelWaste: { label: 'Ferraille' },
          wasteCode: { code: '17 04 05' },
          tonnes: '1.200',
          costs: { treatmentCost: '213.75' },
          treatments: [],
        },
      ],
      costChart: [{ day: 10, costs: { transportCost: '105.00' } }],
    });
    expect(api.isDone()).toBe(true);
    // Three widgets and the waste types, once.
    expect(body.extensions.restCalls.count).toBe(4);
  });
});
