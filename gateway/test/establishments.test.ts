import { permissionsFor } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { offsetCursor } from '../src/schema/connections.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { mirrorWorld, mockWorld, type SiteTypology, type World } from './api-world.ts';
import { collection, JSON_LD, PROBLEM, problem } from './fixtures.ts';
import { API, graphql, normalizedCalls, normalizePath, SCALE, useTestGateway } from './helpers.ts';

/**
 * The establishments screen: every establishment of mine with its company, its chantiers and the
 * establishments linked to it (providers for a producer, clients for a retriever) with their companies.
 */
const ESTABLISHMENTS_SCREEN = /* GraphQL */ `
  query EstablishmentsScreen {
    viewer {
      id
      ownSiteTypology
      establishments {
        totalCount
        edges {
          node {
            id
            databaseId
            displayName
            city
            postcode
            siret
            typologies
            isOwn
            canEdit
            canAddEntity
            entityCount
            company { id name }
            entities { totalCount edges { node { id name startDate endDate canEdit } } }
            linkedEstablishments {
              totalCount
              edges { node { id displayName typologies isOwn canEdit company { id name } } }
            }
          }
        }
      }
    }
  }
`;

/** The same screen with the side list of providers (or clients) beside it, as the dashboard selector has. */
const WITH_LINKED_LIST = ESTABLISHMENTS_SCREEN.replace(
  'query EstablishmentsScreen {\n    viewer {',
  'query EstablishmentsAndLinked {\n    viewer {\n      linkedEstablishments { totalCount edges { node { id displayName } } }',
);

const session = (world: World) => ({
  [SESSION_COOKIE]: `token-${world.typology}`,
  [USER_ID_COOKIE]: String(world.user.id),
});

const ids = (name: string, values: number[]) => values.map((id) => `${name}=${id}`).join('&');
const range = (from: number, count: number, step = 1) =>
  Array.from({ length: count }, (_, i) => from + i * step);

function sorted(calls: string[]): string[] {
  return calls.map((call) => `GET ${normalizePath(call)}`).sort();
}

const gateway = useTestGateway();

describe('the establishments screen costs a fixed number of REST calls', () => {
  /**
   * The calls, exactly. Own sites 1000.. (every other one with a chantier) over companies 1-7, linked
   * sites 5000.. (half as many) over companies 100-102. Up to 200 ids go as URL filters; above, one list
   * covers them: the viewer's own chantiers, and the viewer's list of linked sites.
   */
  const expected: Record<number, (typology: SiteTypology, linked: SiteTypology) => string[]> = {
    2: (typology) => [
      '/api/users/1',
      `/api/users/1/company_sites_full?typology=${typology}&pagination=false&order[name]=asc`,
      `/api/companies?${ids('id[]', [1, 2, 100])}&pagination=false`,
      `/api/company_site_entities?companySite[]=1000&pagination=false&order[name]=asc`,
      `/api/company_sites?id[]=5000&pagination=false`,
    ],
    200: (typology) => [
      '/api/users/1',
      `/api/users/1/company_sites_full?typology=${typology}&pagination=false&order[name]=asc`,
      `/api/companies?${ids('id[]', [...range(1, 7), 100, 101, 102])}&pagination=false`,
      `/api/company_site_entities?${ids('companySite[]', range(1000, 100, 2))}&pagination=false&order[name]=asc`,
      `/api/company_sites?${ids('id[]', range(5000, 100))}&pagination=false`,
    ],
    2000: (typology, linked) => [
      '/api/users/1',
      `/api/users/1/company_sites_full?typology=${typology}&pagination=false&order[name]=asc`,
      `/api/companies?${ids('id[]', [...range(1, 7), 100, 101, 102])}&pagination=false`,
      '/api/users/1/company_site_entities_full?pagination=false&order[name]=asc',
      `/api/users/1/company_sites_linked_${linked}_full?pagination=false&order[name]=asc`,
    ],
  };

  for (const typology of ['producer', 'retriever'] as const) {
    it(
      `at 2, 200 and 2,000 establishments of a ${typology}: 5 calls each, listed exactly`,
      SCALE,
      async () => {
        const counts: number[] = [];
        for (const size of [2, 200, 2000]) {
          gateway.forgetWhatTheProcessKeeps();
          const world = mirrorWorld(size, typology);
          mockWorld(world);
          const { body } = await graphql(gateway, ESTABLISHMENTS_SCREEN, {}, { cookies: session(world) });
          expect(body.errors).toBeUndefined();
          const calls = expected[size]?.(world.typology, world.linkedTypology) ?? [];
          expect(normalizedCalls(body)).toEqual(sorted(calls));
          // The api refuses request heads over ~16 KB: no URL comes close.
          for (const call of body.extensions.restCalls.calls) expect(call.path.length).toBeLessThan(6000);
          counts.push(body.extensions.restCalls.count);

          const edges = body.data.viewer.establishments.edges;
          expect(body.data.viewer.establishments.totalCount).toBe(size);
          expect(edges).toHaveLength(size);
          const first = edges[0].node;
          expect(first).toMatchObject({
            databaseId: 1000,
            displayName: 'Entreprise 1 > Site 1000',
            typologies: [typology.toUpperCase()],
            isOwn: true,
            canEdit: true,
            canAddEntity: typology === 'producer',
            entityCount: 1,
            company: { id: toGlobalId('Company', 1), name: 'Entreprise 1' },
            entities: {
              totalCount: 1,
              edges: [
                {
                  node: {
                    id: toGlobalId('Entity', 10_000),
                    name: 'Chantier 10000',
                    startDate: '2025-01-06',
                    endDate: null,
                    canEdit: typology === 'producer',
                  },
                },
              ],
            },
            linkedEstablishments: {
              totalCount: 1,
              edges: [
                {
                  node: {
                    displayName: 'Entreprise 100 > Site 5000',
                    typologies: [world.linkedTypology.toUpperCase()],
                    isOwn: false,
                    canEdit: false,
                    company: { name: 'Entreprise 100' },
                  },
                },
              ],
            },
          });
          expect(edges[1].node.entities).toEqual({ totalCount: 0, edges: [] });
          const last = edges[size - 1].node;
          expect(last.linkedEstablishments.edges[0].node.company.name).toMatch(/^Entreprise 10[0-2]$/);
          nock.cleanAll();
        }
        expect(counts).toEqual([5, 5, 5]);
      },
    );
  }

  it(
    'with the list of linked establishments beside it, the links come from that list: still 5 calls',
    SCALE,
    async () => {
      for (const size of [2, 200, 2000]) {
        gateway.forgetWhatTheProcessKeeps();
        const world = mirrorWorld(size);
        mockWorld(world);
        const { body } = await graphql(gateway, WITH_LINKED_LIST, {}, { cookies: session(world) });
        expect(body.errors).toBeUndefined();
        const entities =
          size === 2000
            ? '/api/users/1/company_site_entities_full?pagination=false&order[name]=asc'
            : `/api/company_site_entities?${ids('companySite[]', range(1000, size / 2, 2))}&pagination=false&order[name]=asc`;
        const companies = size === 2 ? [1, 2, 100] : [...range(1, 7), 100, 101, 102];
        expect(normalizedCalls(body)).toEqual(
          sorted([
            '/api/users/1',
            '/api/users/1/company_sites_full?typology=producer&pagination=false&order[name]=asc',
            '/api/users/1/company_sites_linked_retriever_full?pagination=false&order[name]=asc',
            `/api/companies?${ids('id[]', companies)}&pagination=false`,
            entities,
          ]),
        );
        expect(body.data.viewer.linkedEstablishments.totalCount).toBe(Math.max(1, size / 2));
        expect(
          body.data.viewer.establishments.edges[0].node.linkedEstablishments.edges[0].node.displayName,
        ).toBe('Entreprise 100 > Site 5000');
        nock.cleanAll();
      }
    },
  );
});

describe('the mirror views, through one code path', () => {
  const MIRROR = /* GraphQL */ `
    query Mirror {
      viewer {
        ownSiteTypology
        establishments { edges { node { databaseId typologies isOwn } } }
        linkedEstablishments {
          edges {
            node {
              databaseId
              typologies
              isOwn
              canEdit
              canAddEntity
              entities { edges { node { name canEdit } } }
              linkedEstablishments { edges { node { databaseId isOwn } } }
            }
          }
        }
      }
    }
  `;

  it.each([
    ['producer', 'retriever'],
    ['retriever', 'producer'],
  ] as const)('a %s sees its own sites and, mirrored, the linked %s sites', async (typology, linked) => {
    const world = mirrorWorld(4, typology);
    mockWorld(world);
    const { body } = await graphql(gateway, MIRROR, {}, { cookies: session(world) });
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        `/api/users/1/company_sites_full?typology=${typology}&pagination=false&order[name]=asc`,
        `/api/users/1/company_sites_linked_${linked}_full?pagination=false&order[name]=asc`,
        '/api/company_site_entities?companySite[]=5000&pagination=false&order[name]=asc',
        // The links of the linked sites are my own sites, already loaded by my list: no call.
      ]),
    );
    const viewer = body.data.viewer;
    expect(viewer.ownSiteTypology).toBe(typology.toUpperCase());
    expect(viewer.establishments.edges.map((edge: { node: object }) => edge.node)).toEqual(
      range(1000, 4).map((databaseId) => ({ databaseId, typologies: [typology.toUpperCase()], isOwn: true })),
    );
    expect(viewer.linkedEstablishments.edges.map((edge: { node: object }) => edge.node)).toEqual([
      {
        databaseId: 5000,
        typologies: [linked.toUpperCase()],
        isOwn: false,
        canEdit: false,
        canAddEntity: false,
        // A client's chantier is visible to its provider, not editable.
        entities: { edges: [{ node: { name: 'Chantier 20000', canEdit: false } }] },
        linkedEstablishments: {
          edges: [{ node: { databaseId: 1000, isOwn: true } }, { node: { databaseId: 1002, isOwn: true } }],
        },
      },
      {
        databaseId: 5001,
        typologies: [linked.toUpperCase()],
        isOwn: false,
        canEdit: false,
        canAddEntity: false,
        entities: { edges: [] },
        linkedEstablishments: {
          edges: [{ node: { databaseId: 1001, isOwn: true } }, { node: { databaseId: 1003, isOwn: true } }],
        },
      },
    ]);
  });
});

describe('the chantiers a viewer may edit', () => {
  it('are those of the establishments it fully accesses, as the api decides (SPEC 6)', async () => {
    const producerWorld = mirrorWorld(4, 'producer');
    // Establishment 1000 is reached only through one of its chantiers, as a limited-entity user's are.
    const world: World = {
      ...producerWorld,
      ownSites: producerWorld.ownSites.map((site) =>
        site.id === 1000 ? { ...site, hasFullAccess: false } : site,
      ),
    };
    mockWorld(world);
    const { body } = await graphql(
      gateway,
      `{ viewer { establishments { edges { node { databaseId canEdit
          entities { edges { node { databaseId canEdit } } } } } } } }`,
      {},
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    const chantiers = body.data.viewer.establishments.edges.flatMap(
      (edge: { node: { entities: { edges: { node: object }[] } } }) =>
        edge.node.entities.edges.map((entityEdge) => entityEdge.node),
    );
    expect(chantiers).toEqual([
      { databaseId: 10_000, canEdit: false },
      { databaseId: 10_002, canEdit: true },
    ]);
  });
});

describe('a carrier', () => {
  it('lists its carrier sites as its establishments, and sees its clients as a retriever does', async () => {
    const retrieverWorld = mirrorWorld(2, 'retriever');
    const world: World = {
      ...retrieverWorld,
      user: {
        ...retrieverWorld.user,
        userTypologies: ['carrier'],
        permissions: permissionsFor(['carrier'], false),
      },
      ownSites: retrieverWorld.ownSites.map((site) => ({ ...site, siteTypologies: ['carrier'] })),
    };
    mockWorld(world);
    const { body } = await graphql(
      gateway,
      `{ viewer { ownSiteTypology
          establishments { edges { node { databaseId typologies isOwn canEdit } } }
          linkedEstablishments { edges { node { databaseId typologies } } } } }`,
      {},
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/users/1/company_sites_full?typology=carrier&pagination=false&order[name]=asc',
        '/api/users/1/company_sites_linked_producer_full?pagination=false&order[name]=asc',
      ]),
    );
    expect(body.data.viewer).toEqual({
      ownSiteTypology: 'RETRIEVER',
      // Its own establishments, which it consults (no site:update).
      establishments: {
        edges: [1000, 1001].map((databaseId) => ({
          node: { databaseId, typologies: ['CARRIER'], isOwn: true, canEdit: false },
        })),
      },
      linkedEstablishments: { edges: [{ node: { databaseId: 5000, typologies: ['PRODUCER'] } }] },
    });
  });
});

describe('search, order and paging go to the api', () => {
  const PAGE = /* GraphQL */ `
    query Page($first: Int, $after: String, $search: String, $orderBy: EstablishmentOrder) {
      viewer {
        establishments(first: $first, after: $after, search: $search, orderBy: $orderBy) {
          totalCount
          edges { cursor node { databaseId city } }
          pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        }
      }
    }
  `;
  const OWN = '/api/users/1/company_sites_full?typology=producer';

  async function page(world: World, variables: Record<string, unknown>) {
    nock.cleanAll();
    gateway.forgetWhatTheProcessKeeps();
    mockWorld(world);
    const { body } = await graphql(gateway, PAGE, variables, { cookies: session(world) });
    expect(body.errors).toBeUndefined();
    return { calls: normalizedCalls(body), connection: body.data.viewer.establishments };
  }

  it('50 rows of 2,000: one page of 50, totalCount from hydra:totalItems', async () => {
    const { calls, connection } = await page(mirrorWorld(2000), { first: 50 });
    expect(calls).toEqual(sorted(['/api/users/1', `${OWN}&page=1&itemsPerPage=50&order[name]=asc`]));
    expect(connection.totalCount).toBe(2000);
    expect(connection.edges).toHaveLength(50);
    expect(connection.edges[49]).toEqual({
      cursor: offsetCursor(49),
      node: { databaseId: 1049, city: 'Nantes' },
    });
    expect(connection.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: offsetCursor(0),
      endCursor: offsetCursor(49),
    });
  });

  it('maps search and order to q and order[...]; an offset that is a multiple of first to page', async () => {
    const { calls, connection } = await page(mirrorWorld(2000), {
      first: 50,
      after: offsetCursor(99),
      search: '  lyon ',
      orderBy: { field: 'CITY', direction: 'DESC' },
    });
    expect(calls).toEqual(sorted(['/api/users/1', `${OWN}&q=lyon&page=3&itemsPerPage=50&order[city]=desc`]));
    // Every fifth site is in Lyon.
    expect(connection.totalCount).toBe(400);
    expect(connection.edges[0]).toEqual({
      cursor: offsetCursor(100),
      node: { databaseId: 1500, city: 'Lyon' },
    });
    expect(connection.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  it.each([
    ['NAME', 'name'],
    ['COMPANY_NAME', 'companyName'],
    ['CITY', 'city'],
    ['POSTCODE', 'postcode'],
    ['SIRET', 'siret'],
  ])('orders by %s as order[%s]', async (field, restField) => {
    const { calls } = await page(mirrorWorld(3), { first: 10, orderBy: { field, direction: 'ASC' } });
    expect(calls).toContain(`GET ${normalizePath(`${OWN}&page=1&itemsPerPage=10&order[${restField}]=asc`)}`);
  });

  it('fetches only what an offset off the page grid needs', async () => {
    const { calls, connection } = await page(mirrorWorld(2000), { first: 20, after: offsetCursor(29) });
    // Items 30 to 49 are page 2 of 25: one call of 25 items rather than 50.
    expect(calls).toEqual(sorted(['/api/users/1', `${OWN}&page=2&itemsPerPage=25&order[name]=asc`]));
    expect(connection.edges.map((edge: { node: { databaseId: number } }) => edge.node.databaseId)).toEqual(
      range(1030, 20),
    );
  });

  it('asks the pages past the first only when hydra:totalItems says the window reaches them', async () => {
    const large = await page(mirrorWorld(2000), { first: 1000 });
    expect(large.calls).toEqual(
      sorted(['/api/users/1', ...[1, 2].map((n) => `${OWN}&page=${n}&itemsPerPage=500&order[name]=asc`)]),
    );
    expect(large.connection.edges).toHaveLength(1000);
    expect(large.connection.edges[999].node.databaseId).toBe(1999);

    const small = await page(mirrorWorld(30), { first: 1000 });
    expect(small.calls).toEqual(sorted(['/api/users/1', `${OWN}&page=1&itemsPerPage=500&order[name]=asc`]));
    expect(small.connection.totalCount).toBe(30);
    expect(small.connection.pageInfo.hasNextPage).toBe(false);
  });

  it('searches the linked side the same way', async () => {
    const world = mirrorWorld(10);
    mockWorld(world);
    const { body } = await graphql(
      gateway,
      '{ viewer { linkedEstablishments(search: "Entreprise 101", orderBy: { field: COMPANY_NAME, direction: ASC }) { totalCount edges { node { databaseId } } } } }',
      {},
      { cookies: session(world) },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/users/1',
        '/api/users/1/company_sites_linked_retriever_full?q=Entreprise 101&pagination=false&order[companyName]=asc',
      ]),
    );
    expect(body.data.viewer.linkedEstablishments).toEqual({
      totalCount: 2,
      edges: [{ node: { databaseId: 5001 } }, { node: { databaseId: 5004 } }],
    });
  });
});

describe('Query.establishment', () => {
  const cookies = { [SESSION_COOKIE]: 'tok', [USER_ID_COOKIE]: '1' };
  const QUERY = 'query ($id: Int!) { establishment(databaseId: $id) { id displayName canEdit } }';

  it('loads one through the site batch', async () => {
    const world = mirrorWorld(2);
    mockWorld(world);
    const { body } = await graphql(gateway, QUERY, { id: 1001 }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment).toEqual({
      id: toGlobalId('Establishment', 1001),
      displayName: 'Entreprise 2 > Site 1001',
      canEdit: true,
    });
    expect(normalizedCalls(body)).toEqual(
      sorted(['/api/users/1', '/api/company_sites?id[]=1001&pagination=false']),
    );
  });

  it('is null, without an error, for a site the api does not show', async () => {
    nock(API)
      .get('/api/company_sites')
      .query({ 'id[]': '77', pagination: 'false' })
      .reply(200, collection('company_sites', []), JSON_LD);
    const { body } = await graphql(gateway, QUERY, { id: 77 }, { cookies });
    expect(body).toMatchObject({ data: { establishment: null } });
    expect(body.errors).toBeUndefined();
  });

  it('is null, without an error, when the api answers 404', async () => {
    nock(API)
      .get('/api/company_sites')
      .query({ 'id[]': '78', pagination: 'false' })
      .reply(404, problem(404, "Le contenu que vous cherchez n'est pas disponible."), PROBLEM);
    const { body } = await graphql(gateway, QUERY, { id: 78 }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment).toBeNull();
  });

  it('needs a session', async () => {
    const { body } = await graphql(gateway, QUERY, { id: 1 });
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
