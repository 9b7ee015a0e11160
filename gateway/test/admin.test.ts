import { messages, permissionsFor } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import type {
  RestAdminChantier,
  RestAdminCompany,
  RestAdminEstablishment,
  RestAdminImport,
  RestAdminSiteLink,
  RestAdminUser,
  RestAuditEntry,
} from '../src/schema/admin/rest.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, JSON_LD, PROBLEM, problem, userItem, violations } from './fixtures.ts';
import { API, graphql, normalizedCalls, normalizePath, useTestGateway } from './helpers.ts';

/** The operator's back office: only an administrator reaches it, a page costs one call per kind of resource. */

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const MERGE_PATCH = 'application/merge-patch+json';
const USER_ERRORS = 'userErrors { field message code }';
const operator = userItem({
  email: 'admin@demo.fr',
  userTypologies: [],
  permissions: permissionsFor([], false, true),
  companies: [],
  companiesIds: [],
  companiesIdsFull: [],
});
const customer = userItem({ permissions: permissionsFor(['producer'], false) });
const sorted = (calls: string[]) => calls.map((call) => normalizePath(call)).sort();

const gateway = useTestGateway();

/** Items in the exact shapes of the api's `/api/admin/...` routes. */
function companyItem(id: number, overrides: Partial<RestAdminCompany> = {}): RestAdminCompany {
  return {
    '@id': `/api/admin/companies/${id}`,
    '@type': 'AdminCompany',
    id,
    name: `Entreprise ${id}`,
    siret: '73282932000074',
    active: true,
    siteCount: 2,
    userCount: 1,
    createdAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

function siteItem(id: number, companyId: number, overrides: Partial<RestAdminEstablishment> = {}) {
  return {
    '@id': `/api/admin/company_sites/${id}`,
    '@type': 'AdminSite',
    id,
    name: `Site ${id}`,
    company: `/api/admin/companies/${companyId}`,
    companyName: `Entreprise ${companyId}`,
    address: '12 rue de Gerland',
    postcode: '69007',
    city: 'Lyon',
    department: '69',
    siret: '73282932000082',
    lat: 45.7289,
    lon: 4.8315,
    typologies: ['producer'],
    active: true,
    ...overrides,
  } satisfies RestAdminEstablishment;
}

function chantierItem(id: number, siteId: number): RestAdminChantier {
  return {
    '@id': `/api/admin/company_site_entities/${id}`,
    '@type': 'AdminEntity',
    id,
    name: `Chantier ${id}`,
    companySite: `/api/company_sites/${siteId}`,
    startDate: '2026-01-01',
    endDate: null,
    address: null,
  };
}

function adminUserItem(id: number, overrides: Partial<RestAdminUser> = {}): RestAdminUser {
  return {
    '@id': `/api/admin/users/${id}`,
    '@type': 'AdminUser',
    id,
    email: `user${id}@demo.fr`,
    firstname: null,
    lastname: null,
    phone: null,
    function: null,
    typologies: ['producer'],
    companies: [],
    companySites: [],
    entities: [],
    admin: false,
    active: true,
    hasPassword: true,
    invitedAt: null,
    invitationExpiresAt: null,
    lastSignInAt: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    permissions: permissionsFor(['producer'], false),
    ...overrides,
  };
}

function linkItem(id: number, overrides: Partial<RestAdminSiteLink> = {}): RestAdminSiteLink {
  return {
    '@id': `/api/admin/site_links/${id}`,
    '@type': 'AdminSiteLink',
    id,
    producerSite: '/api/admin/company_sites/10',
    producerSiteName: 'Entreprise 3 > Site 10',
    retrieverSite: '/api/admin/company_sites/20',
    retrieverSiteName: 'Collecte 4 > Site 20',
    startDate: '2026-01-01',
    endDate: null,
    inForce: true,
    ...overrides,
  };
}

function paged<T>(path: string, members: T[], totalItems: number) {
  return { ...collection(path.split('/').at(-1) ?? '', members, path), 'hydra:totalItems': totalItems };
}

describe('Query.admin', () => {
  const COMPANIES = '{ admin { companies { totalCount } } }';

  it('is null for a customer, without asking any admin route', async () => {
    nock(API).get('/api/users/1').reply(200, customer, JSON_LD);
    const { body } = await graphql(gateway, COMPANIES, {}, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.admin).toBeNull();
    expect(normalizedCalls(body)).toEqual(['GET /api/users/1']);
  });

  it('asks for a caller: UNAUTHENTICATED without one, and no call', async () => {
    const { body } = await graphql(gateway, COMPANIES);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(normalizedCalls(body)).toEqual([]);
  });

  it('reads no admin node for a customer', async () => {
    nock(API).get('/api/users/1').reply(200, customer, JSON_LD);
    const { body } = await graphql(
      gateway,
      'query ($id: ID!) { node(id: $id) { id } }',
      { id: toGlobalId('AdminCompany', 3) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.node).toBeNull();
    expect(normalizedCalls(body)).toEqual(['GET /api/users/1']);
  });

  it('reads an admin node for an administrator, through its item loader', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, operator, JSON_LD)
      .get('/api/admin/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(200, collection('companies', [companyItem(3)], '/api/admin/companies'), JSON_LD);
    const { body } = await graphql(
      gateway,
      'query ($id: ID!) { node(id: $id) { ... on AdminCompany { databaseId name establishmentCount } } }',
      { id: toGlobalId('AdminCompany', 3) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.node).toEqual({ databaseId: 3, name: 'Entreprise 3', establishmentCount: 2 });
  });
});

describe('Admin.users', () => {
  const USERS = /* GraphQL */ `
    query ($first: Int, $search: String, $companyId: ID) {
      admin {
        users(first: $first, search: $search, companyId: $companyId, active: true) {
          totalCount
          pageInfo { hasNextPage endCursor }
          edges {
            node {
              id databaseId email fullName typologies permissions isAdmin limitedToEntities invitationState
              companies { databaseId name siretWarning }
              establishments { databaseId name typologies }
              chantiers { databaseId name }
            }
          }
        }
      }
    }
  `;

  it('costs one call per kind for a page of users, whatever their links', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const users = [
      adminUserItem(5, { firstname: 'Claire', lastname: 'Martin', companies: [3, 4], companySites: [10] }),
      adminUserItem(6, {
        hasPassword: false,
        invitationExpiresAt: future,
        companies: [4],
        companySites: [10, 11],
        typologies: ['retriever', 'carrier'],
      }),
      adminUserItem(7, { hasPassword: false, invitationExpiresAt: past, entities: [30, 31] }),
    ];
    const scope = nock(API)
      .get('/api/users/1')
      .reply(200, operator, JSON_LD)
      .get('/api/admin/users')
      .query({ q: 'mart', company: '3', active: 'true', page: '1', itemsPerPage: '3' })
      .reply(200, paged('/api/admin/users', users, 42), JSON_LD)
      .get('/api/admin/companies')
      .query({ 'id[]': ['3', '4'], pagination: 'false' })
      .once()
      .reply(
        200,
        collection(
          'companies',
          [companyItem(3), companyItem(4, { siret: '12345678901234' })],
          '/api/admin/companies',
        ),
        JSON_LD,
      )
      .get('/api/admin/company_sites')
      .query({ 'id[]': ['10', '11'], pagination: 'false' })
      .once()
      .reply(
        200,
        collection(
          'company_sites',
          [siteItem(10, 3), siteItem(11, 4, { typologies: ['retriever', 'carrier'] })],
          '/api/admin/company_sites',
        ),
        JSON_LD,
      )
      .get('/api/admin/company_site_entities')
      .query({ 'id[]': ['30', '31'], pagination: 'false' })
      .once()
      .reply(
        200,
        collection(
          'company_site_entities',
          [chantierItem(30, 12), chantierItem(31, 12)],
          '/api/admin/company_site_entities',
        ),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      USERS,
      { first: 3, search: ' mart ', companyId: toGlobalId('AdminCompany', 3) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    const connection = body.data.admin.users;
    expect(connection.totalCount).toBe(42);
    expect(connection.pageInfo.hasNextPage).toBe(true);
    const [claire, invited, expired] = connection.edges.map((edge: { node: unknown }) => edge.node);
    expect(claire).toMatchObject({
      id: toGlobalId('AdminUser', 5),
      fullName: 'Claire Martin',
      typologies: ['PRODUCER'],
      isAdmin: false,
      limitedToEntities: false,
      invitationState: 'ACCEPTED',
      companies: [
        { databaseId: 3, name: 'Entreprise 3', siretWarning: false },
        { databaseId: 4, name: 'Entreprise 4', siretWarning: true },
      ],
      establishments: [{ databaseId: 10, name: 'Site 10', typologies: ['PRODUCER'] }],
      chantiers: [],
    });
    expect(invited).toMatchObject({
      fullName: 'user6@demo.fr',
      typologies: ['RETRIEVER', 'CARRIER'],
      invitationState: 'PENDING',
      establishments: [
        { databaseId: 10, name: 'Site 10' },
        { databaseId: 11, typologies: ['RETRIEVER', 'CARRIER'] },
      ],
    });
    expect(expired).toMatchObject({
      invitationState: 'EXPIRED',
      limitedToEntities: true,
      chantiers: [
        { databaseId: 30, name: 'Chantier 30' },
        { databaseId: 31, name: 'Chantier 31' },
      ],
    });
    expect(normalizedCalls(body)).toEqual(
      sorted([
        'GET /api/users/1',
        'GET /api/admin/users?q=mart&company=3&active=true&page=1&itemsPerPage=3',
        'GET /api/admin/companies?id[]=3&id[]=4&pagination=false',
        'GET /api/admin/company_sites?id[]=10&id[]=11&pagination=false',
        'GET /api/admin/company_site_entities?id[]=30&id[]=31&pagination=false',
      ]),
    );
    expect(scope.isDone()).toBe(true);
  });

  it('selects nothing, without a call, for a company filter that is not a company id', async () => {
    nock(API).get('/api/users/1').reply(200, operator, JSON_LD);
    const { body } = await graphql(
      gateway,
      USERS,
      { first: 3, companyId: toGlobalId('Company', 3) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.admin.users).toMatchObject({ totalCount: 0, edges: [] });
    expect(normalizedCalls(body)).toEqual(['GET /api/users/1']);
  });
});

describe('Admin.establishments and companies', () => {
  it('passes the filters on, and batches the companies and chantiers of a page', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, operator, JSON_LD)
      .get('/api/admin/company_sites')
      .query({
        q: 'lyon',
        'company[]': '3',
        active: 'true',
        'typology[]': 'retriever',
        page: '1',
        itemsPerPage: '2',
      })
      .reply(
        200,
        paged(
          '/api/admin/company_sites',
          [siteItem(10, 3, { siret: '73282932000075' }), siteItem(11, 3, { siret: null })],
          2,
        ),
        JSON_LD,
      )
      .get('/api/admin/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .once()
      .reply(200, collection('companies', [companyItem(3)], '/api/admin/companies'), JSON_LD)
      .get('/api/admin/company_site_entities')
      .query({ 'companySite[]': ['10', '11'], pagination: 'false' })
      .once()
      .reply(
        200,
        collection(
          'company_site_entities',
          [chantierItem(30, 10), chantierItem(31, 11), chantierItem(32, 10)],
          '/api/admin/company_site_entities',
        ),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      `query ($companyId: ID) {
        admin {
          establishments(first: 2, search: " lyon ", companyId: $companyId, active: true, typology: RETRIEVER) {
            totalCount
            edges { node { databaseId siret siretWarning company { name } chantiers { databaseId establishment { databaseId } } } }
          }
        }
      }`,
      { companyId: toGlobalId('AdminCompany', 3) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.admin.establishments.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      {
        databaseId: 10,
        siret: '73282932000075',
        siretWarning: true,
        company: { name: 'Entreprise 3' },
        chantiers: [
          { databaseId: 30, establishment: { databaseId: 10 } },
          { databaseId: 32, establishment: { databaseId: 10 } },
        ],
      },
      {
        databaseId: 11,
        siret: null,
        siretWarning: false,
        company: { name: 'Entreprise 3' },
        chantiers: [{ databaseId: 31, establishment: { databaseId: 11 } }],
      },
    ]);
    expect(normalizedCalls(body)).toHaveLength(4);
  });

  it("lists a company's establishments through the relation filter", async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, operator, JSON_LD)
      .get('/api/admin/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(200, collection('companies', [companyItem(3)], '/api/admin/companies'), JSON_LD)
      .get('/api/admin/company_sites')
      .query({ 'company[]': '3', page: '1', itemsPerPage: '1' })
      .reply(200, paged('/api/admin/company_sites', [siteItem(10, 3)], 2), JSON_LD);
    const { body } = await graphql(
      gateway,
      '{ admin { company(databaseId: 3) { name establishments(first: 1) { totalCount edges { node { name } } } } } }',
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.admin.company).toEqual({
      name: 'Entreprise 3',
      establishments: { totalCount: 2, edges: [{ node: { name: 'Site 10' } }] },
    });
  });

  it('reads the links with their establishments, and the versions of a legal text', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, operator, JSON_LD)
      .get('/api/admin/site_links')
      .query({ site: '10', inForce: 'false', pagination: 'false' })
      .reply(
        200,
        paged('/api/admin/site_links', [linkItem(8, { endDate: '2026-01-31', inForce: false })], 1),
        JSON_LD,
      )
      .get('/api/admin/company_sites')
      .query({ 'id[]': ['10', '20'], pagination: 'false' })
      .reply(
        200,
        collection('company_sites', [siteItem(10, 3), siteItem(20, 4)], '/api/admin/company_sites'),
        JSON_LD,
      )
      .get('/api/static_contents')
      .query({ code: 'cgu', 'order[version]': 'desc', pagination: 'false' })
      .reply(
        200,
        collection('static_contents', [
          {
            '@id': '/api/static_contents/4',
            '@type': 'StaticContent',
            id: 4,
            code: 'cgu',
            version: 2,
            title: 'CGU',
            content: '# 2',
            publishedAt: '2026-02-01T00:00:00.000Z',
          },
        ]),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      `query ($site: ID) { admin {
        siteLinks(establishmentId: $site, inForce: false) {
          edges { node { id endDate inForce producerEstablishmentName producerEstablishment { name } retrieverEstablishment { name } } }
        }
        legalTextVersions(code: CGU) { code version }
      } }`,
      { site: toGlobalId('AdminEstablishment', 10) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.admin.siteLinks.edges[0].node).toEqual({
      id: toGlobalId('AdminSiteLink', 8),
      endDate: '2026-01-31',
      inForce: false,
      producerEstablishmentName: 'Entreprise 3 > Site 10',
      producerEstablishment: { name: 'Site 10' },
      retrieverEstablishment: { name: 'Site 20' },
    });
    expect(body.data.admin.legalTextVersions).toEqual([{ code: 'CGU', version: 2 }]);
  });
});

describe('Admin.auditEntries', () => {
  const AUDIT = /* GraphQL */ `
    query ($targetType: AuditTargetType, $targetId: ID, $actions: [AuditAction!]) {
      admin {
        auditEntries(
          first: 10, search: "dupain", targetType: $targetType, targetId: $targetId, actions: $actions,
          from: "2026-01-01", to: "2026-01-31"
        ) {
          totalCount
          edges { node { databaseId at actorEmail action actionLabel targetType targetDatabaseId targetLabel before after } }
        }
      }
    }
  `;

  function entry(id: number, overrides: Partial<RestAuditEntry>): RestAuditEntry {
    return {
      '@id': `/api/admin/audit_entries/${id}`,
      '@type': 'AuditEntry',
      id,
      at: '2026-01-10T10:00:00.000Z',
      actorEmail: 'admin@demo.fr',
      action: 'company.update',
      targetType: 'company',
      targetId: 3,
      targetLabel: 'Dupain SAS',
      before: null,
      after: null,
      ...overrides,
    };
  }

  it('maps the filters to the api codes and the entries to the enums, their states as JSON text', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, operator, JSON_LD)
      .get('/api/admin/audit_entries')
      .query({
        q: 'dupain',
        'action[]': ['company.update', 'site.import'],
        'targetType[]': 'company',
        targetId: '3',
        'at[after]': '2026-01-01',
        'at[before]': '2026-01-31',
        page: '1',
        itemsPerPage: '10',
      })
      .reply(
        200,
        paged(
          '/api/admin/audit_entries',
          [
            entry(12, { before: { name: 'Dupain' }, after: { name: 'Dupain SAS', active: true } }),
            entry(11, { action: 'site.import', after: { created: ['Atelier'], skipped: [3] } }),
          ],
          2,
        ),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      AUDIT,
      { targetId: toGlobalId('AdminCompany', 3), actions: ['COMPANY_UPDATE', 'SITE_IMPORT'] },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.admin.auditEntries.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      {
        databaseId: 12,
        at: '2026-01-10T10:00:00.000Z',
        actorEmail: 'admin@demo.fr',
        action: 'COMPANY_UPDATE',
        actionLabel: 'Société modifiée',
        targetType: 'COMPANY',
        targetDatabaseId: 3,
        targetLabel: 'Dupain SAS',
        before: '{"name":"Dupain"}',
        after: '{"name":"Dupain SAS","active":true}',
      },
      expect.objectContaining({
        action: 'SITE_IMPORT',
        actionLabel: 'Établissements importés',
        before: null,
        after: '{"created":["Atelier"],"skipped":[3]}',
      }),
    ]);
  });

  it('selects nothing, without a call, when the element is not of the type asked', async () => {
    nock(API).get('/api/users/1').reply(200, operator, JSON_LD);
    const { body } = await graphql(
      gateway,
      AUDIT,
      { targetType: 'USER', targetId: toGlobalId('AdminCompany', 3) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.admin.auditEntries).toEqual({ totalCount: 0, edges: [] });
    expect(normalizedCalls(body)).toEqual(['GET /api/users/1']);
  });
});

describe('back office mutations', () => {
  it('adminCreateCompany posts the company and returns it; a refusal names the input fields', async () => {
    const scope = nock(API)
      .post('/api/admin/companies', { name: 'Boulangeries Dupain', siret: '73282932000074' })
      .reply(201, companyItem(9, { name: 'Boulangeries Dupain', siteCount: 0 }), JSON_LD)
      .post('/api/admin/companies', { name: ' ', siret: '12ab' })
      .reply(422, violations(['name', messages.required], ['siret', messages.siretDigitsOnly]), PROBLEM);
    const CREATE = `mutation ($input: AdminCreateCompanyInput!) {
      adminCreateCompany(input: $input) { company { id name establishmentCount } ${USER_ERRORS} }
    }`;
    const done = await graphql(
      gateway,
      CREATE,
      { input: { name: 'Boulangeries Dupain', siret: '73282932000074' } },
      { cookies },
    );
    expect(done.body.data.adminCreateCompany).toEqual({
      company: { id: toGlobalId('AdminCompany', 9), name: 'Boulangeries Dupain', establishmentCount: 0 },
      userErrors: [],
    });
    const refused = await graphql(gateway, CREATE, { input: { name: ' ', siret: '12ab' } }, { cookies });
    expect(refused.body.data.adminCreateCompany).toEqual({
      company: null,
      userErrors: [
        { field: ['name'], message: messages.required, code: 'invalid' },
        { field: ['siret'], message: messages.siretDigitsOnly, code: 'invalid' },
      ],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('adminUpdateCompany sends a merge-patch of the fields given; nothing given is refused without a call', async () => {
    const scope = nock(API)
      .patch('/api/admin/companies/3', { active: false })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, companyItem(3, { active: false }), JSON_LD);
    const UPDATE = `mutation ($input: AdminUpdateCompanyInput!) {
      adminUpdateCompany(input: $input) { company { active } ${USER_ERRORS} }
    }`;
    const id = toGlobalId('AdminCompany', 3);
    const done = await graphql(gateway, UPDATE, { input: { id, active: false } }, { cookies });
    expect(done.body.data.adminUpdateCompany).toEqual({ company: { active: false }, userErrors: [] });
    const nothing = await graphql(gateway, UPDATE, { input: { id } }, { cookies });
    expect(nothing.body.data.adminUpdateCompany.userErrors).toEqual([
      { field: [], message: messages.noChange, code: 'NO_CHANGE' },
    ]);
    expect(normalizedCalls(nothing.body)).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  it('adminCreateEstablishment posts the company id and typologies as the api names them', async () => {
    const scope = nock(API)
      .post('/api/admin/company_sites', {
        company: 3,
        name: 'Fournil de Lyon',
        postcode: '69002',
        city: 'Lyon',
        typologies: ['producer', 'carrier'],
      })
      .reply(201, siteItem(15, 3, { name: 'Fournil de Lyon', typologies: ['producer', 'carrier'] }), JSON_LD)
      .get('/api/admin/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(
        200,
        collection('companies', [companyItem(3, { siteCount: 3 })], '/api/admin/companies'),
        JSON_LD,
      )
      .post('/api/admin/company_sites')
      .reply(422, violations(['company', messages.adminUnknownReference]), PROBLEM);
    const CREATE = `mutation ($input: AdminCreateEstablishmentInput!) {
      adminCreateEstablishment(input: $input) {
        establishment { databaseId typologies company { establishmentCount } }
        ${USER_ERRORS}
      }
    }`;
    const input = {
      companyId: toGlobalId('AdminCompany', 3),
      name: 'Fournil de Lyon',
      postcode: '69002',
      city: 'Lyon',
      typologies: ['PRODUCER', 'CARRIER'],
    };
    const done = await graphql(gateway, CREATE, { input }, { cookies });
    expect(done.body.data.adminCreateEstablishment).toEqual({
      establishment: {
        databaseId: 15,
        typologies: ['PRODUCER', 'CARRIER'],
        company: { establishmentCount: 3 },
      },
      userErrors: [],
    });
    const refused = await graphql(gateway, CREATE, { input }, { cookies });
    expect(refused.body.data.adminCreateEstablishment.userErrors).toEqual([
      { field: ['companyId'], message: messages.adminUnknownReference, code: 'invalid' },
    ]);
    const notACompany = await graphql(
      gateway,
      CREATE,
      { input: { ...input, companyId: toGlobalId('Company', 3) } },
      { cookies },
    );
    expect(notACompany.body.data.adminCreateEstablishment.userErrors).toEqual([
      { field: ['companyId'], message: messages.adminUnknownReference, code: 'unknown' },
    ]);
    expect(normalizedCalls(notACompany.body)).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  it("adminInviteUser sends the access as the api's id lists, and its violations under the input's names", async () => {
    const body = {
      email: 'paul.morel@garages-morel.fr',
      firstname: 'Paul',
      typologies: ['producer'],
      companies: [3],
      companySites: [10],
      entities: [30],
    };
    const scope = nock(API)
      .post('/api/admin/users', body)
      .reply(
        422,
        violations(
          ['email', messages.emailTaken],
          ['companies', messages.adminUnknownReference],
          ['companySites.0', messages.adminUnknownReference],
          ['entities', messages.adminUnknownReference],
        ),
        PROBLEM,
      )
      .post('/api/admin/users', body)
      .reply(201, adminUserItem(8, { email: body.email, firstname: 'Paul', hasPassword: false }), JSON_LD);
    const INVITE = `mutation ($input: AdminInviteUserInput!) {
      adminInviteUser(input: $input) { user { databaseId fullName } ${USER_ERRORS} }
    }`;
    const input = {
      email: body.email,
      firstname: 'Paul',
      typologies: ['PRODUCER'],
      companyIds: [toGlobalId('AdminCompany', 3)],
      establishmentIds: [toGlobalId('AdminEstablishment', 10)],
      chantierIds: [30],
    };
    const refused = await graphql(gateway, INVITE, { input }, { cookies });
    expect(refused.body.data.adminInviteUser).toEqual({
      user: null,
      userErrors: [
        { field: ['email'], message: messages.emailTaken, code: 'invalid' },
        { field: ['companyIds'], message: messages.adminUnknownReference, code: 'invalid' },
        { field: ['establishmentIds'], message: messages.adminUnknownReference, code: 'invalid' },
        { field: ['chantierIds'], message: messages.adminUnknownReference, code: 'invalid' },
      ],
    });
    const done = await graphql(gateway, INVITE, { input }, { cookies });
    expect(done.body.data.adminInviteUser).toEqual({
      user: { databaseId: 8, fullName: 'Paul' },
      userErrors: [],
    });
    const wrongIds = await graphql(
      gateway,
      INVITE,
      { input: { ...input, establishmentIds: [toGlobalId('Establishment', 10)] } },
      { cookies },
    );
    expect(wrongIds.body.data.adminInviteUser.userErrors).toEqual([
      { field: ['establishmentIds'], message: messages.adminUnknownReference, code: 'unknown' },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('adminUpdateUser patches only what is given; a customer is told the user does not exist', async () => {
    const scope = nock(API)
      .patch('/api/admin/users/5', { phone: null, active: false, typologies: ['retriever'], companies: [] })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, adminUserItem(5, { active: false, typologies: ['retriever'] }), JSON_LD)
      .patch('/api/admin/users/5', { active: false })
      .reply(404, problem(404, 'Not Found'), PROBLEM);
    const UPDATE = `mutation ($input: AdminUpdateUserInput!) {
      adminUpdateUser(input: $input) { user { active typologies } ${USER_ERRORS} }
    }`;
    const id = toGlobalId('AdminUser', 5);
    const done = await graphql(
      gateway,
      UPDATE,
      { input: { id, phone: null, active: false, typologies: ['RETRIEVER'], companyIds: [] } },
      { cookies },
    );
    expect(done.body.data.adminUpdateUser).toEqual({
      user: { active: false, typologies: ['RETRIEVER'] },
      userErrors: [],
    });
    const hidden = await graphql(gateway, UPDATE, { input: { id, active: false } }, { cookies });
    expect(hidden.body.data.adminUpdateUser).toEqual({
      user: null,
      userErrors: [{ field: [], message: messages.notFound, code: 'NOT_FOUND' }],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('adminResendInvitation posts the invitation, then reads the user again', async () => {
    const scope = nock(API)
      .post('/api/admin/users/6/invitation')
      .reply(204)
      .get('/api/admin/users')
      .query({ 'id[]': '6', pagination: 'false' })
      .reply(
        200,
        collection(
          'users',
          [adminUserItem(6, { hasPassword: false, invitationExpiresAt: '2999-01-01T00:00:00.000Z' })],
          '/api/admin/users',
        ),
        JSON_LD,
      )
      .post('/api/admin/users/5/invitation')
      .reply(422, violations(['email', messages.adminUserHasPassword]), PROBLEM);
    const RESEND = `mutation ($input: AdminResendInvitationInput!) {
      adminResendInvitation(input: $input) { user { invitationState } ${USER_ERRORS} }
    }`;
    const done = await graphql(gateway, RESEND, { input: { id: toGlobalId('AdminUser', 6) } }, { cookies });
    expect(done.body.data.adminResendInvitation).toEqual({
      user: { invitationState: 'PENDING' },
      userErrors: [],
    });
    const refused = await graphql(
      gateway,
      RESEND,
      { input: { id: toGlobalId('AdminUser', 5) } },
      { cookies },
    );
    expect(refused.body.data.adminResendInvitation.userErrors).toEqual([
      { field: ['email'], message: messages.adminUserHasPassword, code: 'invalid' },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('adminCreateSiteLink, adminUpdateSiteLink and adminDeleteSiteLink: sides under their input names', async () => {
    const scope = nock(API)
      .post('/api/admin/site_links', { producerSite: 10, retrieverSite: 20, startDate: '2026-03-01' })
      .reply(
        422,
        violations(['producerSite', messages.adminLinkSameSide], ['retrieverSite', messages.adminLinkExists]),
        PROBLEM,
      )
      .patch('/api/admin/site_links/8', { endDate: null })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, linkItem(8), JSON_LD)
      .delete('/api/admin/site_links/8')
      .reply(204);
    const created = await graphql(
      gateway,
      `mutation ($input: AdminCreateSiteLinkInput!) { adminCreateSiteLink(input: $input) { link { id } ${USER_ERRORS} } }`,
      {
        input: {
          producerEstablishmentId: toGlobalId('AdminEstablishment', 10),
          retrieverEstablishmentId: toGlobalId('AdminEstablishment', 20),
          startDate: '2026-03-01',
        },
      },
      { cookies },
    );
    expect(created.body.data.adminCreateSiteLink.userErrors).toEqual([
      { field: ['producerEstablishmentId'], message: messages.adminLinkSameSide, code: 'invalid' },
      { field: ['retrieverEstablishmentId'], message: messages.adminLinkExists, code: 'invalid' },
    ]);
    const updated = await graphql(
      gateway,
      `mutation ($input: AdminUpdateSiteLinkInput!) { adminUpdateSiteLink(input: $input) { link { endDate inForce } ${USER_ERRORS} } }`,
      { input: { id: toGlobalId('AdminSiteLink', 8), endDate: null } },
      { cookies },
    );
    expect(updated.body.data.adminUpdateSiteLink).toEqual({
      link: { endDate: null, inForce: true },
      userErrors: [],
    });
    const deleted = await graphql(
      gateway,
      `mutation ($input: AdminDeleteSiteLinkInput!) { adminDeleteSiteLink(input: $input) { deletedId ${USER_ERRORS} } }`,
      { input: { id: toGlobalId('AdminSiteLink', 8) } },
      { cookies },
    );
    expect(deleted.body.data.adminDeleteSiteLink).toEqual({
      deletedId: toGlobalId('AdminSiteLink', 8),
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('adminPublishLegalText posts the text under its api code and returns the new version', async () => {
    const scope = nock(API)
      .post('/api/admin/static_contents', {
        code: 'mentions-legales',
        title: 'Mentions légales',
        content: '# Éditeur',
      })
      .reply(
        201,
        {
          '@id': '/api/static_contents/7',
          '@type': 'StaticContent',
          id: 7,
          code: 'mentions-legales',
          version: 3,
          title: 'Mentions légales',
          content: '# Éditeur',
          publishedAt: '2026-03-01T00:00:00.000Z',
        },
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      `mutation ($input: AdminPublishLegalTextInput!) {
        adminPublishLegalText(input: $input) { legalText { id code version } ${USER_ERRORS} }
      }`,
      { input: { code: 'MENTIONS_LEGALES', title: 'Mentions légales', content: '# Éditeur' } },
      { cookies },
    );
    expect(body.data.adminPublishLegalText).toEqual({
      legalText: { id: toGlobalId('LegalText', 7), code: 'MENTIONS_LEGALES', version: 3 },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it("adminPublishLegalText gives a refused text's fields their own names", async () => {
    nock(API)
      .post('/api/admin/static_contents')
      .reply(422, violations(['title', messages.required], ['content', messages.required]), PROBLEM);
    const { body } = await graphql(
      gateway,
      `mutation ($input: AdminPublishLegalTextInput!) {
        adminPublishLegalText(input: $input) { legalText { id } ${USER_ERRORS} }
      }`,
      { input: { code: 'CGU', title: '', content: '' } },
      { cookies },
    );
    expect(body.data.adminPublishLegalText.userErrors).toEqual([
      { field: ['title'], message: messages.required, code: 'invalid' },
      { field: ['content'], message: messages.required, code: 'invalid' },
    ]);
  });
});

describe('back office reference contents and chantiers', () => {
  it('adminCreateChantier posts to its establishment; adminUpdateChantier patches what is given', async () => {
    const scope = nock(API)
      .post('/api/admin/company_sites/4/company_site_entities', {
        name: 'Rénovation',
        startDate: '2026-03-01',
      })
      .reply(201, chantierItem(31, 4), JSON_LD)
      .patch('/api/admin/company_site_entities/31', { endDate: '2026-06-30' })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, { ...chantierItem(31, 4), endDate: '2026-06-30' }, JSON_LD);
    const created = await graphql(
      gateway,
      `mutation ($input: AdminCreateChantierInput!) {
        adminCreateChantier(input: $input) { chantier { databaseId name } ${USER_ERRORS} }
      }`,
      {
        input: {
          establishmentId: toGlobalId('AdminEstablishment', 4),
          name: 'Rénovation',
          startDate: '2026-03-01',
        },
      },
      { cookies },
    );
    expect(created.body.data.adminCreateChantier).toEqual({
      chantier: { databaseId: 31, name: 'Chantier 31' },
      userErrors: [],
    });
    const UPDATE = `mutation ($input: AdminUpdateChantierInput!) {
      adminUpdateChantier(input: $input) { chantier { endDate } ${USER_ERRORS} }
    }`;
    const updated = await graphql(
      gateway,
      UPDATE,
      { input: { chantierId: 31, endDate: '2026-06-30' } },
      { cookies },
    );
    expect(updated.body.data.adminUpdateChantier).toEqual({
      chantier: { endDate: '2026-06-30' },
      userErrors: [],
    });
    const nothing = await graphql(gateway, UPDATE, { input: { chantierId: 31 } }, { cookies });
    expect(nothing.body.data.adminUpdateChantier.userErrors[0].code).toBe('NO_CHANGE');
    const unknownSite = await graphql(
      gateway,
      `mutation ($input: AdminCreateChantierInput!) { adminCreateChantier(input: $input) { ${USER_ERRORS} } }`,
      { input: { establishmentId: toGlobalId('AdminCompany', 4), name: 'X', startDate: '2026-03-01' } },
      { cookies },
    );
    expect(unknownSite.body.data.adminCreateChantier.userErrors[0].field).toEqual(['establishmentId']);
    expect(scope.isDone()).toBe(true);
  });

  it('adminSaveSkipType creates with its code, then changes without it; a taken code is a userError', async () => {
    const skipType = (overrides: Record<string, unknown> = {}) => ({
      '@id': '/api/skip_types/40',
      '@type': 'SkipType',
      id: 40,
      code: 'BENNE_35',
      label: 'Benne 35 m³',
      category: 'Benne',
      volume: '35.000',
      unit: 'm3',
      ...overrides,
    });
    const scope = nock(API)
      .post('/api/admin/skip_types', {
        code: 'BENNE_35',
        label: 'Benne 35 m³',
        category: 'Benne',
        volume: '35',
        unit: 'm3',
      })
      .reply(201, skipType(), JSON_LD)
      .patch('/api/admin/skip_types/40', {
        label: 'Benne ouverte 35 m³',
        category: 'Benne',
        volume: '35',
        unit: 'm3',
      })
      .reply(200, skipType({ label: 'Benne ouverte 35 m³' }), JSON_LD)
      .post('/api/admin/skip_types')
      .reply(422, violations(['code', messages.adminReferenceCodeTaken]), PROBLEM);
    const SAVE = `mutation ($input: AdminSaveSkipTypeInput!) {
      adminSaveSkipType(input: $input) { skipType { id label } ${USER_ERRORS} }
    }`;
    const fields = { label: 'Benne 35 m³', category: 'Benne', volume: '35', unit: 'm3' };
    const created = await graphql(gateway, SAVE, { input: { code: 'BENNE_35', ...fields } }, { cookies });
    expect(created.body.data.adminSaveSkipType.skipType).toEqual({
      id: toGlobalId('SkipType', 40),
      label: 'Benne 35 m³',
    });
    const changed = await graphql(
      gateway,
      SAVE,
      { input: { id: toGlobalId('SkipType', 40), code: 'IGNORE', ...fields, label: 'Benne ouverte 35 m³' } },
      { cookies },
    );
    expect(changed.body.data.adminSaveSkipType.skipType.label).toBe('Benne ouverte 35 m³');
    const taken = await graphql(gateway, SAVE, { input: { code: 'BENNE_35', ...fields } }, { cookies });
    expect(taken.body.data.adminSaveSkipType).toEqual({
      skipType: null,
      userErrors: [{ field: ['code'], message: messages.adminReferenceCodeTaken, code: 'invalid' }],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('adminSaveDocumentCategory and adminSaveHelpPage write their lists; an id of another type is refused', async () => {
    const scope = nock(API)
      .post('/api/admin/document_categories', { code: 'BSDA', label: 'Bordereau amiante', position: 11 })
      .reply(
        201,
        {
          '@id': '/api/document_categories/12',
          '@type': 'DocumentCategory',
          id: 12,
          code: 'BSDA',
          label: 'Bordereau amiante',
          position: 11,
        },
        JSON_LD,
      )
      .patch('/api/admin/help_contents/5', {
        title: 'Premiers pas',
        summary: 'Le résumé.',
        content: '# Bienvenue',
      })
      .reply(
        200,
        {
          '@id': '/api/help_contents/5',
          '@type': 'HelpContent',
          id: 5,
          path: 'premiers-pas',
          title: 'Premiers pas',
          summary: 'Le résumé.',
          content: '# Bienvenue',
          position: 1,
          updatedAt: '2026-03-02T09:00:00.000Z',
        },
        JSON_LD,
      );
    const category = await graphql(
      gateway,
      `mutation ($input: AdminSaveDocumentCategoryInput!) {
        adminSaveDocumentCategory(input: $input) { category { code position } ${USER_ERRORS} }
      }`,
      { input: { code: 'BSDA', label: 'Bordereau amiante', position: 11 } },
      { cookies },
    );
    expect(category.body.data.adminSaveDocumentCategory.category).toEqual({ code: 'BSDA', position: 11 });
    const PAGE = `mutation ($input: AdminSaveHelpPageInput!) {
      adminSaveHelpPage(input: $input) { page { id path title } ${USER_ERRORS} }
    }`;
    const page = await graphql(
      gateway,
      PAGE,
      {
        input: {
          id: toGlobalId('HelpPage', 5),
          title: 'Premiers pas',
          summary: 'Le résumé.',
          content: '# Bienvenue',
        },
      },
      { cookies },
    );
    expect(page.body.data.adminSaveHelpPage.page).toEqual({
      id: toGlobalId('HelpPage', 5),
      path: 'premiers-pas',
      title: 'Premiers pas',
    });
    const wrong = await graphql(
      gateway,
      PAGE,
      { input: { id: toGlobalId('SkipType', 5), title: 'X', summary: 'Y', content: 'Z' } },
      { cookies },
    );
    expect(wrong.body.data.adminSaveHelpPage.userErrors[0].code).toBe('NOT_FOUND');
    expect(scope.isDone()).toBe(true);
  });
});

describe('adminImportEstablishments', () => {
  const IMPORT = /* GraphQL */ `
    mutation ($input: AdminImportEstablishmentsInput!) {
      adminImportEstablishments(input: $input) {
        valid invalid created
        lines { line name address postcode city siret typologies errors establishment { databaseId name } }
        company { establishmentCount }
        ${USER_ERRORS}
      }
    }
  `;
  const input = {
    companyId: toGlobalId('AdminCompany', 3),
    fileName: 'sites.csv',
    contentBase64: Buffer.from('nom;adresse;code_postal;ville;siret;typologies').toString('base64'),
    commit: true,
    skipInvalid: true,
  };
  const values = (name: string, postcode: string) => ({
    name,
    address: '1 rue A',
    postcode,
    city: 'Lille',
    siret: '',
    typologies: 'Producteur',
  });

  it("maps each line's values and the establishments created (one call for all of them)", async () => {
    const answer: RestAdminImport = {
      lines: [
        { line: 2, values: values('Atelier Nord', '59000'), errors: [], site: '/api/admin/company_sites/40' },
        {
          line: 3,
          values: values('Atelier Sud', '1300'),
          errors: [messages.adminImportLine(3, 'Code postal', messages.postcodeFormat)],
          site: null,
        },
        { line: 4, values: values('Atelier Est', '59100'), errors: [], site: '/api/admin/company_sites/41' },
      ],
      valid: 2,
      invalid: 1,
      created: 2,
    };
    const scope = nock(API)
      .post('/api/admin/companies/3/company_sites_import', {
        fileName: 'sites.csv',
        content: input.contentBase64,
        commit: true,
        skipInvalid: true,
      })
      .reply(200, answer, { 'content-type': 'application/json; charset=utf-8' })
      .get('/api/admin/company_sites')
      .query({ 'id[]': ['40', '41'], pagination: 'false' })
      .once()
      .reply(
        200,
        collection(
          'company_sites',
          [siteItem(40, 3, { name: 'Atelier Nord' }), siteItem(41, 3, { name: 'Atelier Est' })],
          '/api/admin/company_sites',
        ),
        JSON_LD,
      )
      .get('/api/admin/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(
        200,
        collection('companies', [companyItem(3, { siteCount: 4 })], '/api/admin/companies'),
        JSON_LD,
      );
    const { body } = await graphql(gateway, IMPORT, { input }, { cookies });
    expect(body.errors).toBeUndefined();
    const payload = body.data.adminImportEstablishments;
    expect(payload).toMatchObject({ valid: 2, invalid: 1, created: 2, company: { establishmentCount: 4 } });
    expect(payload.userErrors).toEqual([]);
    expect(payload.lines).toEqual([
      {
        line: 2,
        ...values('Atelier Nord', '59000'),
        errors: [],
        establishment: { databaseId: 40, name: 'Atelier Nord' },
      },
      {
        line: 3,
        ...values('Atelier Sud', '1300'),
        errors: [messages.adminImportLine(3, 'Code postal', messages.postcodeFormat)],
        establishment: null,
      },
      {
        line: 4,
        ...values('Atelier Est', '59100'),
        errors: [],
        establishment: { databaseId: 41, name: 'Atelier Est' },
      },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it("gives a refused file's problem to the whole input, and the failing lines to contentBase64", async () => {
    nock(API)
      .get('/api/admin/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .times(2)
      .reply(200, collection('companies', [companyItem(3)], '/api/admin/companies'), JSON_LD)
      .post('/api/admin/companies/3/company_sites_import')
      .reply(422, problem(422, messages.adminImportFormat), PROBLEM)
      .post('/api/admin/companies/3/company_sites_import')
      .reply(422, violations(['content', messages.adminImportHasErrors(1)]), PROBLEM);
    const format = await graphql(gateway, IMPORT, { input }, { cookies });
    expect(format.body.data.adminImportEstablishments).toMatchObject({
      lines: [],
      created: 0,
      userErrors: [{ field: [], message: messages.adminImportFormat, code: null }],
    });
    const failing = await graphql(gateway, IMPORT, { input: { ...input, skipInvalid: null } }, { cookies });
    expect(failing.body.data.adminImportEstablishments.userErrors).toEqual([
      { field: ['contentBase64'], message: messages.adminImportHasErrors(1), code: 'invalid' },
    ]);
  });
});
