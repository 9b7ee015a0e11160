import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createRequestContext } from '../src/context.ts';
import { createGateway, SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { MAX_IDS_PER_CALL } from '../src/loaders/item-loader.ts';
import type { RestEntity, RestSite } from '../src/rest/types.ts';
import { collectionAnswer } from './api-world.ts';
import { collection, companyItem, entityItem, idsOf, JSON_LD, siteItem, userItem } from './fixtures.ts';
import {
  API,
  graphql,
  memoryLogger,
  normalizedCalls,
  normalizePath,
  testConfig,
  useTestGateway,
} from './helpers.ts';

/** The viewer screen: user fields, typologies, companies, own establishments (company, entities), linked ones. */
const VIEWER_QUERY = /* GraphQL */ `
  query ViewerScreen {
    viewer {
      id
      databaseId
      email
      fullName
      permissions
      hasAcceptedCGU
      typologies
      isProducer
      isRetriever
      ownSiteTypology
      limitedToEntities
      companies { id name }
      linkedCompanies { id name }
      establishments {
        totalCount
        edges {
          cursor
          node {
            id
            name
            displayName
            typologies
            company { id name }
            entities { totalCount edges { node { id name startDate } } }
          }
        }
      }
      linkedEstablishments {
        totalCount
        edges { node { id name displayName company { id name } } }
      }
    }
  }
`;

const OWN_COMPANIES = 7;
const LINKED_COMPANY_BASE = 100;

/** A producer (user 1) with `count` establishments over 7 companies, half as many linked providers' sites. */
function producerWorld(count: number) {
  const entities: RestEntity[] = [];
  const ownSites = Array.from({ length: count }, (_, i) => {
    const site = siteItem(1000 + i, 1 + (i % OWN_COMPANIES));
    if (i % 2 !== 0) return site;
    const entity = entityItem(9000 + i, site.id);
    entities.push(entity);
    return { ...site, companySiteEntities: [entity['@id']], entityCount: 1 };
  });
  const linkedSites = Array.from({ length: Math.max(1, Math.floor(count / 2)) }, (_, i) =>
    siteItem(5000 + i, LINKED_COMPANY_BASE + (i % 3), { siteTypologies: ['retriever'] }),
  );
  const companyIds = [
    ...new Set([...ownSites, ...linkedSites].map((site) => Number(site.company?.split('/').pop()))),
  ];
  const user = userItem({
    id: 1,
    companies: ['/api/companies/1'],
    companiesIds: [1],
    companiesIdsFull: [...new Set(ownSites.map((site) => Number(site.company?.split('/').pop())))],
    linkedCompanies: [...new Set(linkedSites.map((site) => site.company as string))],
    companySitesIdsFull: ownSites.map((site) => site.id),
  });
  return { user, ownSites, linkedSites, companyIds, entities };
}

/** Mocks exactly the calls the viewer screen may make; each answers what its filter asks for. */
function mockProducerApi(
  world: ReturnType<typeof producerWorld>,
  userPath = '/api/users/1',
  userDelayMs = 0,
) {
  const { user, ownSites, linkedSites, entities } = world;
  const scope = nock(API)
    .get(userPath)
    .delay(userDelayMs)
    .reply(200, user, JSON_LD)
    .get('/api/users/1/company_sites_full')
    .query({ typology: 'producer', pagination: 'false', 'order[name]': 'asc' })
    .reply(200, collection('company_sites', ownSites), JSON_LD)
    .get('/api/users/1/company_sites_linked_retriever_full')
    .query({ pagination: 'false', 'order[name]': 'asc' })
    .reply(200, collection('company_sites', linkedSites), JSON_LD)
    .get('/api/companies')
    .query(true)
    .reply(
      200,
      (uri: Request) =>
        collection(
          'companies',
          idsOf(uri, 'id[]').map((id) => companyItem(id)),
        ),
      JSON_LD,
    );
  if (entities.length > MAX_IDS_PER_CALL) {
    return scope
      .get('/api/users/1/company_site_entities_full')
      .query({ pagination: 'false', 'order[name]': 'asc' })
      .reply(200, collection('company_site_entities', entities), JSON_LD);
  }
  return scope
    .get('/api/company_site_entities')
    .query(true)
    .reply(
      200,
      (uri: Request) => {
        const siteIris = new Set(idsOf(uri, 'companySite[]').map((id) => `/api/company_sites/${id}`));
        return collection(
          'company_site_entities',
          entities.filter((entity) => siteIris.has(entity.companySite)),
        );
      },
      JSON_LD,
    );
}

/** The sites with chantiers go as a companySite[] filter, or, beyond one URL's worth, the viewer's own list. */
function expectedCalls(world: ReturnType<typeof producerWorld>, userPath = '/api/users/1'): string[] {
  const companies = world.companyIds.map((id) => `id[]=${id}`).join('&');
  const withEntities = world.ownSites.filter((site: RestSite) => site.companySiteEntities.length > 0);
  const entities =
    withEntities.length > MAX_IDS_PER_CALL
      ? '/api/users/1/company_site_entities_full?pagination=false&order[name]=asc'
      : `/api/company_site_entities?${withEntities.map((site) => `companySite[]=${site.id}`).join('&')}&pagination=false&order[name]=asc`;
  return [
    `GET ${userPath}`,
    'GET /api/users/1/company_sites_full?typology=producer&pagination=false&order[name]=asc',
    'GET /api/users/1/company_sites_linked_retriever_full?pagination=false&order[name]=asc',
    `GET /api/companies?${companies}&pagination=false`,
    `GET ${entities}`,
  ]
    .map((call) => {
      const [method, path = ''] = call.split(' ');
      return `${method} ${normalizePath(path)}`;
    })
    .sort();
}

const session = { [SESSION_COOKIE]: 'session-token', [USER_ID_COOKIE]: '1' };

const gateway = useTestGateway();

describe('the viewer query', () => {
  it('makes exactly one REST call per kind of resource for a producer with 50 establishments', async () => {
    const world = producerWorld(50);
    const scope = mockProducerApi(world);

    const { status, body } = await graphql(gateway, VIEWER_QUERY, {}, { cookies: session });

    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(expectedCalls(world));
    expect(body.extensions.restCalls.count).toBe(5);
    expect(scope.isDone()).toBe(true);

    const viewer = body.data.viewer;
    expect(viewer.email).toBe('producteur@demo.fr');
    expect(viewer.fullName).toBe('Claire Martin');
    expect(viewer.typologies).toEqual(['PRODUCER']);
    expect(viewer.ownSiteTypology).toBe('PRODUCER');
    expect(viewer.companies).toEqual([
      { id: Buffer.from('Company:1').toString('base64'), name: 'Entreprise 1' },
    ]);
    expect(viewer.linkedCompanies.map((c: { name: string }) => c.name)).toEqual([
      'Entreprise 100',
      'Entreprise 101',
      'Entreprise 102',
    ]);
    expect(viewer.establishments.totalCount).toBe(50);
    const first = viewer.establishments.edges[0].node;
    expect(first).toMatchObject({
      name: 'Site 1000',
      displayName: 'Entreprise 1 > Site 1000',
      typologies: ['PRODUCER'],
      company: { name: 'Entreprise 1' },
      entities: { totalCount: 1, edges: [{ node: { name: 'Chantier 9000', startDate: '2025-01-06' } }] },
    });
    expect(viewer.establishments.edges[1].node.entities.totalCount).toBe(0);
    expect(viewer.linkedEstablishments.totalCount).toBe(25);
    expect(viewer.linkedEstablishments.edges[0].node.company.name).toBe('Entreprise 100');
  });

  it('costs the same number of REST calls at 1, 50 and 500 establishments', async () => {
    const counts: number[] = [];
    for (const size of [1, 50, 500]) {
      gateway.forgetWhatTheProcessKeeps();
      const world = producerWorld(size);
      const scope = mockProducerApi(world);
      const { body } = await graphql(gateway, VIEWER_QUERY, {}, { cookies: session });
      expect(body.errors).toBeUndefined();
      expect(body.data.viewer.establishments.totalCount).toBe(size);
      expect(normalizedCalls(body)).toEqual(expectedCalls(world));
      expect(scope.isDone()).toBe(true);
      counts.push(body.extensions.restCalls.count);
    }
    expect(counts).toEqual([5, 5, 5]);
  });

  it('tells when each REST call started (GATEWAY_DEBUG): the establishments wait for the viewer record', async () => {
    const world = producerWorld(3);
    mockProducerApi(world, '/api/users/1', 80);
    const { body } = await graphql(gateway, VIEWER_QUERY, {}, { cookies: session });
    expect(body.errors).toBeUndefined();
    const calls: { path: string; startMs: number; durationMs: number }[] = body.extensions.restCalls.calls;
    const [user, ...others] = calls;
    expect(user).toMatchObject({ path: '/api/users/1' });
    expect(user?.startMs).toBeGreaterThanOrEqual(0);
    expect(user?.durationMs).toBeGreaterThanOrEqual(80);
    for (const call of others) expect(call.startMs).toBeGreaterThanOrEqual(80);
  });

  it('asks the api who the caller is (users/me) for a bearer script, then the same calls', async () => {
    const world = producerWorld(3);
    const scope = mockProducerApi(world, '/api/users/me');
    const { body } = await graphql(
      gateway,
      VIEWER_QUERY,
      {},
      { headers: { authorization: 'Bearer script-token' } },
    );
    expect(body.errors).toBeUndefined();
    expect(normalizedCalls(body)).toEqual(expectedCalls(world, '/api/users/me'));
    expect(scope.isDone()).toBe(true);
  });

  it('uses the retriever lists for a retriever: own retriever sites, linked producer sites (clients)', async () => {
    const retriever = userItem({ id: 2, userTypologies: ['retriever'], companies: [], companiesIdsFull: [] });
    const scope = nock(API)
      .get('/api/users/2')
      .reply(200, retriever, JSON_LD)
      .get('/api/users/2/company_sites_full')
      .query({ typology: 'retriever', pagination: 'false', 'order[name]': 'asc' })
      .reply(200, collection('company_sites', [siteItem(7, 3, { siteTypologies: ['retriever'] })]), JSON_LD)
      .get('/api/users/2/company_sites_linked_producer_full')
      .query({ pagination: 'false', 'order[name]': 'asc' })
      .reply(200, collection('company_sites', [siteItem(8, 4)]), JSON_LD);
    const { body } = await graphql(
      gateway,
      '{ viewer { ownSiteTypology establishments { edges { node { name } } } linkedEstablishments { edges { node { displayName } } } } }',
      {},
      { cookies: { [SESSION_COOKIE]: 'retriever-token', [USER_ID_COOKIE]: '2' } },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer).toEqual({
      ownSiteTypology: 'RETRIEVER',
      establishments: { edges: [{ node: { name: 'Site 0007' } }] },
      linkedEstablishments: { edges: [{ node: { displayName: 'Entreprise 4 > Site 0008' } }] },
    });
    expect(scope.isDone()).toBe(true);
  });

  it('pages connections with offset cursors and keeps the total count', async () => {
    const world = producerWorld(5);
    nock(API)
      .get('/api/users/1')
      .twice()
      .reply(200, world.user, JSON_LD)
      .get('/api/users/1/company_sites_full')
      .query(true)
      .twice()
      .reply(200, (request: Request) => collectionAnswer(request, 'CompanySite', world.ownSites), JSON_LD);
    const page =
      '($after: String) { viewer { establishments(first: 2, after: $after) { totalCount edges { cursor node { name } } pageInfo { hasNextPage hasPreviousPage endCursor } } } }';
    const first = await graphql(gateway, `query First${page}`, {}, { cookies: session });
    const connection = first.body.data.viewer.establishments;
    expect(connection.totalCount).toBe(5);
    expect(connection.edges.map((edge: { node: { name: string } }) => edge.node.name)).toEqual([
      'Site 1000',
      'Site 1001',
    ]);
    expect(connection.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const second = await graphql(
      gateway,
      `query Next${page}`,
      { after: connection.pageInfo.endCursor },
      { cookies: session },
    );
    expect(
      second.body.data.viewer.establishments.edges.map((edge: { node: { name: string } }) => edge.node.name),
    ).toEqual(['Site 1002', 'Site 1003']);
    expect(second.body.extensions.restCalls.calls[1].path).toBe(
      '/api/users/1/company_sites_full?typology=producer&page=2&itemsPerPage=2&order[name]=asc',
    );
  });

  it('reads the viewer once for all the fields of a request that ask, and again after a failure', async () => {
    const gatewayInProcess = await createGateway(testConfig(), { logger: memoryLogger() });
    try {
      nock(API).get('/api/users/1').reply(503).get('/api/users/1').reply(200, userItem(), JSON_LD);
      const context = createRequestContext(
        gatewayInProcess.contextDependencies,
        { cookies: session },
        { set: () => {}, clear: () => {} },
      );
      await expect(context.viewer()).rejects.toThrow();
      const read = context.viewer();
      expect(context.viewer()).toBe(read);
      expect((await read)?.id).toBe(1);
      expect(await context.viewer()).toBe(await read);
      expect(context.restCalls.count).toBe(2);
      context.signOut();
      expect(await context.viewer()).toBeNull();
    } finally {
      await gatewayInProcess.close();
    }
  });

  it('counts the REST calls on the request context', async () => {
    const logger = memoryLogger();
    const gatewayInProcess = await createGateway(testConfig(), { logger });
    try {
      const world = producerWorld(20);
      mockProducerApi(world);
      const context = createRequestContext(
        gatewayInProcess.contextDependencies,
        { cookies: session },
        { set: () => {}, clear: () => {} },
      );
      const result = await gatewayInProcess.apollo.executeOperation(
        { query: VIEWER_QUERY },
        { contextValue: context },
      );
      expect(result.body.kind === 'single' && result.body.singleResult.errors).toBeUndefined();
      expect(context.restCalls.count).toBe(5);
    } finally {
      await gatewayInProcess.close();
    }
  });

  it('falls back to "Société {id}" when a company cannot be loaded, and logs it', async () => {
    const user = userItem({ companies: ['/api/companies/42'], companiesIdsFull: [] });
    nock(API)
      .get('/api/users/1')
      .reply(200, user, JSON_LD)
      .get('/api/companies')
      .query({ 'id[]': '42', pagination: 'false' })
      .reply(200, collection('companies', []), JSON_LD);
    const { body } = await graphql(gateway, '{ viewer { companies { name } } }', {}, { cookies: session });
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.companies).toEqual([{ name: 'Société 42' }]);
    expect(gateway.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'company name unavailable',
        fields: expect.objectContaining({ companyId: 42 }),
      }),
    );
  });
});
