import { permissionsFor } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import type { RestSkip, RestSkipDelivery } from '../src/rest/types.ts';
import { collection, deliveryItem, idsOf, JSON_LD, siteItem, skipItem, userItem } from './fixtures.ts';
import { API, graphql, normalizedCalls, normalizePath, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const sorted = (calls: string[]) => calls.map((call) => `GET ${normalizePath(call)}`).sort();

/** Site 3 (a producer's) is provided by site 12 (a retriever's); chantier 9 is on site 3. */
const CHANTIER = '/api/company_sites/3/company_site_entities/9';
const onChantier = skipItem(7, 3, { provider: '/api/company_sites/12', companySiteEntity: CHANTIER });
const onSite = skipItem(8, 3, { provider: '/api/company_sites/12' });
const deliveries = (skip: RestSkip): RestSkipDelivery[] =>
  (['ORDERED', 'AWAITING_SCHEDULING', 'SCHEDULED', 'VALIDATED'] as const).map((status, index) =>
    deliveryItem(skip.id * 10 + index, skip, {
      status,
      requestedDate: `2026-03-0${index + 1}`,
      scheduledDate: status === 'SCHEDULED' || status === 'VALIDATED' ? `2026-03-0${index + 1}` : null,
    }),
  );

const SKIP_FLAGS = /* GraphQL */ `
  query Flags {
    a: skip(databaseId: 7) { ...flags }
    b: skip(databaseId: 8) { ...flags }
    establishment(databaseId: 3) { canManageSkips }
  }
  fragment flags on Skip {
    canEdit canComplete canDelete canRequestRotation
    deliveries { edges { node { status canAdvance canCancel } } }
  }
`;

function mockApi(user: ReturnType<typeof userItem>, hasFullAccess: boolean) {
  return nock(API)
    .get('/api/users/1')
    .reply(200, user, JSON_LD)
    .get('/api/skips')
    .query({ 'id[]': ['7', '8'], pagination: 'false' })
    .reply(200, collection('skips', [onChantier, onSite]), JSON_LD)
    .get('/api/company_sites')
    .query({ 'id[]': '3', pagination: 'false' })
    .reply(200, collection('company_sites', [siteItem(3, 1, { hasFullAccess })]), JSON_LD)
    .get('/api/skip_deliveries')
    .query({ 'skip[]': ['7', '8'], 'order[requestedDate]': 'asc', pagination: 'false' })
    .reply(200, collection('skip_deliveries', [...deliveries(onChantier), ...deliveries(onSite)]), JSON_LD);
}

const statusFlags = (canAdvance: boolean[], canCancel: boolean[]) => ({
  edges: ['ORDERED', 'AWAITING_SCHEDULING', 'SCHEDULED', 'VALIDATED'].map((status, index) => ({
    node: { status, canAdvance: canAdvance[index], canCancel: canCancel[index] },
  })),
});

const gateway = useTestGateway();

describe('permission flags of containers and deliveries', () => {
  it('a producer with full access edits, deletes, asks rotations and cancels what is not scheduled', async () => {
    const producer = userItem({ permissions: permissionsFor(['producer'], false), companySitesIdsFull: [3] });
    const scope = mockApi(producer, true);
    const { body } = await graphql(gateway, SKIP_FLAGS, {}, { cookies });
    expect(body.errors).toBeUndefined();
    const flags = {
      canEdit: true,
      canComplete: false,
      canDelete: true,
      canRequestRotation: true,
      deliveries: statusFlags([false, false, false, false], [true, true, false, false]),
    };
    expect(body.data).toEqual({ a: flags, b: flags, establishment: { canManageSkips: true } });
    expect(scope.isDone()).toBe(true);
  });

  it('a limited-entity producer acts only on the containers of their chantiers', async () => {
    const limited = userItem({
      permissions: permissionsFor(['producer'], true),
      limitedToEntities: true,
      companies: [],
      companySitesIdsFull: [3],
      companySiteEntities: [CHANTIER],
    });
    mockApi(limited, false);
    const { body } = await graphql(gateway, SKIP_FLAGS, {}, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.a).toMatchObject({
      canEdit: true,
      canDelete: true,
      canRequestRotation: true,
      deliveries: statusFlags([false, false, false, false], [true, true, false, false]),
    });
    expect(body.data.b).toMatchObject({
      canEdit: false,
      canDelete: false,
      canRequestRotation: false,
      deliveries: statusFlags([false, false, false, false], [false, false, false, false]),
    });
    // They create containers on their chantiers of this site.
    expect(body.data.establishment).toEqual({ canManageSkips: true });
  });

  it('the provider (full access to the provider site) completes its fields and moves deliveries along', async () => {
    const retriever = userItem({
      userTypologies: ['retriever'],
      permissions: permissionsFor(['retriever'], false),
      companySitesIdsFull: [12],
    });
    for (const providerFullAccess of [true, false]) {
      const sites = [
        siteItem(3, 1, { hasFullAccess: false }),
        siteItem(12, 100, { siteTypologies: ['retriever'], hasFullAccess: providerFullAccess }),
      ];
      nock(API)
        .get('/api/users/1')
        .reply(200, retriever, JSON_LD)
        .get('/api/skips')
        .query({ 'id[]': ['7', '8'], pagination: 'false' })
        .reply(200, collection('skips', [onChantier, onSite]), JSON_LD)
        .get('/api/company_sites')
        .query(true)
        .times(2)
        .reply(
          200,
          (request: Request) =>
            collection(
              'company_sites',
              sites.filter((site) => idsOf(request, 'id[]').includes(site.id)),
            ),
          JSON_LD,
        )
        .get('/api/skip_deliveries')
        .query(true)
        .reply(
          200,
          collection('skip_deliveries', [...deliveries(onChantier), ...deliveries(onSite)]),
          JSON_LD,
        );
      const { body } = await graphql(gateway, SKIP_FLAGS, {}, { cookies });
      expect(body.errors).toBeUndefined();
      const flags = providerFullAccess
        ? {
            canEdit: false,
            canComplete: true,
            canDelete: false,
            canRequestRotation: false,
            // Acknowledge, schedule, reschedule or validate; nothing after validation; never cancel.
            deliveries: statusFlags([true, true, true, false], [false, false, false, false]),
          }
        : {
            canEdit: false,
            canComplete: false,
            canDelete: false,
            canRequestRotation: false,
            deliveries: statusFlags([false, false, false, false], [false, false, false, false]),
          };
      expect(body.data).toEqual({ a: flags, b: flags, establishment: { canManageSkips: false } });
      expect(normalizedCalls(body)).toEqual(
        sorted([
          '/api/users/1',
          '/api/skips?id[]=7&id[]=8&pagination=false',
          '/api/skip_deliveries?skip[]=7&skip[]=8&order[requestedDate]=asc&pagination=false',
          // Query.establishment's site, then the provider site: never the client's site for the flags.
          '/api/company_sites?id[]=3&pagination=false',
          '/api/company_sites?id[]=12&pagination=false',
        ]),
      );
      nock.cleanAll();
    }
  });

  it('a rotation is not offered while a field is missing, work is planned or the container is not on site', async () => {
    const producer = userItem({ permissions: permissionsFor(['producer'], false), companySitesIdsFull: [3] });
    const skips = [
      skipItem(1, 3, { missingForRotation: ['provider'] }),
      skipItem(2, 3, { plannedWork: 'ROTATION_ASKED' }),
      skipItem(3, 3, { state: 'ORDERED' }),
      skipItem(4, 3, { state: 'ARCHIVED' }),
      skipItem(5, 3),
    ];
    nock(API)
      .get('/api/users/1')
      .reply(200, producer, JSON_LD)
      .get('/api/skips')
      .query(true)
      .reply(200, collection('skips', skips), JSON_LD)
      .get('/api/company_sites')
      .query(true)
      .reply(200, collection('company_sites', [siteItem(3, 1)]), JSON_LD);
    const { body } = await graphql(
      gateway,
      '{ establishment(databaseId: 3) { skips { edges { node { databaseId canRequestRotation } } } } }',
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment.skips.edges.map((edge: { node: object }) => edge.node)).toEqual([
      { databaseId: 1, canRequestRotation: false },
      { databaseId: 2, canRequestRotation: false },
      { databaseId: 3, canRequestRotation: false },
      { databaseId: 4, canRequestRotation: false },
      { databaseId: 5, canRequestRotation: true },
    ]);
  });
});

describe('User.incomingSkipDeliveries', () => {
  const INCOMING = /* GraphQL */ `
    query Incoming($statuses: [SkipDeliveryStatus!]) {
      viewer {
        incomingSkipDeliveries(first: 2, statuses: $statuses) {
          totalCount
          edges { node { databaseId status canAdvance skip { name } establishment { databaseId } } }
          pageInfo { hasNextPage }
        }
      }
    }
  `;

  it("pages the deliveries whose provider is one of the viewer's sites", async () => {
    const retriever = userItem({
      userTypologies: ['retriever'],
      permissions: permissionsFor(['retriever'], false),
      companySitesIdsFull: [12, 13],
    });
    const [ordered, acknowledged] = deliveries(onSite);
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, retriever, JSON_LD)
      .get('/api/skip_deliveries')
      .query({
        'provider[]': ['12', '13'],
        'status[]': ['ORDERED', 'AWAITING_SCHEDULING'],
        'order[requestedDate]': 'asc',
        page: '1',
        itemsPerPage: '2',
      })
      .reply(
        200,
        { ...collection('skip_deliveries', [ordered, acknowledged]), 'hydra:totalItems': 5 },
        JSON_LD,
      )
      .get('/api/skips')
      .query({ 'id[]': '8', pagination: 'false' })
      .reply(200, collection('skips', [onSite]), JSON_LD)
      // The delivery's establishment and the viewer's own site, in one batch.
      .get('/api/company_sites')
      .query({ 'id[]': ['3', '12'], pagination: 'false' })
      .reply(
        200,
        collection('company_sites', [
          siteItem(3, 1, { hasFullAccess: false }),
          siteItem(12, 100, { siteTypologies: ['retriever'] }),
        ]),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      INCOMING,
      { statuses: ['ORDERED', 'AWAITING_SCHEDULING'] },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.incomingSkipDeliveries).toEqual({
      totalCount: 5,
      edges: [
        {
          node: {
            databaseId: 80,
            status: 'ORDERED',
            canAdvance: true,
            skip: { name: 'Benne 8' },
            establishment: { databaseId: 3 },
          },
        },
        {
          node: {
            databaseId: 81,
            status: 'AWAITING_SCHEDULING',
            canAdvance: true,
            skip: { name: 'Benne 8' },
            establishment: { databaseId: 3 },
          },
        },
      ],
      pageInfo: { hasNextPage: true },
    });
    expect(scope.isDone()).toBe(true);
  });

  it('is empty, without a call, for a viewer without sites', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem({ companySitesIdsFull: [] }), JSON_LD);
    const { body } = await graphql(gateway, INCOMING, {}, { cookies });
    expect(body.data.viewer.incomingSkipDeliveries).toEqual({
      totalCount: 0,
      edges: [],
      pageInfo: { hasNextPage: false },
    });
    expect(body.extensions.restCalls.count).toBe(1);
  });
});
