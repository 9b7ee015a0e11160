import { skipFieldLabels } from '@portal/domain';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { offsetCursor } from '../src/schema/connections.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { PROBLEM, problem } from './fixtures.ts';
import {
  API,
  graphql,
  normalizedCalls,
  normalizePath,
  post,
  SCALE,
  startTestGateway,
  type TestGateway,
  tempDir,
} from './helpers.ts';
import { mockSkipWorld, type SkipWorld, skipWorld } from './skips-world.ts';

/**
 * The containers screen: my establishments, each with its containers and, for each container, its type,
 * its waste levels, its codes, its provider, its chantier and its deliveries with their programs.
 */
const SKIPS_SCREEN = /* GraphQL */ `
  query SkipsScreen {
    viewer {
      establishments {
        edges {
          node {
            databaseId
            canManageSkips
            skips {
              totalCount
              edges {
                node {
                  id
                  databaseId
                  name
                  state
                  fillingLevel
                  plannedWork
                  volume
                  unit
                  dangerous
                  canEdit
                  canComplete
                  canDelete
                  canRequestRotation
                  missingForRotation { field label }
                  skipType { id label volume unit }
                  firstLevelWaste { code label }
                  secondLevelWaste { code label }
                  thirdLevelWaste { label wasteCode { code } }
                  wasteCode { code dangerous }
                  plannedTreatmentCode { code description kind isFinal }
                  provider { databaseId displayName }
                  entity { name }
                  deliveries {
                    totalCount
                    edges {
                      node { databaseId status requestedDate canAdvance canCancel program { recurrence monthDay } }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
`;

const session = (world: SkipWorld) => ({
  [SESSION_COOKIE]: `token-${world.typology}`,
  [USER_ID_COOKIE]: String(world.user.id),
});

const ids = (name: string, values: number[]) => values.map((id) => `${name}=${id}`).join('&');
const sorted = (calls: string[]) => calls.map((call) => `GET ${normalizePath(call)}`).sort();
const unique = (values: number[]) => [...new Set(values)];
const idOf = (iri: string | null) => Number(iri?.split('/').pop());

/** Screens deeper than raw documents may go are the web's persisted queries, as in production. */
const CHANTIER_SKIPS = /* GraphQL */ `
  query ChantierSkips {
    viewer {
      establishments {
        edges { node { entities { edges { node { name skips { totalCount edges { node { name } } } } } } } }
      }
    }
  }
`;
/** The provider's screen: the containers of my clients' sites that I provide, and their deliveries. */
const PROVIDER_SCREEN = /* GraphQL */ `
  query ProviderSkips {
    viewer {
      linkedEstablishments {
        edges {
          node {
            databaseId
            canManageSkips
            skips {
              edges {
                node {
                  databaseId
                  canEdit
                  canComplete
                  provider { databaseId }
                  deliveries { edges { node { status canAdvance canCancel } } }
                }
              }
            }
          }
        }
      }
    }
  }
`;
const dir = tempDir('gateway-skips-');
const persistedFile = dir.write(
  'persisted.json',
  JSON.stringify({
    SkipsScreen: SKIPS_SCREEN,
    ChantierSkips: CHANTIER_SKIPS,
    ProviderSkips: PROVIDER_SCREEN,
  }),
);

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ PERSISTED_QUERIES_FILE: persistedFile });
});
afterAll(async () => {
  await gateway.close();
  dir.remove();
});

function persisted(id: string, world: SkipWorld) {
  return post(`${gateway.url}/graphql`, { doc_id: id, variables: {} }, { cookies: session(world) });
}
afterEach(() => {
  nock.cleanAll();
  gateway.forgetWhatTheProcessKeeps();
});

/**
 * The calls the screen makes, derived from the world: one per kind of resource. Up to 200 ids travel as a
 * filter; more are covered by one list: the deliveries of the skips' sites (or all of them past 200 sites),
 * every skip, provider, chantier or program the viewer sees.
 */
function expectedCalls(world: SkipWorld): string[] {
  const batch = (path: string, name: string, values: number[], rest: string) =>
    values.length <= 200 ? `${path}?${ids(name, values)}&${rest}` : `${path}?${rest}`;
  const siteIds = world.ownSites.map((site) => site.id);
  const skipIds = world.skips.map((skip) => skip.id);
  const skipSites = unique(world.skips.map((skip) => idOf(skip.companySite)));
  const providers = unique(world.skips.map((skip) => idOf(skip.provider)));
  const entities = unique(
    world.skips.flatMap((skip) => (skip.companySiteEntity ? [idOf(skip.companySiteEntity)] : [])),
  );
  const byDate = 'order[requestedDate]=asc&pagination=false';
  return sorted([
    '/api/users/1',
    '/api/users/1/company_sites_full?typology=producer&pagination=false&order[name]=asc',
    batch('/api/skips', 'companySite[]', siteIds, 'order[createdAt]=desc&pagination=false'),
    '/api/skip_types?pagination=false',
    '/api/first_level_wastes?pagination=false',
    '/api/second_level_wastes?pagination=false',
    '/api/third_level_wastes?pagination=false',
    '/api/operation_treatment_codes?pagination=false',
    batch('/api/company_sites', 'id[]', providers, 'pagination=false'),
    batch('/api/company_site_entities', 'id[]', entities, 'pagination=false'),
    skipIds.length <= 200
      ? `/api/skip_deliveries?${ids('skip[]', skipIds)}&${byDate}`
      : batch('/api/skip_deliveries', 'companySite[]', skipSites, byDate),
    batch(
      '/api/skip_delivery_programs',
      'id[]',
      world.programs.map((program) => program.id),
      'pagination=false',
    ),
  ]);
}

describe('containers hang off establishments with batched loading', () => {
  it(
    'at 2, 200 and 2,000 establishments the screen costs the same 12 calls, listed exactly',
    SCALE,
    async () => {
      const counts: number[] = [];
      for (const size of [2, 200, 2000]) {
        const world = skipWorld(size);
        mockSkipWorld(world);
        // Each size as a first screen of the process: the official lists are read too.
        gateway.forgetWhatTheProcessKeeps();
        const { body } = await persisted('SkipsScreen', world);
        expect(body.errors).toBeUndefined();
        expect(normalizedCalls(body)).toEqual(expectedCalls(world));
        for (const call of body.extensions.restCalls.calls) expect(call.path.length).toBeLessThan(6000);
        counts.push(body.extensions.restCalls.count);

        const edges = body.data.viewer.establishments.edges;
        expect(edges).toHaveLength(size);
        const skipCount = edges.reduce(
          (sum: number, edge: { node: { skips: { totalCount: number } } }) =>
            sum + edge.node.skips.totalCount,
          0,
        );
        expect(skipCount).toBe(world.skips.length);
        nock.cleanAll();
      }
      expect(counts).toEqual([12, 12, 12]);
    },
  );

  it('maps every field of a container and its deliveries', async () => {
    const world = skipWorld(2);
    mockSkipWorld(world);
    const { body } = await persisted('SkipsScreen', world);
    expect(body.errors).toBeUndefined();
    const [first, second] = body.data.viewer.establishments.edges.map((edge: { node: object }) => edge.node);
    expect(first).toMatchObject({ databaseId: 1000, canManageSkips: true, skips: { totalCount: 1 } });
    expect(first.skips.edges[0].node).toEqual({
      id: toGlobalId('Skip', 70_000),
      databaseId: 70_000,
      name: 'Benne 70000',
      state: 'AVAILABLE',
      fillingLevel: 'HALF',
      plannedWork: null,
      volume: '15.000',
      unit: 'm3',
      dangerous: false,
      canEdit: true,
      canComplete: false,
      canDelete: true,
      canRequestRotation: true,
      missingForRotation: [],
      skipType: { id: toGlobalId('SkipType', 1), label: 'Bac 240 L', volume: '240.000', unit: 'L' },
      firstLevelWaste: { code: 'DND', label: 'Déchets non dangereux' },
      secondLevelWaste: { code: 'PAPIER_CARTON', label: 'Papier-carton' },
      thirdLevelWaste: { label: 'Emballages en carton', wasteCode: { code: '15 01 01' } },
      wasteCode: { code: '15 01 01', dangerous: false },
      plannedTreatmentCode: {
        code: 'R 3',
        description:
          'Recyclage ou récupération des substances organiques qui ne sont pas utilisées comme solvants',
        kind: 'R',
        isFinal: true,
      },
      provider: { databaseId: 5000, displayName: 'Entreprise 100 > Site 5000' },
      entity: { name: 'Chantier 10000' },
      deliveries: {
        totalCount: 1,
        edges: [
          {
            node: {
              databaseId: 90_000,
              status: 'ORDERED',
              requestedDate: '2026-03-02',
              // A producer cancels what is not scheduled; only the provider advances.
              canAdvance: false,
              canCancel: true,
              program: null,
            },
          },
        ],
      },
    });
    // Latest first: the second skip of site 1001 was created after the first.
    const secondSkips = second.skips.edges.map((edge: { node: { databaseId: number } }) => edge.node);
    expect(secondSkips.map((skip: { databaseId: number }) => skip.databaseId)).toEqual([70_002, 70_001]);
    expect(secondSkips[0]).toMatchObject({
      plannedTreatmentCode: null,
      canRequestRotation: false,
      missingForRotation: [{ field: 'plannedTreatmentCode', label: skipFieldLabels.plannedTreatmentCode }],
      entity: null,
      deliveries: {
        totalCount: 2,
        edges: [
          { node: { databaseId: 90_002, status: 'ORDERED', canCancel: true, program: null } },
          {
            node: {
              databaseId: 90_003,
              status: 'SCHEDULED',
              requestedDate: '2026-04-02',
              canCancel: false,
              program: { recurrence: 'MONTH', monthDay: 2 },
            },
          },
        ],
      },
    });
  });

  it('one establishment alone is paged by the api', async () => {
    const world = skipWorld(2);
    mockSkipWorld(world);
    const { body } = await graphql(
      gateway,
      `query ($id: Int!, $after: String) {
        establishment(databaseId: $id) {
          skips(first: 1, after: $after, states: [AVAILABLE, ORDERED]) {
            totalCount
            edges { cursor node { databaseId } }
            pageInfo { hasNextPage hasPreviousPage }
          }
        }
      }`,
      { id: 1001, after: offsetCursor(0) },
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/company_sites?id[]=1001&pagination=false',
        '/api/skips?companySite[]=1001&state[]=AVAILABLE&state[]=ORDERED&order[createdAt]=desc&page=2&itemsPerPage=1',
      ]),
    );
    expect(body.data.establishment.skips).toEqual({
      totalCount: 2,
      edges: [{ cursor: offsetCursor(1), node: { databaseId: 70_001 } }],
      pageInfo: { hasNextPage: false, hasPreviousPage: true },
    });
  });

  it('sends the chantier, the states and a search (then by name) as REST filters', async () => {
    const world = skipWorld(4);
    mockSkipWorld(world);
    const { body } = await graphql(
      gateway,
      `query ($entity: ID!) {
        viewer {
          establishments {
            edges { node { skips(entityId: $entity, states: [AVAILABLE], search: " benne ") { totalCount } } }
          }
        }
      }`,
      { entity: toGlobalId('Entity', 10_000) },
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toContain(
      `GET ${normalizePath(
        `/api/skips?${ids('companySite[]', [1000, 1001, 1002, 1003])}&state[]=AVAILABLE&companySiteEntity[]=10000&q=benne&order[name]=asc&pagination=false`,
      )}`,
    );
    const totals = body.data.viewer.establishments.edges.map(
      (edge: { node: { skips: { totalCount: number } } }) => edge.node.skips.totalCount,
    );
    expect(totals).toEqual([1, 0, 0, 0]);
  });

  it('batches the skips of chantiers through companySiteEntity[]', async () => {
    const world = skipWorld(6);
    mockSkipWorld(world);
    const { body } = await persisted('ChantierSkips', world);
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/users/1/company_sites_full?typology=producer&pagination=false&order[name]=asc',
        `/api/company_site_entities?${ids('companySite[]', [1000, 1002, 1004])}&pagination=false&order[name]=asc`,
        `/api/skips?${ids('companySiteEntity[]', [10_000, 10_002, 10_004])}&order[createdAt]=desc&pagination=false`,
      ]),
    );
    expect(body.extensions.restCalls.count).toBe(4);
    const chantiers = body.data.viewer.establishments.edges.flatMap(
      (edge: { node: { entities: { edges: { node: object }[] } } }) =>
        edge.node.entities.edges.map((entity) => entity.node),
    );
    expect(chantiers).toEqual([
      { name: 'Chantier 10000', skips: { totalCount: 1, edges: [{ node: { name: 'Benne 70000' } }] } },
      { name: 'Chantier 10002', skips: { totalCount: 0, edges: [] } },
      { name: 'Chantier 10004', skips: { totalCount: 1, edges: [{ node: { name: 'Benne 70004' } }] } },
    ]);
  });

  it('batches the deliveries of establishments through companySite[], with their statuses', async () => {
    const world = skipWorld(3);
    mockSkipWorld(world);
    const { body } = await graphql(
      gateway,
      '{ viewer { establishments { edges { node { skipDeliveries(statuses: [SCHEDULED]) { totalCount edges { node { databaseId skip { name } establishment { databaseId } provider { databaseId } } } } } } } } }',
      {},
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/users/1/company_sites_full?typology=producer&pagination=false&order[name]=asc',
        `/api/skip_deliveries?${ids('companySite[]', [1000, 1001, 1002])}&status[]=SCHEDULED&order[requestedDate]=asc&pagination=false`,
        // The skips of the deliveries: one batch; the establishments are already loaded.
        '/api/skips?id[]=70002&pagination=false',
        '/api/company_sites?id[]=5000&pagination=false',
      ]),
    );
    expect(body.data.viewer.establishments.edges[1].node.skipDeliveries).toEqual({
      totalCount: 1,
      edges: [
        {
          node: {
            databaseId: 90_003,
            skip: { name: 'Benne 70002' },
            establishment: { databaseId: 1001 },
            provider: { databaseId: 5000 },
          },
        },
      ],
    });
  });
});

describe("the provider's screen", () => {
  it('at 2 and 200 client sites: 5 calls, the provider flags from its own sites', async () => {
    for (const size of [4, 400]) {
      gateway.forgetWhatTheProcessKeeps();
      const world = skipWorld(size, 'retriever');
      mockSkipWorld(world);
      const { body } = await persisted('ProviderSkips', world);
      expect(body.errors).toBeUndefined();
      const clientSites = world.linkedSites.map((site) => site.id);
      const providers = unique(world.skips.map((skip) => idOf(skip.provider)));
      const skipIds = world.skips.map((skip) => skip.id);
      const skipSites = unique(world.skips.map((skip) => idOf(skip.companySite)));
      expect(clientSites).toHaveLength(size / 2);
      expect(normalizedCalls(body)).toEqual(
        sorted([
          '/api/users/1',
          '/api/users/1/company_sites_linked_producer_full?pagination=false&order[name]=asc',
          `/api/skips?${ids('companySite[]', clientSites)}&order[createdAt]=desc&pagination=false`,
          skipIds.length <= 200
            ? `/api/skip_deliveries?${ids('skip[]', skipIds)}&order[requestedDate]=asc&pagination=false`
            : `/api/skip_deliveries?${ids('companySite[]', skipSites)}&order[requestedDate]=asc&pagination=false`,
          `/api/company_sites?${ids('id[]', providers)}&pagination=false`,
        ]),
      );
      const first = body.data.viewer.linkedEstablishments.edges[0].node;
      expect(first).toEqual({
        databaseId: 5000,
        canManageSkips: false,
        skips: {
          edges: [
            {
              node: {
                databaseId: 70_000,
                canEdit: false,
                canComplete: true,
                provider: { databaseId: 1000 },
                deliveries: { edges: [{ node: { status: 'ORDERED', canAdvance: true, canCancel: false } }] },
              },
            },
          ],
        },
      });
      nock.cleanAll();
    }
  });
});

describe('bad arguments', () => {
  it('a malformed cursor fails its field as BAD_USER_INPUT, before any skip is read', async () => {
    const world = skipWorld(2);
    mockSkipWorld(world);
    const { body } = await graphql(
      gateway,
      '{ establishment(databaseId: 1000) { databaseId skips(after: "bm9wZQ==") { totalCount } } }',
      {},
      { cookies: session(world) },
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(normalizedCalls(body)).toEqual(sorted(['/api/company_sites?id[]=1000&pagination=false']));
  });

  it('a chantier id of another type lists nothing, without a call', async () => {
    const world = skipWorld(2);
    mockSkipWorld(world);
    const { body } = await graphql(
      gateway,
      '{ establishment(databaseId: 1000) { skips(entityId: "U2tpcDo3") { totalCount } } }',
      {},
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment.skips.totalCount).toBe(0);
    expect(body.extensions.restCalls.count).toBe(1);
  });
});

describe('Query.skip and nodes', () => {
  it('loads a container through the skip batch; one the api does not show is null', async () => {
    const world = skipWorld(2);
    mockSkipWorld(world);
    const { body } = await graphql(
      gateway,
      `query ($skip: ID!, $type: ID!, $delivery: ID!, $program: ID!, $waste: ID!) {
        skip(databaseId: 70001) { name establishment { databaseId } }
        missing: skip(databaseId: 12) { name }
        node(id: $skip) { ... on Skip { databaseId } }
        type: node(id: $type) { ... on SkipType { label } }
        delivery: node(id: $delivery) { ... on SkipDelivery { status } }
        program: node(id: $program) { ... on SkipDeliveryProgram { recurrence } }
        waste: node(id: $waste) { ... on ThirdLevelWaste { label } }
      }`,
      {
        skip: toGlobalId('Skip', 70_002),
        type: toGlobalId('SkipType', 7),
        delivery: toGlobalId('SkipDelivery', 90_001),
        program: toGlobalId('SkipDeliveryProgram', 300),
        waste: toGlobalId('ThirdLevelWaste', 4),
      },
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      skip: { name: 'Benne 70001', establishment: { databaseId: 1001 } },
      missing: null,
      node: { databaseId: 70_002 },
      type: { label: 'Big bag' },
      delivery: { status: 'ORDERED' },
      program: { recurrence: 'MONTH' },
      waste: { label: 'Solvants halogénés' },
    });
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/skips?id[]=12&id[]=70001&id[]=70002&pagination=false',
        '/api/company_sites?id[]=1001&pagination=false',
        '/api/skip_types?pagination=false',
        '/api/skip_deliveries?id[]=90001&pagination=false',
        '/api/skip_delivery_programs?id[]=300&pagination=false',
        '/api/third_level_wastes?pagination=false',
      ]),
    );
  });

  it('is null, without an error, when the api answers 404', async () => {
    nock(API)
      .get('/api/skips')
      .query({ 'id[]': '8', pagination: 'false' })
      .reply(404, problem(404, "Le contenu que vous cherchez n'est pas disponible."), PROBLEM);
    const { body } = await graphql(
      gateway,
      '{ skip(databaseId: 8) { name } }',
      {},
      { cookies: { [SESSION_COOKIE]: 't' } },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.skip).toBeNull();
  });

  it('needs a session', async () => {
    const { body } = await graphql(gateway, '{ skip(databaseId: 8) { name } }');
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
