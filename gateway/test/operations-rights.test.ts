import { OPERATION_STATUSES, type OperationStatus, permissionsFor } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import type { RestSite, RestUser } from '../src/rest/types.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, idsOf, JSON_LD, siteItem, skipItem, userItem } from './fixtures.ts';
import { API, graphql, normalizedCalls, normalizePath, useTestGateway } from './helpers.ts';
import { operationItem } from './operations-fixtures.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const sorted = (calls: string[]) => calls.map((call) => `GET ${normalizePath(call)}`).sort();

/** Site 3 (a producer's, chantier 9 on it) is provided by site 12 (a retriever's). */
const CHANTIER = '/api/company_sites/3/company_site_entities/9';
/** One operation in each status: operation i + 1 is in OPERATION_STATUSES[i]. */
const operations = OPERATION_STATUSES.map((status, index) => operationItem(index + 1, { status }));

const RIGHTS = /* GraphQL */ `
  query Rights {
    viewer {
      operations {
        edges { node { status viewerActions canEditCompletion } }
      }
    }
  }
`;

const producer = userItem({ permissions: permissionsFor(['producer'], false), companySitesIdsFull: [3] });
const retriever = userItem({
  userTypologies: ['retriever'],
  permissions: permissionsFor(['retriever'], false),
  companySitesIdsFull: [12],
});

/** The viewer, every operation (the viewer's list, unpaged) and the sites the flags read. */
function mockApi(user: ReturnType<typeof userItem>, sites: RestSite[], list = operations) {
  return nock(API)
    .get('/api/users/1')
    .reply(200, user, JSON_LD)
    .get('/api/operations')
    .query({ 'order[createdAt]': 'desc', pagination: 'false' })
    .reply(200, collection('operations', list), JSON_LD)
    .get('/api/company_sites')
    .query(true)
    .reply(
      200,
      (request: Request) =>
        collection(
          'company_sites',
          sites.filter((site) => idsOf(request, 'id[]').includes(site.id)),
        ),
      JSON_LD,
    );
}

type Flags = { viewerActions: string[]; canEditCompletion: boolean };

/** The flags of each status, from the answer of RIGHTS. */
function flagsByStatus(body: {
  data: { viewer: { operations: { edges: { node: Flags & { status: OperationStatus } }[] } } };
}): Record<OperationStatus, Flags> {
  return Object.fromEntries(
    body.data.viewer.operations.edges.map(({ node: { status, ...flags } }) => [status, flags]),
  ) as Record<OperationStatus, Flags>;
}

const none: Flags = { viewerActions: [], canEditCompletion: false };
const nothingAnywhere = Object.fromEntries(OPERATION_STATUSES.map((status) => [status, none]));

const gateway = useTestGateway();

describe('Operation.viewerActions and canEditCompletion', () => {
  it('the producer with full access cancels what is not done yet and validates what was completed', async () => {
    const scope = mockApi(producer, [siteItem(3, 1), siteItem(12, 100, { siteTypologies: ['retriever'] })]);
    const { body } = await graphql(gateway, RIGHTS, {}, { cookies });
    expect(body.errors).toBeUndefined();
    const cancel = { viewerActions: ['CANCEL'], canEditCompletion: false };
    expect(flagsByStatus(body)).toEqual({
      ...nothingAnywhere,
      REQUESTED: cancel,
      WAITING: cancel,
      ACCEPTED_WITHOUT_SCHEDULING: cancel,
      SCHEDULED: cancel,
      COMPLETED: { viewerActions: ['VALIDATE'], canEditCompletion: false },
    });
    // Their own site once; never the provider site (no provider permission).
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/operations?order[createdAt]=desc&pagination=false',
        '/api/company_sites?id[]=3&pagination=false',
      ]),
    );
    expect(scope.isDone()).toBe(true);
  });

  it('the provider with full access to the provider site takes requests, then completes them', async () => {
    mockApi(retriever, [
      siteItem(3, 1, { hasFullAccess: false }),
      siteItem(12, 100, { siteTypologies: ['retriever'] }),
    ]);
    const { body } = await graphql(gateway, RIGHTS, {}, { cookies });
    expect(body.errors).toBeUndefined();
    expect(flagsByStatus(body)).toEqual({
      ...nothingAnywhere,
      REQUESTED: {
        viewerActions: ['HOLD', 'SCHEDULE', 'ACCEPT_WITHOUT_SCHEDULING', 'DECLINE'],
        canEditCompletion: false,
      },
      WAITING: {
        viewerActions: ['SCHEDULE', 'ACCEPT_WITHOUT_SCHEDULING', 'DECLINE'],
        canEditCompletion: false,
      },
      ACCEPTED_WITHOUT_SCHEDULING: {
        viewerActions: ['SCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'],
        canEditCompletion: true,
      },
      SCHEDULED: { viewerActions: ['RESCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'], canEditCompletion: true },
      // operation:validate is a retriever permission too, but the client's site is not theirs.
      COMPLETED: none,
    });
    // The provider site once; never the client's site.
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/operations?order[createdAt]=desc&pagination=false',
        '/api/company_sites?id[]=12&pagination=false',
      ]),
    );
  });

  it('nothing for a provider without full access to the provider site, nor for another provider', async () => {
    mockApi(retriever, [siteItem(12, 100, { siteTypologies: ['retriever'], hasFullAccess: false })]);
    const limited = await graphql(gateway, RIGHTS, {}, { cookies });
    expect(limited.body.errors).toBeUndefined();
    expect(flagsByStatus(limited.body)).toEqual(nothingAnywhere);
    nock.cleanAll();
    gateway.forgetWhatTheProcessKeeps();

    // Site 13 is theirs, but these operations are provided by site 12: no site is even read.
    mockApi(userItem({ ...retriever, companySitesIdsFull: [13] }), [siteItem(13, 100)]);
    const other = await graphql(gateway, RIGHTS, {}, { cookies });
    expect(flagsByStatus(other.body)).toEqual(nothingAnywhere);
    expect(other.body.extensions.restCalls.count).toBe(2);
  });

  it('a limited-entity producer acts only on the operations of their chantiers', async () => {
    const limited = userItem({
      permissions: permissionsFor(['producer'], true),
      limitedToEntities: true,
      companies: [],
      companySitesIdsFull: [3],
      companySiteEntities: [CHANTIER],
    });
    mockApi(
      limited,
      [siteItem(3, 1, { hasFullAccess: false })],
      [
        operationItem(1, { companySiteEntity: CHANTIER }),
        operationItem(2, { status: 'COMPLETED', companySiteEntity: CHANTIER }),
        operationItem(3),
        operationItem(4, {
          status: 'COMPLETED',
          companySiteEntity: '/api/company_sites/3/company_site_entities/10',
        }),
      ],
    );
    const { body } = await graphql(gateway, RIGHTS.replace('status ', 'databaseId '), {}, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.operations.edges.map((edge: { node: object }) => edge.node)).toEqual([
      { databaseId: 1, viewerActions: ['CANCEL'], canEditCompletion: false },
      { databaseId: 2, viewerActions: ['VALIDATE'], canEditCompletion: false },
      { databaseId: 3, viewerActions: [], canEditCompletion: false },
      { databaseId: 4, viewerActions: [], canEditCompletion: false },
    ]);
  });

  it('the flags of a page of 20 operations over many sites cost one sites batch, on either side', async () => {
    // 20 operations of 5 producer sites (100..104), provided by 4 sites (200..203), in every status.
    const producerSites = [100, 101, 102, 103, 104];
    const providerSites = [200, 201, 202, 203];
    const page = Array.from({ length: 20 }, (_, i) =>
      operationItem(600 + i, {
        status: OPERATION_STATUSES[i % OPERATION_STATUSES.length],
        companySite: `/api/company_sites/${100 + (i % 5)}`,
        provider: `/api/company_sites/${200 + (i % 4)}`,
      }),
    );
    const sites = [
      ...producerSites.map((id) => siteItem(id, 1)),
      ...providerSites.map((id) => siteItem(id, 100, { siteTypologies: ['retriever'] })),
    ];
    const sides: [RestUser, number[]][] = [
      [{ ...producer, companySitesIdsFull: producerSites }, producerSites],
      [{ ...retriever, companySitesIdsFull: providerSites }, providerSites],
    ];
    for (const [user, siteIds] of sides) {
      mockApi(user, sites, page);
      const { body } = await graphql(gateway, RIGHTS, {}, { cookies });
      // Each operation reaches the site loader after as many awaits, whatever its status and moves.
      expect(normalizedCalls(body)).toEqual(
        sorted([
          '/api/users/1',
          '/api/operations?order[createdAt]=desc&pagination=false',
          `/api/company_sites?${siteIds.map((id) => `id[]=${id}`).join('&')}&pagination=false`,
        ]),
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.viewer.operations.edges).toHaveLength(20);
      expect(
        body.data.viewer.operations.edges.some((edge: { node: Flags }) => edge.node.viewerActions.length > 0),
      ).toBe(true);
      nock.cleanAll();
      gateway.forgetWhatTheProcessKeeps();
    }
  });

  it('Query.operation gives the same flags, for the same calls', async () => {
    const [requested, , , scheduled] = operations;
    expect([requested?.status, scheduled?.status]).toEqual(['REQUESTED', 'SCHEDULED']);
    nock(API)
      .get('/api/users/1')
      .reply(200, retriever, JSON_LD)
      .get('/api/operations')
      .query({ 'id[]': ['1', '4'], pagination: 'false' })
      .reply(200, collection('operations', [requested, scheduled]), JSON_LD)
      .get('/api/company_sites')
      .query({ 'id[]': '12', pagination: 'false' })
      .reply(200, collection('company_sites', [siteItem(12, 100)]), JSON_LD);
    const { body } = await graphql(
      gateway,
      `{
        requested: operation(databaseId: 1) { viewerActions canEditCompletion }
        scheduled: operation(databaseId: 4) { viewerActions canEditCompletion }
      }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      requested: {
        viewerActions: ['HOLD', 'SCHEDULE', 'ACCEPT_WITHOUT_SCHEDULING', 'DECLINE'],
        canEditCompletion: false,
      },
      scheduled: { viewerActions: ['RESCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'], canEditCompletion: true },
    });
    expect(body.extensions.restCalls.count).toBe(3);
  });
});

describe('Skip.canRequestRetirement', () => {
  it('on site, with a provider and nothing asked yet, for the producer (no mandatory-field rule)', async () => {
    const skips = [
      skipItem(1, 3, { provider: '/api/company_sites/12' }),
      skipItem(2, 3, { provider: '/api/company_sites/12', missingForRotation: ['plannedTreatmentCode'] }),
      skipItem(3, 3, { provider: '/api/company_sites/12', plannedWork: 'ROTATION_ASKED' }),
      skipItem(4, 3, { provider: '/api/company_sites/12', state: 'ORDERED' }),
      skipItem(5, 3, { provider: null, missingForRotation: ['provider'] }),
    ];
    const query = `{ establishment(databaseId: 3) { skips { edges { node { databaseId canRequestRetirement canRequestRotation } } } } }`;
    const expected = (producerSide: boolean) =>
      [
        [1, producerSide, producerSide],
        [2, producerSide, false],
        [3, false, false],
        [4, false, false],
        [5, false, false],
      ].map(([databaseId, canRequestRetirement, canRequestRotation]) => ({
        node: { databaseId, canRequestRetirement, canRequestRotation },
      }));
    for (const [user, producerSide] of [
      [producer, true],
      [retriever, false],
    ] as const) {
      nock(API)
        .get('/api/users/1')
        .reply(200, user, JSON_LD)
        .get('/api/skips')
        .query(true)
        .reply(200, collection('skips', skips), JSON_LD)
        .get('/api/company_sites')
        .query({ 'id[]': '3', pagination: 'false' })
        .reply(200, collection('company_sites', [siteItem(3, 1, { hasFullAccess: producerSide })]), JSON_LD);
      const { body } = await graphql(gateway, query, {}, { cookies });
      expect(body.errors).toBeUndefined();
      expect(body.data.establishment.skips.edges).toEqual(expected(producerSide));
      nock.cleanAll();
    }
  });
});

describe('Operation.transporter and transporterChoices', () => {
  const QUERY = /* GraphQL */ `
    query Transporter {
      viewer {
        operations {
          edges {
            node {
              databaseId
              skipName
              transporter { establishmentId fromPortal name siret address receiptNumber }
              transporterChoices { id databaseId name siteName siret address provider }
            }
          }
        }
      }
    }
  `;
  /** Scheduled, carried by the carrier site 70 its provider chose. */
  const carried = operationItem(4, {
    status: 'SCHEDULED',
    interventionDate: '2026-03-06',
    transporterSite: '/api/company_sites/70',
    transporterName: 'Transports Garnier',
    transporterSiret: '40483304800022',
    transporterAddress: '8 rue des Docks, 69009 Lyon',
    transporterReceiptNumber: '2026/T/69/0042',
  });
  const choices = [
    {
      id: 12,
      name: 'Recyclage du Rhône',
      siteName: 'Centre de tri',
      siret: null,
      address: null,
      provider: true,
    },
    {
      id: 70,
      name: 'Transports Garnier',
      siteName: 'Agence de Lyon',
      siret: '40483304800022',
      address: null,
      provider: false,
    },
  ].map((choice) => ({
    '@id': `/api/company_sites/${choice.id}`,
    '@type': 'OperationTransporterChoice',
    ...choice,
  }));

  it('asks its provider’s choices of the api, and names the establishment it chose without reading it', async () => {
    mockApi(
      retriever,
      [siteItem(3, 1, { hasFullAccess: false }), siteItem(12, 100, { siteTypologies: ['retriever'] })],
      [carried],
    );
    nock(API)
      .get('/api/operations/4/transporter_choices')
      .query(true)
      .reply(200, collection('operation_transporter_choices', choices), JSON_LD);
    const { body } = await graphql(gateway, QUERY, {}, { cookies });
    expect(body.errors).toBeUndefined();
    const [{ node }] = body.data.viewer.operations.edges;
    expect(node.transporter).toEqual({
      establishmentId: toGlobalId('Establishment', 70),
      fromPortal: true,
      name: 'Transports Garnier',
      siret: '40483304800022',
      address: '8 rue des Docks, 69009 Lyon',
      receiptNumber: '2026/T/69/0042',
    });
    expect(
      node.transporterChoices.map((choice: { id: string; provider: boolean }) => [
        choice.id,
        choice.provider,
      ]),
    ).toEqual([
      [toGlobalId('Establishment', 12), true],
      [toGlobalId('Establishment', 70), false],
    ]);
  });

  it('asks nothing of the kind for anyone else: the producer, the carrier', async () => {
    const carrier = userItem({
      userTypologies: ['carrier'],
      permissions: permissionsFor(['carrier'], false),
      companySitesIdsFull: [70],
    });
    for (const user of [producer, carrier]) {
      mockApi(
        user,
        [
          siteItem(3, 1, { hasFullAccess: user === producer }),
          siteItem(70, 200, { siteTypologies: ['carrier'] }),
        ],
        [carried],
      );
      const { body } = await graphql(gateway, QUERY, {}, { cookies });
      expect(body.errors).toBeUndefined();
      const [{ node }] = body.data.viewer.operations.edges;
      expect(node.transporterChoices).toEqual([]);
      expect(normalizedCalls(body).some((call: string) => call.includes('transporter_choices'))).toBe(false);
      nock.cleanAll();
    }
  });
});
