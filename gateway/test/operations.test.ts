import { HISTORY_FILTERS, OPERATION_STATUSES } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import type { RestSite, RestSkip } from '../src/rest/types.ts';
import { offsetCursor } from '../src/schema/connections.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collectionAnswer, mirrorWorld, mockWorld } from './api-world.ts';
import {
  collection,
  JSON_LD,
  siteItem,
  skipItem,
  THIRD_LEVEL_WASTES,
  TREATMENT_CODES,
  userItem,
} from './fixtures.ts';
import { API, graphql, normalizedCalls, normalizePath, useTestGateway } from './helpers.ts';
import { operationItem, outletItem, type RestOperationItem } from './operations-fixtures.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const sorted = (calls: string[]) => calls.map((call) => `GET ${normalizePath(call)}`).sort();
const ids = (name: string, values: number[]) => values.map((id) => `${name}=${id}`).join('&');
const unique = (values: number[]) => [...new Set(values)];
const idOf = (iri: string | null) => Number(iri?.split('/').pop());

/** A persistent mock of `GET /api/operations` honouring its filters, order and pages (as the api does). */
function mockOperations(operations: RestOperationItem[]): nock.Scope {
  return nock(API)
    .persist()
    .get('/api/operations')
    .query(true)
    .reply(200, (request: Request) => collectionAnswer(request, 'Operation', operations), JSON_LD);
}

const gateway = useTestGateway();

describe('User.operations', () => {
  const VIEWER_OPERATIONS = /* GraphQL */ `
    query ViewerOperations($filter: OperationFilter) {
      viewer {
        operations(first: 20, filter: $filter) {
          totalCount
          edges { cursor node { id databaseId type status } }
          pageInfo { hasNextPage hasPreviousPage }
        }
      }
    }
  `;

  it('sends the filter as REST filters, newest request first, one page of 20; totalCount is the api total', async () => {
    const page = [operationItem(5), operationItem(4, { status: 'WAITING' })];
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/operations')
      .query({
        history: 'asked',
        'type[]': 'ROTATION',
        'companySite[]': '3',
        'order[createdAt]': 'desc',
        page: '1',
        itemsPerPage: '20',
      })
      .reply(200, { ...collection('operations', page), 'hydra:totalItems': 45 }, JSON_LD);
    const { body } = await graphql(
      gateway,
      VIEWER_OPERATIONS,
      { filter: { history: 'ASKED', types: ['ROTATION'], establishmentId: toGlobalId('Establishment', 3) } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.operations).toEqual({
      totalCount: 45,
      edges: [
        {
          cursor: offsetCursor(0),
          node: { id: toGlobalId('Operation', 5), databaseId: 5, type: 'ROTATION', status: 'REQUESTED' },
        },
        {
          cursor: offsetCursor(1),
          node: { id: toGlobalId('Operation', 4), databaseId: 4, type: 'ROTATION', status: 'WAITING' },
        },
      ],
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
    });
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/operations?history=asked&type[]=ROTATION&companySite[]=3&order[createdAt]=desc&page=1&itemsPerPage=20',
      ]),
    );
    expect(scope.isDone()).toBe(true);
  });

  it('sends statuses and the wished-date range; ALL is no history filter at all', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/operations')
      .query(true)
      .reply(200, collection('operations', []), JSON_LD);
    const { body } = await graphql(
      gateway,
      VIEWER_OPERATIONS,
      {
        filter: {
          history: 'ALL',
          statuses: ['COMPLETED', 'NOT_CARRIED_OUT'],
          types: [],
          requestedFrom: '2026-03-01',
          requestedTo: '2026-03-31',
          realisedFrom: '2026-03-02',
          realisedTo: '2026-03-30',
          thirdLevelWasteId: toGlobalId('ThirdLevelWaste', 2),
          wasteCode: '15 01 01',
        },
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.operations.totalCount).toBe(0);
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/operations?status[]=COMPLETED&status[]=NOT_CARRIED_OUT&requestedDate[after]=2026-03-01&requestedDate[before]=2026-03-31&thirdLevelWaste[]=2&wasteCode[]=15 01 01&realInterventionDate[after]=2026-03-02&realInterventionDate[before]=2026-03-30&order[createdAt]=desc&page=1&itemsPerPage=20',
      ]),
    );
  });

  it('an establishmentId that is not an Establishment id selects nothing, without a call', async () => {
    nock(API).get('/api/users/1').reply(200, userItem(), JSON_LD);
    for (const establishmentId of [toGlobalId('Skip', 3), 'not-a-global-id']) {
      const { body } = await graphql(
        gateway,
        VIEWER_OPERATIONS,
        { filter: { establishmentId } },
        { cookies },
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.viewer.operations).toEqual({
        totalCount: 0,
        edges: [],
        pageInfo: { hasNextPage: false, hasPreviousPage: false },
      });
      // Only the viewer: no operations call.
      expect(normalizedCalls(body)).toEqual(['GET /api/users/1']);
      nock.cleanAll();
      nock(API).get('/api/users/1').reply(200, userItem(), JSON_LD);
    }
  });
});

describe('a page of operations with their relations costs a bounded number of calls', () => {
  const OPERATIONS_SCREEN = /* GraphQL */ `
    query OperationsScreen {
      viewer {
        operations(first: 20) {
          totalCount
          edges {
            node {
              databaseId
              establishment { name }
              provider { name }
              skip { name }
              thirdLevelWaste { label }
              finalOutlets { treatmentCode { code description } }
            }
          }
        }
      }
    }
  `;

  /** `count` operations over 5 producer sites and 3 provider sites, each of its own skip, newest first. */
  function operationsWorld(count: number) {
    const operations = Array.from({ length: count }, (_, i) =>
      operationItem(500 + i, {
        companySite: `/api/company_sites/${100 + (i % 5)}`,
        provider: `/api/company_sites/${200 + (i % 3)}`,
        skip: `/api/skips/${300 + i}`,
        thirdLevelWaste: THIRD_LEVEL_WASTES[i % THIRD_LEVEL_WASTES.length]?.['@id'] ?? null,
        finalOutlets: [
          outletItem(500 + i, 1, { treatmentCode: 'R 3' }),
          outletItem(500 + i, 2, { treatmentCode: 'D 10', quantity: '40.000' }),
        ],
        createdAt: new Date(Date.UTC(2026, 2, 2) + i * 60_000).toISOString(),
      }),
    );
    const sites: RestSite[] = [
      ...Array.from({ length: 5 }, (_, k) => siteItem(100 + k, 1)),
      ...Array.from({ length: 3 }, (_, k) => siteItem(200 + k, 100, { siteTypologies: ['retriever'] })),
    ];
    const skips: RestSkip[] = operations.map((operation) =>
      skipItem(idOf(operation.skip), idOf(operation.companySite)),
    );
    return { operations, sites, skips };
  }

  function mockOperationsWorld(world: ReturnType<typeof operationsWorld>) {
    const answer =
      <T extends { id?: number | string }>(type: string, members: T[]) =>
      (request: Request) =>
        collectionAnswer(request, type, members);
    mockOperations(world.operations);
    nock(API)
      .persist()
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/company_sites')
      .query(true)
      .reply(200, answer('CompanySite', world.sites), JSON_LD)
      .get('/api/skips')
      .query(true)
      .reply(200, answer('Skip', world.skips), JSON_LD)
      .get('/api/third_level_wastes')
      .query(true)
      .reply(200, answer('ThirdLevelWaste', THIRD_LEVEL_WASTES), JSON_LD)
      .get('/api/operation_treatment_codes')
      .query(true)
      .reply(200, answer('OperationTreatmentCode', TREATMENT_CODES), JSON_LD);
  }

  it('with 2 and with 20 operations: one operations page, one sites batch, one skips batch, each list once', async () => {
    const counts: number[] = [];
    for (const size of [2, 20]) {
      const world = operationsWorld(size);
      mockOperationsWorld(world);
      // Each size as a first screen of the process: the official lists are read too.
      gateway.forgetWhatTheProcessKeeps();
      const { body } = await graphql(gateway, OPERATIONS_SCREEN, {}, { cookies });
      expect(body.errors).toBeUndefined();
      const siteIds = unique(
        world.operations.flatMap((operation) => [idOf(operation.companySite), idOf(operation.provider)]),
      );
      expect(normalizedCalls(body)).toEqual(
        sorted([
          '/api/users/1',
          '/api/operations?order[createdAt]=desc&page=1&itemsPerPage=20',
          `/api/company_sites?${ids('id[]', siteIds)}&pagination=false`,
          `/api/skips?${ids(
            'id[]',
            world.skips.map((skip) => skip.id),
          )}&pagination=false`,
          '/api/third_level_wastes?pagination=false',
          '/api/operation_treatment_codes?pagination=false',
        ]),
      );
      counts.push(body.extensions.restCalls.count);

      const { totalCount, edges } = body.data.viewer.operations;
      expect(totalCount).toBe(size);
      expect(edges).toHaveLength(size);
      // Newest request first: the last one created leads.
      const newest = world.operations.at(-1);
      expect(edges[0].node).toEqual({
        databaseId: newest?.id,
        establishment: { name: `Site 0${idOf(newest?.companySite ?? null)}` },
        provider: { name: `Site 0${idOf(newest?.provider ?? null)}` },
        skip: { name: `Benne ${idOf(newest?.skip ?? null)}` },
        thirdLevelWaste: { label: expect.any(String) },
        finalOutlets: [
          {
            treatmentCode: {
              code: 'R 3',
              description:
                'Recyclage ou récupération des substances organiques qui ne sont pas utilisées comme solvants',
            },
          },
          { treatmentCode: { code: 'D 10', description: 'Incinération à terre' } },
        ],
      });
      nock.cleanAll();
    }
    expect(counts).toEqual([6, 6]);
  });
});

describe('operations hanging off establishments, chantiers and containers', () => {
  /** Producer sites 1000, 1001, 1002 (1000 and 1002 with chantiers 10000 and 10002). */
  const world = mirrorWorld(3);
  const operations = [
    operationItem(1, { companySite: '/api/company_sites/1000', createdAt: '2026-03-01T09:00:00.000Z' }),
    operationItem(2, {
      companySite: '/api/company_sites/1000',
      companySiteEntity: '/api/company_sites/1000/company_site_entities/10000',
      createdAt: '2026-03-02T09:00:00.000Z',
    }),
    operationItem(3, { companySite: '/api/company_sites/1001', createdAt: '2026-03-03T09:00:00.000Z' }),
  ];
  const session = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: String(world.user.id) };

  it('Establishment.operations of every establishment of the screen is one call', async () => {
    mockWorld(world);
    mockOperations(operations);
    const { body } = await graphql(
      gateway,
      `{
        viewer {
          establishments {
            edges { node { databaseId operations(first: 10) { totalCount edges { node { databaseId } } } } }
          }
        }
      }`,
      {},
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/users/1/company_sites_full?typology=producer&pagination=false&order[name]=asc',
        '/api/operations?companySite[]=1000&companySite[]=1001&companySite[]=1002&order[createdAt]=desc&pagination=false',
      ]),
    );
    const byEstablishment = body.data.viewer.establishments.edges.map(
      (edge: { node: { databaseId: number; operations: { edges: { node: { databaseId: number } }[] } } }) => [
        edge.node.databaseId,
        edge.node.operations.edges.map((operation) => operation.node.databaseId),
      ],
    );
    expect(byEstablishment).toEqual([
      [1000, [2, 1]],
      [1001, [3]],
      [1002, []],
    ]);
  });

  it('one establishment alone is paged by the api, with its filter', async () => {
    mockWorld(world);
    mockOperations(operations);
    const { body } = await graphql(
      gateway,
      `{
        establishment(databaseId: 1000) {
          operations(first: 1, filter: { statuses: [REQUESTED] }) {
            totalCount
            edges { node { databaseId } }
            pageInfo { hasNextPage }
          }
        }
      }`,
      {},
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/company_sites?id[]=1000&pagination=false',
        '/api/operations?status[]=REQUESTED&order[createdAt]=desc&companySite[]=1000&page=1&itemsPerPage=1',
      ]),
    );
    expect(body.data.establishment.operations).toEqual({
      totalCount: 2,
      edges: [{ node: { databaseId: 2 } }],
      pageInfo: { hasNextPage: true },
    });
  });

  it("an establishmentId filter is the establishment's own, or selects nothing, without a call", async () => {
    mockWorld(world);
    mockOperations(operations);
    const { body } = await graphql(
      gateway,
      `query ($own: ID!, $other: ID!) {
        establishment(databaseId: 1000) {
          own: operations(filter: { establishmentId: $own }) { totalCount }
          other: operations(filter: { establishmentId: $other }) { totalCount edges { node { databaseId } } }
        }
      }`,
      { own: toGlobalId('Establishment', 1000), other: toGlobalId('Establishment', 1001) },
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment).toEqual({
      own: { totalCount: 2 },
      other: { totalCount: 0, edges: [] },
    });
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/company_sites?id[]=1000&pagination=false',
        '/api/operations?companySite[]=1000&order[createdAt]=desc&pagination=false',
      ]),
    );
  });

  it('Entity.operations of every chantier of the screen is one call', async () => {
    mockWorld(world);
    mockOperations(operations);
    const { body } = await graphql(
      gateway,
      `{
        viewer {
          establishments {
            edges { node { entities { edges { node { databaseId operations { totalCount } } } } } }
          }
        }
      }`,
      {},
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/users/1/company_sites_full?typology=producer&pagination=false&order[name]=asc',
        // Site 1001 has no chantier: it is not asked for any.
        '/api/company_site_entities?companySite[]=1000&companySite[]=1002&pagination=false&order[name]=asc',
        '/api/operations?companySiteEntity[]=10000&companySiteEntity[]=10002&order[createdAt]=desc&pagination=false',
      ]),
    );
    const entities = body.data.viewer.establishments.edges.flatMap(
      (edge: { node: { entities: { edges: { node: object }[] } } }) =>
        edge.node.entities.edges.map((entity) => entity.node),
    );
    expect(entities).toEqual([
      { databaseId: 10_000, operations: { totalCount: 1 } },
      { databaseId: 10_002, operations: { totalCount: 0 } },
    ]);
  });

  it('Skip.operations of several containers is one call', async () => {
    nock(API)
      .get('/api/skips')
      .query({ 'id[]': ['7', '8'], pagination: 'false' })
      .reply(200, collection('skips', [skipItem(7, 3), skipItem(8, 3)]), JSON_LD);
    mockOperations([operationItem(5), operationItem(6, { skip: '/api/skips/8' }), operationItem(4)]);
    const { body } = await graphql(
      gateway,
      `{
        a: skip(databaseId: 7) { operations { totalCount edges { node { databaseId } } } }
        b: skip(databaseId: 8) { operations { totalCount edges { node { databaseId } } } }
      }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/skips?id[]=7&id[]=8&pagination=false',
        '/api/operations?skip[]=7&skip[]=8&order[createdAt]=desc&pagination=false',
      ]),
    );
    expect(body.data).toEqual({
      a: { operations: { totalCount: 2, edges: [{ node: { databaseId: 4 } }, { node: { databaseId: 5 } }] } },
      b: { operations: { totalCount: 1, edges: [{ node: { databaseId: 6 } }] } },
    });
  });
});

describe('Query.operation, node and the history filters', () => {
  const OPERATION_FIELDS = /* GraphQL */ `
    fragment operationFields on Operation {
      id databaseId type typeLabel status statusLabel requestedAt requestedDate interventionDate comment
      wasteCode { code dangerous } dangerous plannedTreatmentCode { code kind }
      receivedQuantity realInterventionDate bsdNumber providerComment skipName
      transporter { establishment { databaseId } fromPortal name siret address receiptNumber }
      finalOutlets { name siret address treatmentCode { code } quantity quantityUnit }
      completedAt validatedAt version
    }
  `;
  const operation = operationItem(5, {
    status: 'COMPLETED',
    interventionDate: '2026-03-06',
    receivedQuantity: '2.400',
    realInterventionDate: '2026-03-06',
    bsdNumber: 'BSD-2026-0001',
    transporterName: 'Transports Rhône',
    transporterSiret: '73282932000074',
    transporterAddress: '3 rue des Docks, 69007 Lyon',
    finalOutlets: [
      outletItem(5, 1),
      outletItem(5, 2, { name: 'B', treatmentCode: 'R 3', quantity: '40.000' }),
    ],
    completedAt: '2026-03-06T16:00:00.000Z',
    version: 4,
  });
  const mapped = {
    id: toGlobalId('Operation', 5),
    databaseId: 5,
    type: 'ROTATION',
    typeLabel: 'Rotation',
    status: 'COMPLETED',
    statusLabel: 'Complétée, à valider',
    requestedAt: '2026-03-02T09:00:00.000Z',
    requestedDate: '2026-03-05',
    interventionDate: '2026-03-06',
    comment: null,
    wasteCode: { code: '17 04 05', dangerous: false },
    dangerous: false,
    plannedTreatmentCode: { code: 'R 4', kind: 'R' },
    receivedQuantity: '2.400',
    realInterventionDate: '2026-03-06',
    bsdNumber: 'BSD-2026-0001',
    // Entered by hand: no establishment of the portal, and no call to look for one.
    transporter: {
      establishment: null,
      fromPortal: false,
      name: 'Transports Rhône',
      siret: '73282932000074',
      address: '3 rue des Docks, 69007 Lyon',
      receiptNumber: null,
    },
    skipName: 'Benne ferraille',
    providerComment: null,
    finalOutlets: [
      {
        name: 'A',
        siret: null,
        address: null,
        treatmentCode: { code: 'R 4' },
        quantity: '60.000',
        quantityUnit: 'PERCENT',
      },
      {
        name: 'B',
        siret: null,
        address: null,
        treatmentCode: { code: 'R 3' },
        quantity: '40.000',
        quantityUnit: 'PERCENT',
      },
    ],
    completedAt: '2026-03-06T16:00:00.000Z',
    validatedAt: null,
    version: 4,
  };

  it('node(id) of an Operation global id loads it through operations?id[]=', async () => {
    const scope = nock(API)
      .get('/api/operations')
      .query({ 'id[]': '5', pagination: 'false' })
      .reply(200, collection('operations', [operation]), JSON_LD);
    const { body } = await graphql(
      gateway,
      `query ($id: ID!) { node(id: $id) { __typename ...operationFields } } ${OPERATION_FIELDS}`,
      { id: toGlobalId('Operation', 5) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.node).toEqual({ __typename: 'Operation', ...mapped });
    expect(normalizedCalls(body)).toEqual(sorted(['/api/operations?id[]=5&pagination=false']));
    expect(scope.isDone()).toBe(true);
  });

  it('Query.operation batches its ids; an unseen one is null', async () => {
    nock(API)
      .get('/api/operations')
      .query({ 'id[]': ['5', '6'], pagination: 'false' })
      .reply(200, collection('operations', [operation]), JSON_LD);
    const { body } = await graphql(
      gateway,
      `{ a: operation(databaseId: 5) { ...operationFields } b: operation(databaseId: 6) { id } } ${OPERATION_FIELDS}`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ a: mapped, b: null });
    expect(body.extensions.restCalls.count).toBe(1);
  });

  it('operationHistoryFilters: the seven filters of the domain, in French, without a call', async () => {
    const { body } = await graphql(
      gateway,
      '{ operationHistoryFilters { value label statuses } }',
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.operationHistoryFilters).toEqual([
      { value: 'ALL', label: HISTORY_FILTERS.all.label, statuses: [...OPERATION_STATUSES] },
      { value: 'DECLARED', label: 'Flux déclarés, en cours', statuses: ['TO_COMPLETE', 'TO_VALIDATE'] },
      { value: 'ASKED', label: 'Demandées', statuses: ['REQUESTED', 'WAITING'] },
      { value: 'ACCEPTED', label: 'Acceptées', statuses: ['ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED'] },
      { value: 'DONE', label: 'Réalisées, à valider', statuses: ['COMPLETED', 'NOT_CARRIED_OUT'] },
      { value: 'VALIDATED', label: 'Validées', statuses: ['REALISED'] },
      { value: 'CANCELLED', label: 'Annulées', statuses: ['CANCELLED', 'NOT_PROCESSED'] },
    ]);
    expect(HISTORY_FILTERS.all.label).toBe('Toutes');
    expect(body.extensions.restCalls.count).toBe(0);
  });

  it('operationHistoryFilters needs a session', async () => {
    const { body } = await graphql(gateway, '{ operationHistoryFilters { value } }');
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(body.extensions.restCalls.count).toBe(0);
  });
});
