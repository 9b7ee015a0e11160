import { messages, trackdechetsCheckAdvice, trackdechetsCheckLabels } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import type {
  RestHazardousPickup,
  RestHazardousPickupPage,
  RestTrackdechetsLink,
} from '../src/schema/trackdechets/rest.ts';
import { collection, JSON_LD, PROBLEM, problem, siteItem, userItem } from './fixtures.ts';
import { API, graphql, normalizedCalls, normalizePath, useTestGateway } from './helpers.ts';
import { operationItem } from './operations-fixtures.ts';

/** The Trackdéchets domain: the viewer's link, the establishments' checks, the hazardous pick-ups, their slips. */

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
/** Fastify's plain JSON answers (these routes are not JSON-LD). */
const PLAIN_JSON = { 'content-type': 'application/json; charset=utf-8' };
const sorted = (calls: string[]) => calls.map((call) => normalizePath(call)).sort();

const gateway = useTestGateway();

/** `/api/trackdechets/connection` in the exact shape of its route: a working link. */
function linkAnswer(overrides: Partial<RestTrackdechetsLink> = {}): RestTrackdechetsLink {
  return {
    configured: true,
    sandbox: false,
    uiUrl: 'https://app.trackdechets.beta.gouv.fr',
    state: 'ACTIVE',
    email: 'claire.martin@demo.fr',
    name: 'Claire Martin',
    linkedAt: '2026-03-01T08:00:00.000Z',
    brokenAt: null,
    lastSyncAt: '2026-03-02T08:00:00.000Z',
    companies: [{ siret: '73282932000074', name: 'Entreprise 1' }],
    ...overrides,
  };
}

const UNLINKED = linkAnswer({
  state: 'NONE',
  email: null,
  name: null,
  linkedAt: null,
  lastSyncAt: null,
  companies: [],
});

/** A line of `/api/hazardous_pickups` in the exact shape of its route: a hazardous operation and its slip. */
function pickupLine(key: string, overrides: Partial<RestHazardousPickup> = {}): RestHazardousPickup {
  return {
    key,
    cursor: Buffer.from(`2026-03-05|${key}`).toString('base64url'),
    operation: null,
    companySite: '/api/company_sites/3',
    date: '2026-03-05',
    readableId: 'BSD-20260305-ABCDEFGH',
    status: 'SENT',
    statusLabel: 'Envoyé',
    statusUpdatedAt: '2026-03-05T10:00:00.000Z',
    emitter: { name: 'Entreprise 1', siret: '73282932000074' },
    transporter: { name: 'Transports Rhône', siret: null },
    recipient: null,
    wasteCode: '14 06 02*',
    wasteName: 'Solvants halogénés',
    quantity: '1.200',
    quantityReceived: null,
    outsidePortal: false,
    ...overrides,
  };
}

function pickupPage(pickups: RestHazardousPickup[], overrides: Partial<RestHazardousPickupPage> = {}) {
  return { pickups, totalCount: pickups.length, endCursor: null, hasNextPage: false, ...overrides };
}

describe('User.trackdechets', () => {
  it('reads the link once per request, however often the query selects it', async () => {
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/trackdechets/connection')
      .once()
      .reply(200, linkAnswer(), PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      `{ viewer {
          a: trackdechets { configured sandbox uiUrl state email linkedAt companies { siret name } }
          b: trackdechets { state name brokenAt lastSyncAt }
        } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer).toEqual({
      a: {
        configured: true,
        sandbox: false,
        uiUrl: 'https://app.trackdechets.beta.gouv.fr',
        state: 'ACTIVE',
        email: 'claire.martin@demo.fr',
        linkedAt: '2026-03-01T08:00:00.000Z',
        companies: [{ siret: '73282932000074', name: 'Entreprise 1' }],
      },
      b: { state: 'ACTIVE', name: 'Claire Martin', brokenAt: null, lastSyncAt: '2026-03-02T08:00:00.000Z' },
    });
    expect(normalizedCalls(body)).toEqual(sorted(['GET /api/trackdechets/connection', 'GET /api/users/1']));
    expect(scope.isDone()).toBe(true);
  });
});

describe('User.hazardousPickups', () => {
  const PICKUPS = /* GraphQL */ `
    query ($filter: HazardousPickupFilter, $first: Int, $after: String) {
      viewer {
        hazardousPickups(filter: $filter, first: $first, after: $after) {
          totalCount
          pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
          edges {
            cursor
            node {
              key date readableId statusUpdatedAt outsidePortal wasteCode quantity
              status { code label }
              emitter { name siret }
              recipient { name }
              operation { databaseId dangerous }
              establishment { databaseId name }
            }
          }
        }
      }
    }
  `;

  it('passes the filter and page on, and resolves operations and establishments in one batch each', async () => {
    const lines = [
      pickupLine('op-5', { operation: '/api/operations/5', companySite: '/api/company_sites/3' }),
      pickupLine('op-6', {
        operation: '/api/operations/6',
        companySite: '/api/company_sites/4',
        readableId: null,
        status: 'NOT_CREATED',
        statusLabel: 'BSD non créé',
        statusUpdatedAt: null,
      }),
      pickupLine('slip-BSD-X', {
        companySite: '/api/company_sites/3',
        readableId: 'BSD-X',
        status: 'PROCESSED',
        statusLabel: 'Traité',
        outsidePortal: true,
        emitter: null,
      }),
    ];
    const cursors = lines.map((line) => line.cursor);
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/hazardous_pickups')
      .query({
        'companySite[]': ['3', '4'],
        'status[]': ['SENT', 'NOT_CREATED'],
        from: '2026-01-01',
        to: '2026-03-31',
        first: '3',
        after: 'cursor-0',
      })
      .once()
      .reply(
        200,
        pickupPage(lines, { totalCount: 7, endCursor: cursors[2] ?? null, hasNextPage: true }),
        PLAIN_JSON,
      )
      .get('/api/operations')
      .query({ 'id[]': ['5', '6'], pagination: 'false' })
      .once()
      .reply(
        200,
        collection('operations', [
          operationItem(5, { dangerous: true, companySite: '/api/company_sites/3' }),
          operationItem(6, { dangerous: true, companySite: '/api/company_sites/4' }),
        ]),
        JSON_LD,
      )
      .get('/api/company_sites')
      .query({ 'id[]': ['3', '4'], pagination: 'false' })
      .once()
      .reply(200, collection('company_sites', [siteItem(3, 1), siteItem(4, 1)]), JSON_LD);
    const { body } = await graphql(
      gateway,
      PICKUPS,
      {
        filter: {
          establishmentIds: [toGlobalId('Establishment', 3), toGlobalId('Establishment', 4)],
          statuses: ['SENT', 'NOT_CREATED'],
          from: '2026-01-01',
          to: '2026-03-31',
        },
        first: 3,
        after: 'cursor-0',
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    const connection = body.data.viewer.hazardousPickups;
    expect(connection.totalCount).toBe(7);
    expect(connection.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: true,
      startCursor: cursors[0],
      endCursor: cursors[2],
    });
    expect(connection.edges.map((edge: { cursor: string }) => edge.cursor)).toEqual(cursors);
    expect(connection.edges[0].node).toEqual({
      key: 'op-5',
      date: '2026-03-05',
      readableId: 'BSD-20260305-ABCDEFGH',
      statusUpdatedAt: '2026-03-05T10:00:00.000Z',
      outsidePortal: false,
      wasteCode: '14 06 02*',
      quantity: '1.200',
      status: { code: 'SENT', label: 'Envoyé' },
      emitter: { name: 'Entreprise 1', siret: '73282932000074' },
      recipient: null,
      operation: { databaseId: 5, dangerous: true },
      establishment: { databaseId: 3, name: 'Site 0003' },
    });
    expect(connection.edges[1].node).toMatchObject({
      key: 'op-6',
      readableId: null,
      status: { code: 'NOT_CREATED', label: 'BSD non créé' },
      operation: { databaseId: 6 },
      establishment: { databaseId: 4, name: 'Site 0004' },
    });
    // A slip no operation carries: no operation, its establishment from the same batch.
    expect(connection.edges[2].node).toMatchObject({
      key: 'slip-BSD-X',
      outsidePortal: true,
      emitter: null,
      status: { code: 'PROCESSED', label: 'Traité' },
      operation: null,
      establishment: { databaseId: 3 },
    });
    expect(normalizedCalls(body)).toEqual(
      sorted([
        'GET /api/users/1',
        'GET /api/hazardous_pickups?companySite[]=3&companySite[]=4&status[]=SENT&status[]=NOT_CREATED&from=2026-01-01&to=2026-03-31&first=3&after=cursor-0',
        'GET /api/operations?id[]=5&id[]=6&pagination=false',
        'GET /api/company_sites?id[]=3&id[]=4&pagination=false',
      ]),
    );
    expect(scope.isDone()).toBe(true);
  });

  it('asks a first page of 30 without a filter; an empty page has no cursors', async () => {
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/hazardous_pickups')
      .query({ first: '30' })
      .reply(200, pickupPage([]), PLAIN_JSON);
    const { body } = await graphql(gateway, PICKUPS, {}, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.hazardousPickups).toEqual({
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      edges: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it.each([0, 201, -1])('refuses first: %i as BAD_USER_INPUT without asking for pick-ups', async (first) => {
    nock(API).get('/api/users/1').reply(200, userItem(), JSON_LD);
    const pickups = nock(API)
      .get('/api/hazardous_pickups')
      .query(true)
      .reply(200, pickupPage([]), PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      'query ($first: Int) { viewer { hazardousPickups(first: $first) { totalCount } } }',
      { first },
      { cookies },
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].path).toEqual(['viewer', 'hazardousPickups']);
    expect(pickups.isDone()).toBe(false);
    expect(normalizedCalls(body)).toEqual(['GET /api/users/1']);
  });

  it('takes 200 as the largest page', async () => {
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/hazardous_pickups')
      .query({ first: '200' })
      .reply(200, pickupPage([]), PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      '{ viewer { hazardousPickups(first: 200) { totalCount } } }',
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.hazardousPickups.totalCount).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});

describe('Operation.hazardousPickup', () => {
  it("asks for a page's hazardous operations in one call; the others are null without a call", async () => {
    const page = [
      operationItem(5, { dangerous: true }),
      operationItem(6, { dangerous: false }),
      operationItem(7, { dangerous: true }),
      operationItem(8, { dangerous: true }),
    ];
    let pickupCalls = 0;
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/operations')
      .query(true)
      .reply(200, collection('operations', page), JSON_LD)
      .get('/api/hazardous_pickups')
      .query({ 'operation[]': ['5', '7', '8'], first: '200' })
      .reply(() => {
        pickupCalls += 1;
        return [
          200,
          pickupPage([
            pickupLine('op-8', { operation: '/api/operations/8', status: 'RECEIVED', statusLabel: 'Reçu' }),
            pickupLine('op-5', { operation: '/api/operations/5' }),
          ]),
          PLAIN_JSON,
        ];
      });
    const { body } = await graphql(
      gateway,
      `{ viewer { operations(first: 20) { edges { node {
          databaseId hazardousPickup { key readableId status { code label } }
        } } } } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.operations.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      {
        databaseId: 5,
        hazardousPickup: {
          key: 'op-5',
          readableId: 'BSD-20260305-ABCDEFGH',
          status: { code: 'SENT', label: 'Envoyé' },
        },
      },
      { databaseId: 6, hazardousPickup: null },
      // Hazardous but no line (cancelled, or not visible): null.
      { databaseId: 7, hazardousPickup: null },
      {
        databaseId: 8,
        hazardousPickup: {
          key: 'op-8',
          readableId: 'BSD-20260305-ABCDEFGH',
          status: { code: 'RECEIVED', label: 'Reçu' },
        },
      },
    ]);
    expect(pickupCalls).toBe(1);
    expect(normalizedCalls(body).filter((call) => call.includes('hazardous_pickups'))).toEqual([
      'GET /api/hazardous_pickups?first=200&operation[]=5&operation[]=7&operation[]=8',
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('batches operations read by aliases too, and asks nothing when none is hazardous', async () => {
    nock(API)
      .get('/api/operations')
      .query({ 'id[]': ['5', '6'], pagination: 'false' })
      .reply(
        200,
        collection('operations', [operationItem(5), operationItem(6, { dangerous: false })]),
        JSON_LD,
      );
    const pickups = nock(API)
      .get('/api/hazardous_pickups')
      .query(true)
      .reply(200, pickupPage([]), PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      `{ a: operation(databaseId: 5) { hazardousPickup { key } }
         b: operation(databaseId: 6) { hazardousPickup { key } } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ a: { hazardousPickup: null }, b: { hazardousPickup: null } });
    expect(pickups.isDone()).toBe(false);
    expect(normalizedCalls(body)).toEqual(['GET /api/operations?id[]=5&id[]=6&pagination=false']);
  });

  it('aliased hazardous operations share the one pick-up call', async () => {
    nock(API)
      .get('/api/operations')
      .query({ 'id[]': ['5', '6'], pagination: 'false' })
      .reply(
        200,
        collection('operations', [
          operationItem(5, { dangerous: true }),
          operationItem(6, { dangerous: true }),
        ]),
        JSON_LD,
      )
      .get('/api/hazardous_pickups')
      .query({ 'operation[]': ['5', '6'], first: '200' })
      .once()
      .reply(
        200,
        pickupPage([
          pickupLine('op-5', { operation: '/api/operations/5' }),
          pickupLine('op-6', { operation: '/api/operations/6' }),
        ]),
        PLAIN_JSON,
      );
    const { body } = await graphql(
      gateway,
      `{ a: operation(databaseId: 5) { hazardousPickup { key } }
         b: operation(databaseId: 6) { hazardousPickup { key } } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      a: { hazardousPickup: { key: 'op-5' } },
      b: { hazardousPickup: { key: 'op-6' } },
    });
    expect(body.extensions.restCalls.count).toBe(2);
  });
});

describe('Establishment.trackdechetsCheck', () => {
  const CHECK = /* GraphQL */ `
    query ($id: Int!) {
      establishment(databaseId: $id) { trackdechetsCheck { siret state label advice name problem } }
    }
  `;

  function mockSite(id: number) {
    return nock(API)
      .get('/api/company_sites')
      .query({ 'id[]': String(id), pagination: 'false' })
      .reply(200, collection('company_sites', [siteItem(id, 1)]), JSON_LD);
  }

  it.each(['ACTIVE', 'NOT_ACTIVATED', 'ACCOUNT_NOT_CREATED', 'INVALID_SIRET'] as const)(
    'gives the %s state with its French label and advice',
    async (state) => {
      mockSite(1001);
      const check = nock(API)
        .get('/api/company_sites/1001/check_trackdechets')
        .reply(
          200,
          { siret: '73282932000074', state, name: 'ENTREPRISE 1', companyTypes: ['PRODUCER'] },
          PLAIN_JSON,
        );
      const { body } = await graphql(gateway, CHECK, { id: 1001 }, { cookies });
      expect(body.errors).toBeUndefined();
      expect(body.data.establishment.trackdechetsCheck).toEqual({
        siret: '73282932000074',
        state,
        label: trackdechetsCheckLabels[state],
        advice: trackdechetsCheckAdvice[state],
        name: 'ENTREPRISE 1',
        problem: null,
      });
      expect(check.isDone()).toBe(true);
    },
  );

  it('labels the states in French', () => {
    expect(trackdechetsCheckLabels).toEqual({
      ACTIVE: 'Actif',
      NOT_ACTIVATED: 'Non activé',
      ACCOUNT_NOT_CREATED: 'Compte non créé',
      INVALID_SIRET: 'SIRET invalide',
    });
  });

  it.each([
    [409, messages.trackdechetsNotConfigured],
    [502, messages.trackdechetsUnavailable],
  ])('gives a %i as its problem, with no state and no GraphQL error', async (status, detail) => {
    mockSite(1001);
    nock(API)
      .get('/api/company_sites/1001/check_trackdechets')
      .reply(status, problem(status, detail), PROBLEM);
    const { body } = await graphql(gateway, CHECK, { id: 1001 }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment.trackdechetsCheck).toEqual({
      siret: '73282932000074',
      state: null,
      label: null,
      advice: null,
      name: null,
      problem: detail,
    });
    expect(body.extensions.restCalls.count).toBe(2);
  });

  it('takes the detail over the title of the problem', async () => {
    mockSite(1001);
    nock(API)
      .get('/api/company_sites/1001/check_trackdechets')
      .reply(409, problem(409, 'Conflit.', messages.trackdechetsNotConfigured), PROBLEM);
    const { body } = await graphql(gateway, CHECK, { id: 1001 }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment.trackdechetsCheck.problem).toBe(messages.trackdechetsNotConfigured);
  });
});

describe('slipStatuses and slipStatusHistory', () => {
  it('reads the statuses once per request', async () => {
    const statuses = [
      { code: 'NOT_CREATED', label: 'BSD non créé' },
      { code: 'DRAFT', label: 'Brouillon' },
      { code: 'SENT', label: 'Envoyé' },
    ];
    const scope = nock(API)
      .get('/api/bsd_information/bsd_status_availables')
      .once()
      .reply(200, { statuses }, PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      '{ a: slipStatuses { code label } b: slipStatuses { code } }',
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.a).toEqual(statuses);
    expect(body.data.b).toEqual(statuses.map(({ code }) => ({ code })));
    expect(body.extensions.restCalls.count).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  const HISTORY =
    'query ($id: String!) { slipStatusHistory(readableId: $id) { status { code label } loggedAt } }';

  it("gives a slip's history, its number encoded in the path", async () => {
    const scope = nock(API)
      .get('/api/trackdechets/slips/BSD-2026%2F01/life_cycle')
      .reply(
        200,
        {
          statusLogs: [
            { status: 'SEALED', label: 'Finalisé', loggedAt: '2026-03-01T08:00:00.000Z' },
            { status: 'SENT', label: 'Envoyé', loggedAt: '2026-03-02T09:30:00.000Z' },
          ],
        },
        PLAIN_JSON,
      );
    const { body } = await graphql(gateway, HISTORY, { id: 'BSD-2026/01' }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.slipStatusHistory).toEqual([
      { status: { code: 'SEALED', label: 'Finalisé' }, loggedAt: '2026-03-01T08:00:00.000Z' },
      { status: { code: 'SENT', label: 'Envoyé' }, loggedAt: '2026-03-02T09:30:00.000Z' },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it.each([
    [409, messages.trackdechetsNotLinked],
    [409, messages.trackdechetsLinkBroken],
    [502, messages.trackdechetsUnavailable],
  ])("gives a %i as a GraphQL error in the api's French words", async (status, detail) => {
    nock(API).get('/api/trackdechets/slips/BSD-1/life_cycle').reply(status, problem(status, detail), PROBLEM);
    const { body } = await graphql(gateway, HISTORY, { id: 'BSD-1' }, { cookies });
    expect(body.data).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].message).toBe(detail);
    expect(body.errors[0].extensions.code).toBe('CONFLICT');
    expect(body.errors[0].path).toEqual(['slipStatusHistory']);
  });

  it('gives an unknown slip as NOT_FOUND', async () => {
    nock(API)
      .get('/api/trackdechets/slips/BSD-404/life_cycle')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const { body } = await graphql(gateway, HISTORY, { id: 'BSD-404' }, { cookies });
    expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('the Trackdéchets mutations', () => {
  const USER_ERRORS = 'userErrors { field message code }';
  const LINK = 'link { state email lastSyncAt }';

  it('startTrackdechetsLink gives the authorisation page', async () => {
    const authorizeUrl = 'https://app.trackdechets.beta.gouv.fr/oauth2/authorize?state=s-1';
    const scope = nock(API)
      .post('/api/trackdechets/connection/init')
      .matchHeader('authorization', 'Bearer tok-1')
      .reply(200, { authorizeUrl }, PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      `mutation { startTrackdechetsLink(input: {}) { authorizeUrl ${USER_ERRORS} } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.startTrackdechetsLink).toEqual({ authorizeUrl, userErrors: [] });
    expect(scope.isDone()).toBe(true);
  });

  it.each([
    [409, messages.trackdechetsNotConfigured, messages.trackdechetsNotConfigured],
    [403, messages.forbidden, messages.forbidden],
  ])('startTrackdechetsLink gives a %i as userErrors, without a url', async (status, detail, message) => {
    nock(API).post('/api/trackdechets/connection/init').reply(status, problem(status, detail), PROBLEM);
    const { body } = await graphql(
      gateway,
      `mutation { startTrackdechetsLink(input: {}) { authorizeUrl ${USER_ERRORS} } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.startTrackdechetsLink).toEqual({
      authorizeUrl: null,
      userErrors: [{ field: [], message, code: 'TRACKDECHETS' }],
    });
  });

  const COMPLETE = `mutation ($input: CompleteTrackdechetsLinkInput!) {
    completeTrackdechetsLink(input: $input) { ${LINK} ${USER_ERRORS} }
  }`;

  it('completeTrackdechetsLink sends the return as given and answers the link read after it', async () => {
    const sent: unknown[] = [];
    const scope = nock(API)
      .post('/api/trackdechets/connection/validate', (body) => {
        sent.push(body);
        return true;
      })
      .reply(200, linkAnswer({ lastSyncAt: null }), PLAIN_JSON)
      .get('/api/trackdechets/connection')
      .once()
      .reply(200, linkAnswer(), PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      COMPLETE,
      { input: { state: 'state-1', code: 'code-1' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(sent).toEqual([{ state: 'state-1', code: 'code-1' }]);
    expect(body.data.completeTrackdechetsLink).toEqual({
      link: { state: 'ACTIVE', email: 'claire.martin@demo.fr', lastSyncAt: '2026-03-02T08:00:00.000Z' },
      userErrors: [],
    });
    // The POST, then the GET of the fresh link.
    expect(
      body.extensions.restCalls.calls.map((call: { method: string; path: string }) => call.method),
    ).toEqual(['POST', 'GET']);
    expect(scope.isDone()).toBe(true);
  });

  it('completeTrackdechetsLink gives a refusal (400) as userErrors, with the link as it stays', async () => {
    const sent: unknown[] = [];
    nock(API)
      .post('/api/trackdechets/connection/validate', (body) => {
        sent.push(body);
        return true;
      })
      .reply(400, problem(400, messages.trackdechetsLinkFailed), PROBLEM)
      .get('/api/trackdechets/connection')
      .reply(200, UNLINKED, PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      COMPLETE,
      { input: { state: 'state-1', code: null, error: 'access_denied' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    // The code the return did not bring is not sent (not even as null).
    expect(sent).toEqual([{ state: 'state-1', error: 'access_denied' }]);
    expect(body.data.completeTrackdechetsLink).toEqual({
      link: { state: 'NONE', email: null, lastSyncAt: null },
      userErrors: [{ field: [], message: messages.trackdechetsLinkFailed, code: 'TRACKDECHETS' }],
    });
  });

  it('completeTrackdechetsLink gives a 502 as userErrors', async () => {
    nock(API)
      .post('/api/trackdechets/connection/validate', { state: 's', code: 'c' })
      .reply(502, problem(502, messages.trackdechetsUnavailable), PROBLEM);
    const { body } = await graphql(
      gateway,
      `mutation { completeTrackdechetsLink(input: { state: "s", code: "c" }) { ${USER_ERRORS} } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.completeTrackdechetsLink.userErrors).toEqual([
      { field: [], message: messages.trackdechetsUnavailable, code: 'TRACKDECHETS' },
    ]);
  });

  it('unlinkTrackdechets deletes the link and answers it read again', async () => {
    const scope = nock(API)
      .delete('/api/trackdechets/connection')
      .reply(204)
      .get('/api/trackdechets/connection')
      .reply(200, UNLINKED, PLAIN_JSON);
    const { body } = await graphql(
      gateway,
      `mutation { unlinkTrackdechets(input: {}) { ${LINK} ${USER_ERRORS} } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.unlinkTrackdechets).toEqual({
      link: { state: 'NONE', email: null, lastSyncAt: null },
      userErrors: [],
    });
    expect(body.extensions.restCalls.calls.map((call: { method: string }) => call.method)).toEqual([
      'DELETE',
      'GET',
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it("reads the link again after each mutation, not the request's earlier copy", async () => {
    const scope = nock(API)
      .post('/api/trackdechets/sync')
      .reply(502, problem(502, messages.trackdechetsUnavailable), PROBLEM)
      .get('/api/trackdechets/connection')
      .reply(200, linkAnswer(), PLAIN_JSON)
      .delete('/api/trackdechets/connection')
      .reply(204)
      .get('/api/trackdechets/connection')
      .reply(200, UNLINKED, PLAIN_JSON);
    // Mutation fields run one after the other: the failed sync reads the link, then the unlink changes it.
    const { body } = await graphql(
      gateway,
      `mutation {
        syncTrackdechets(input: {}) { link { state } }
        unlinkTrackdechets(input: {}) { link { state } }
      }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      syncTrackdechets: { link: { state: 'ACTIVE' } },
      unlinkTrackdechets: { link: { state: 'NONE' } },
    });
    expect(body.extensions.restCalls.calls.map((call: { method: string }) => call.method)).toEqual([
      'POST',
      'GET',
      'DELETE',
      'GET',
    ]);
    expect(scope.isDone()).toBe(true);
  });

  const SYNC = `mutation { syncTrackdechets(input: {}) { updatedSlips ${LINK} ${USER_ERRORS} } }`;

  it('syncTrackdechets gives the count of slips and the link the api answered, without reading it again', async () => {
    const scope = nock(API)
      .post('/api/trackdechets/sync')
      .reply(
        200,
        { updatedSlips: 4, link: linkAnswer({ lastSyncAt: '2026-03-09T07:00:00.000Z' }) },
        PLAIN_JSON,
      );
    const { body } = await graphql(gateway, SYNC, {}, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.syncTrackdechets).toEqual({
      updatedSlips: 4,
      link: { state: 'ACTIVE', email: 'claire.martin@demo.fr', lastSyncAt: '2026-03-09T07:00:00.000Z' },
      userErrors: [],
    });
    expect(body.extensions.restCalls.count).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  it.each([
    [502, messages.trackdechetsUnavailable],
    [409, messages.trackdechetsNotLinked],
  ])('syncTrackdechets gives a %i as userErrors, with the link as it is', async (status, detail) => {
    nock(API)
      .post('/api/trackdechets/sync')
      .reply(status, problem(status, detail), PROBLEM)
      .get('/api/trackdechets/connection')
      .reply(200, linkAnswer(), PLAIN_JSON);
    const { body } = await graphql(gateway, SYNC, {}, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.syncTrackdechets).toEqual({
      updatedSlips: 0,
      link: { state: 'ACTIVE', email: 'claire.martin@demo.fr', lastSyncAt: '2026-03-02T08:00:00.000Z' },
      userErrors: [{ field: [], message: detail, code: 'TRACKDECHETS' }],
    });
  });
});

describe('without a session', () => {
  it('the viewer is null: neither the link nor the pick-ups are asked', async () => {
    const { body } = await graphql(
      gateway,
      '{ viewer { trackdechets { state } hazardousPickups { totalCount } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ viewer: null });
    expect(body.extensions.restCalls.count).toBe(0);
  });

  it.each([
    ['establishment', '{ establishment(databaseId: 1001) { trackdechetsCheck { state } } }'],
    ['operation', '{ operation(databaseId: 5) { hazardousPickup { key } } }'],
    ['slipStatuses', '{ slipStatuses { code } }'],
    ['slipStatusHistory', '{ slipStatusHistory(readableId: "BSD-1") { loggedAt } }'],
    ['startTrackdechetsLink', 'mutation { startTrackdechetsLink(input: {}) { authorizeUrl } }'],
    [
      'completeTrackdechetsLink',
      'mutation { completeTrackdechetsLink(input: { state: "s", code: "c" }) { userErrors { message } } }',
    ],
    ['unlinkTrackdechets', 'mutation { unlinkTrackdechets(input: {}) { userErrors { message } } }'],
    ['syncTrackdechets', 'mutation { syncTrackdechets(input: {}) { updatedSlips } }'],
  ])('%s is UNAUTHENTICATED without a call', async (field, query) => {
    const { body } = await graphql(gateway, query);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(body.errors[0].message).toBe(messages.unauthenticated);
    expect(body.errors[0].path).toEqual([field]);
    expect(body.extensions.restCalls.count).toBe(0);
  });
});
