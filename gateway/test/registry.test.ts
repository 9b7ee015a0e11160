import type { RegisterLine } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import type { RestRegisterLine, RestRegisterPage } from '../src/schema/registry/rest.ts';
import { JSON_LD, userItem } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const gateway = useTestGateway();

const party = {
  name: 'Acme',
  siret: '73282932000074',
  address: '1 rue X',
  postalCode: '69001',
  city: 'Lyon',
};
const line = (id: number, fields: Partial<RegisterLine> = {}): RestRegisterLine => ({
  id: `/api/operations/${id}`,
  source: 'OPERATION',
  shipmentDate: '2025-03-10',
  wasteDescription: 'Carton',
  wasteCode: '15 01 01',
  pop: false,
  dangerous: false,
  slipNumbers: [],
  weight: '2.500',
  weightIsEstimate: false,
  origin: party,
  pickupSite: null,
  ecoOrganisation: null,
  broker: null,
  carriers: [],
  destination: party,
  plannedTreatmentCode: 'R 13',
  treatmentCode: 'R 13',
  qualification: null,
  finalTreatments: [{ siret: null, treatmentCode: 'R 3', qualification: 'RECYCLAGE', weight: '2.500' }],
  missing: ['carrier'],
  cursor: `c${id}`,
  ...fields,
});

const QUERY = `query ($filter: RegisterFilter, $first: Int, $after: String) {
  viewer {
    registerLines(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { operationId shipmentDate weight missing missingLabels
        finalTreatments { treatmentCode qualificationLabel } } }
    }
  }
}`;

describe('the register through the graph', () => {
  it('reads a page of the api with one call, the filter passed on, whatever the page holds', async () => {
    const page: RestRegisterPage = {
      lines: Array.from({ length: 500 }, (_, index) => line(index + 1)),
      totalCount: 1200,
      endCursor: 'c500',
      hasNextPage: true,
    };
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/registry/lines')
      .query({
        from: '2025-01-01',
        to: '2025-12-31',
        'companySite[]': '7',
        'wasteCode[]': '15 01 01',
        dangerous: 'false',
        first: '500',
        after: 'c0',
      })
      .once()
      .reply(200, page, { 'content-type': 'application/json' });
    const { body } = await graphql(
      gateway,
      QUERY,
      {
        filter: {
          from: '2025-01-01',
          to: '2025-12-31',
          establishmentIds: [toGlobalId('Establishment', 7)],
          wasteCodes: ['15 01 01'],
          dangerous: false,
        },
        first: 500,
        after: 'c0',
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    const connection = body.data.viewer.registerLines;
    expect(connection.totalCount).toBe(1200);
    expect(connection.pageInfo).toEqual({ hasNextPage: true, endCursor: 'c500' });
    expect(connection.edges).toHaveLength(500);
    expect(connection.edges[0]).toEqual({
      cursor: 'c1',
      node: {
        operationId: toGlobalId('Operation', 1),
        shipmentDate: '2025-03-10',
        weight: '2.500',
        missing: ['CARRIER'],
        missingLabels: ['Transporteur (nom, SIRET, récépissé)'],
        finalTreatments: [{ treatmentCode: 'R 3', qualificationLabel: 'Recyclage' }],
      },
    });
    expect(scope.isDone()).toBe(true);
  });

  it('counts the lines to complete by field; a page over 1,000 lines is refused', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/registry/summary')
      .query({ from: '2025-01-01' })
      .reply(
        200,
        { totalCount: 10, incompleteCount: 3, missingByField: { carrier: 2, weight: 1 } },
        { 'content-type': 'application/json' },
      );
    const { body } = await graphql(
      gateway,
      `{ viewer { registerSummary(filter: { from: "2025-01-01" }) {
          totalCount incompleteCount missing { field label count } } } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.registerSummary).toEqual({
      totalCount: 10,
      incompleteCount: 3,
      // In the register's order.
      missing: [
        { field: 'WEIGHT', label: 'Quantité (t)', count: 1 },
        { field: 'CARRIER', label: 'Transporteur (nom, SIRET, récépissé)', count: 2 },
      ],
    });

    // Held to the graph's limits before any call.
    const refused = await graphql(gateway, QUERY, { first: 1001 }, { cookies });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });
});
