import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, idsOf, JSON_LD, PROBLEM, problem, siteItem, THIRD_LEVEL_WASTES } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

/**
 * The costs of a month (`/mes-couts`): one REST call for the lines, the establishments and the wastes batched,
 * whatever the number of lines, and totals added up exactly (never in floating point).
 */

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };

const gateway = useTestGateway();

const MONTHLY_COSTS = /* GraphQL */ `
  query MonthlyCosts($year: Int!, $month: Int!, $scope: DashboardScope!) {
    monthlyCosts(year: $year, month: $month, scope: $scope) {
      year
      month
      total { ...figures }
      byEstablishment { establishment { databaseId displayName } figures { ...figures } }
      byWaste { waste { label wasteCode { code } } figures { ...figures } }
    }
  }
  fragment figures on CostFigures {
    operations tonnes treatmentCost transportCost recyclingRevenue purchasePrice netCost
  }
`;

/** Six establishments (17 first by company name; 16 the caller no longer sees) times the four wastes and none. */
const SITE_IDS = [12, 13, 14, 15, 16, 17];
const WASTES = [...THIRD_LEVEL_WASTES.map((waste) => waste['@id']), null];
// Amounts whose float sums drift (0.1 + 0.2 ...): 30 lines of them.
const LINES = SITE_IDS.flatMap((siteId) =>
  WASTES.map((waste) => ({
    companySite: `/api/company_sites/${siteId}`,
    thirdLevelWaste: waste,
    operations: 1,
    tonnes: '0.101',
    treatmentCost: '0.10',
    transportCost: '0.20',
    recyclingRevenue: '0.30',
    purchasePrice: '0.05',
  })),
);
const companyOf: Record<number, number> = { 12: 9, 13: 10, 14: 11, 15: 12, 17: 1 };

describe('the costs of a month', () => {
  it('costs one call for the lines, one for the establishments, one for the wastes, and adds up exactly', async () => {
    const api = nock(API)
      .get('/api/operation_cost/get_monthly_cost')
      .query({ year: '2025', month: '3', role: 'producer', producerCompanySiteId: '12' })
      .reply(200, { year: 2025, month: 3, role: 'producer', lines: LINES }, JSON_LD)
      .get('/api/company_sites')
      .query((query) => query.pagination === 'false')
      .reply((uri: string) => [
        200,
        collection(
          'company_sites',
          idsOf(uri, 'id[]')
            .filter((id) => id !== 16)
            .map((id) => siteItem(id, companyOf[id] ?? 0)),
        ),
        JSON_LD,
      ])
      .get('/api/third_level_wastes')
      .query(true)
      .reply(200, collection('third_level_wastes', THIRD_LEVEL_WASTES), JSON_LD);
    const { body } = await graphql(
      gateway,
      MONTHLY_COSTS,
      { year: 2025, month: 3, scope: { side: 'PRODUCER', producerSiteId: toGlobalId('Establishment', 12) } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(api.isDone()).toBe(true);
    expect(body.extensions.restCalls.count).toBe(3);
    const costs = body.data.monthlyCosts;
    expect(costs).toMatchObject({ year: 2025, month: 3 });
    // 30 × 0.10 is 3.00, not 3.0000000000000013; net = treatment + transport - revenue - buy-back.
    expect(costs.total).toEqual({
      operations: 30,
      tonnes: '3.030',
      treatmentCost: '3.00',
      transportCost: '6.00',
      recyclingRevenue: '9.00',
      purchasePrice: '1.50',
      netCost: '-1.50',
    });
    const perSite = {
      operations: 5,
      tonnes: '0.505',
      treatmentCost: '0.50',
      transportCost: '1.00',
      recyclingRevenue: '1.50',
      purchasePrice: '0.25',
      netCost: '-0.25',
    };
    // By company > site name in French order (Entreprise 9 before Entreprise 10), the unseen one last.
    expect(
      costs.byEstablishment.map(
        (row: { establishment: { databaseId: number } | null }) => row.establishment?.databaseId ?? null,
      ),
    ).toEqual([17, 12, 13, 14, 15, null]);
    expect(costs.byEstablishment[0]).toEqual({
      establishment: { databaseId: 17, displayName: 'Entreprise 1 > Site 0017' },
      figures: perSite,
    });
    for (const row of costs.byEstablishment) expect(row.figures).toEqual(perSite);
    // By label, the unclassified last.
    expect(costs.byWaste.map((row: { waste: { label: string } | null }) => row.waste?.label ?? null)).toEqual(
      ['Emballages en carton', 'Ferraille', 'Papier de bureau', 'Solvants halogénés', null],
    );
    expect(costs.byWaste[0]).toEqual({
      waste: { label: 'Emballages en carton', wasteCode: { code: '15 01 01' } },
      figures: {
        operations: 6,
        tonnes: '0.606',
        treatmentCost: '0.60',
        transportCost: '1.20',
        recyclingRevenue: '1.80',
        purchasePrice: '0.30',
        netCost: '-0.30',
      },
    });
  });

  it("sends the provider's side and its scope; an empty month asks for nothing else", async () => {
    const api = nock(API)
      .get('/api/operation_cost/get_monthly_cost')
      .query({ year: '2024', month: '12', role: 'retriever', retrieverCompanySiteId: '7', location: '69' })
      .reply(200, { year: 2024, month: 12, role: 'retriever', lines: [] }, JSON_LD);
    const { body } = await graphql(
      gateway,
      MONTHLY_COSTS,
      {
        year: 2024,
        month: 12,
        scope: { side: 'RETRIEVER', retrieverSiteId: toGlobalId('Establishment', 7), location: ' 69 ' },
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(api.isDone()).toBe(true);
    expect(body.extensions.restCalls.count).toBe(1);
    expect(body.data.monthlyCosts).toMatchObject({
      total: { operations: 0, tonnes: '0.000', treatmentCost: '0.00', netCost: '0.00' },
      byEstablishment: [],
      byWaste: [],
    });
  });

  it('refuses a month out of range in French, and an id of another type scopes to nothing, without a call', async () => {
    const wrongMonth = await graphql(
      gateway,
      MONTHLY_COSTS,
      { year: 2025, month: 13, scope: { side: 'PRODUCER' } },
      { cookies },
    );
    expect(wrongMonth.body.data.monthlyCosts).toBeNull();
    expect(wrongMonth.body.errors).toMatchObject([
      { message: 'Le mois doit être compris entre 1 et 12.', extensions: { code: 'BAD_USER_INPUT' } },
    ]);
    const wrongType = await graphql(
      gateway,
      MONTHLY_COSTS,
      { year: 2025, month: 3, scope: { side: 'PRODUCER', producerSiteId: toGlobalId('Entity', 12) } },
      { cookies },
    );
    expect(wrongType.body.errors).toBeUndefined();
    expect(wrongType.body.data.monthlyCosts).toMatchObject({ total: { operations: 0 }, byEstablishment: [] });
    expect(wrongType.body.extensions.restCalls.count).toBe(0);
  });

  it('a failing api fails the field alone, with its French message', async () => {
    nock(API)
      .get('/api/operation_cost/get_monthly_cost')
      .query(true)
      .reply(500, problem(500, 'Erreur'), PROBLEM)
      .get('/api/dashboardV2/producer_year_list/me')
      .reply(200, { years: [2025] }, JSON_LD);
    const { body } = await graphql(
      gateway,
      `query Costs($scope: DashboardScope!) {
        dashboardYears(scope: $scope)
        monthlyCosts(year: 2025, month: 3, scope: $scope) { total { operations } }
      }`,
      { scope: { side: 'PRODUCER' } },
      { cookies },
    );
    expect(body.data).toEqual({ dashboardYears: [2025], monthlyCosts: null });
    expect(body.errors).toMatchObject([{ path: ['monthlyCosts'], extensions: { code: 'UPSTREAM_ERROR' } }]);
  });
});
