import { messages } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { offsetCursor } from '../src/schema/connections.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, entityItem, JSON_LD, PROBLEM, problem, siteItem, userItem } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const producer = userItem({
  permissions: ['dashboard:read', 'site:read', 'site:update', 'entity:create', 'entity:update'],
  companySitesIdsFull: [3],
});
const MERGE_PATCH = 'application/merge-patch+json';
const siteId = toGlobalId('Establishment', 3);

function violation(propertyPath: string, message: string, code = 'invalid') {
  return problem(422, 'Les données envoyées ne sont pas valides.', `${propertyPath}: ${message}`, {
    violations: [{ propertyPath, message, code }],
  });
}

const gateway = useTestGateway();

describe('updateEstablishment', () => {
  const UPDATE = /* GraphQL */ `
    mutation Update($input: UpdateEstablishmentInput!) {
      updateEstablishment(input: $input) {
        establishment { id name address city canEdit }
        userErrors { field message code }
      }
    }
  `;

  it('sends a merge-patch of the given fields only and returns the fresh site without reading it again', async () => {
    const updated = siteItem(3, 1, { name: 'Usine de Lyon Sud', address: null });
    const scope = nock(API)
      .patch('/api/company_sites/3', { name: 'Usine de Lyon Sud', address: null })
      .matchHeader('content-type', MERGE_PATCH)
      .matchHeader('authorization', 'Bearer tok-1')
      .reply(200, updated, JSON_LD)
      .get('/api/users/1')
      .reply(200, producer, JSON_LD);
    const { body } = await graphql(
      gateway,
      UPDATE,
      { input: { id: siteId, name: 'Usine de Lyon Sud', address: null } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateEstablishment).toEqual({
      establishment: { id: siteId, name: 'Usine de Lyon Sud', address: null, city: 'Lyon', canEdit: true },
      userErrors: [],
    });
    expect(body.extensions.restCalls.calls.map((call: { method: string }) => call.method).sort()).toEqual([
      'GET',
      'PATCH',
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('gives the 422 violations as userErrors with their field path', async () => {
    nock(API)
      .patch('/api/company_sites/3', { siret: '12ab' })
      .reply(422, violation('siret', messages.siretDigitsOnly, 'siret_digits'), PROBLEM);
    const { body } = await graphql(gateway, UPDATE, { input: { id: siteId, siret: '12ab' } }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateEstablishment).toEqual({
      establishment: null,
      userErrors: [{ field: ['siret'], message: messages.siretDigitsOnly, code: 'siret_digits' }],
    });
  });

  it('gives a 403 as a FORBIDDEN userError, not a GraphQL error', async () => {
    nock(API).patch('/api/company_sites/3').reply(403, problem(403, messages.forbidden), PROBLEM);
    const { body } = await graphql(gateway, UPDATE, { input: { id: siteId, city: 'Lyon' } }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateEstablishment).toEqual({
      establishment: null,
      userErrors: [
        { field: [], message: "Vous n'êtes pas autorisé à effectuer cette action.", code: 'FORBIDDEN' },
      ],
    });
  });

  it('gives a 404 as a NOT_FOUND userError', async () => {
    nock(API).patch('/api/company_sites/3').reply(404, problem(404, messages.notFound), PROBLEM);
    const { body } = await graphql(gateway, UPDATE, { input: { id: siteId, city: 'Lyon' } }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateEstablishment.userErrors).toEqual([
      { field: [], message: "Le contenu que vous cherchez n'est pas disponible.", code: 'NOT_FOUND' },
    ]);
  });

  it('refuses, without a call, an id of another type and an input that changes nothing', async () => {
    const wrongType = await graphql(
      gateway,
      UPDATE,
      { input: { id: toGlobalId('Entity', 3), name: 'X' } },
      { cookies },
    );
    expect(wrongType.body.data.updateEstablishment.userErrors).toEqual([
      { field: [], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
    const nothing = await graphql(gateway, UPDATE, { input: { id: siteId } }, { cookies });
    expect(nothing.body.data.updateEstablishment.userErrors).toEqual([
      { field: [], message: messages.noChange, code: 'NO_CHANGE' },
    ]);
    expect(wrongType.body.extensions.restCalls.count + nothing.body.extensions.restCalls.count).toBe(0);
  });

  it('leaves a failing api (5xx) a GraphQL error, and an expired session UNAUTHENTICATED', async () => {
    nock(API)
      .patch('/api/company_sites/3')
      .reply(500, problem(500, messages.genericError), PROBLEM)
      .patch('/api/company_sites/3')
      .reply(401, problem(401, messages.unauthenticated), PROBLEM);
    const failing = await graphql(gateway, UPDATE, { input: { id: siteId, city: 'Lyon' } }, { cookies });
    expect(failing.body.errors[0].extensions.code).toBe('UPSTREAM_ERROR');
    const expired = await graphql(gateway, UPDATE, { input: { id: siteId, city: 'Lyon' } }, { cookies });
    expect(expired.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const anonymous = await graphql(gateway, UPDATE, { input: { id: siteId, city: 'Lyon' } });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('createEntity', () => {
  const CREATE = /* GraphQL */ `
    mutation Create($input: CreateEntityInput!) {
      createEntity(input: $input) {
        entity { id name startDate endDate address canEdit }
        entityEdge { cursor node { id } }
        establishment { id entityCount entities { totalCount edges { node { name } } } }
        userErrors { field message code }
      }
    }
  `;
  const input = { establishmentId: siteId, name: 'Chantier Confluence', startDate: '2026-03-10' };

  it('posts the chantier and returns it as an edge for @appendEdge, with the refreshed establishment', async () => {
    const created = { ...entityItem(12, 3, 'Chantier Confluence'), startDate: '2026-03-10' };
    const other = entityItem(9, 3, 'Chantier Bellecour');
    const scope = nock(API)
      .post('/api/company_sites/3/company_site_entities', {
        name: 'Chantier Confluence',
        startDate: '2026-03-10',
        endDate: null,
      })
      .matchHeader('content-type', 'application/json')
      .reply(201, created, JSON_LD)
      .get('/api/users/1')
      .reply(200, producer, JSON_LD)
      .get('/api/company_sites')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(
        200,
        collection('company_sites', [
          siteItem(3, 1, { companySiteEntities: [other['@id'], created['@id']], entityCount: 2 }),
        ]),
        JSON_LD,
      )
      .get('/api/company_site_entities')
      .query({ 'companySite[]': '3', pagination: 'false', 'order[name]': 'asc' })
      .reply(200, collection('company_site_entities', [other, created]), JSON_LD);
    const { body } = await graphql(gateway, CREATE, { input: { ...input, endDate: null } }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.createEntity).toEqual({
      entity: {
        id: toGlobalId('Entity', 12),
        name: 'Chantier Confluence',
        startDate: '2026-03-10',
        endDate: null,
        address: null,
        canEdit: true,
      },
      entityEdge: { cursor: offsetCursor(1), node: { id: toGlobalId('Entity', 12) } },
      establishment: {
        id: siteId,
        entityCount: 2,
        entities: {
          totalCount: 2,
          edges: [{ node: { name: 'Chantier Bellecour' } }, { node: { name: 'Chantier Confluence' } }],
        },
      },
      userErrors: [],
    });
    // The cursor and the establishment's chantiers share one call.
    expect(body.extensions.restCalls.count).toBe(4);
    expect(scope.isDone()).toBe(true);
  });

  it('gives an end date before the start as a userError on endDate', async () => {
    nock(API)
      .post('/api/company_sites/3/company_site_entities')
      .reply(422, violation('endDate', messages.endBeforeStart), PROBLEM);
    const { body } = await graphql(
      gateway,
      CREATE,
      { input: { ...input, endDate: '2026-03-09' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createEntity).toEqual({
      entity: null,
      entityEdge: null,
      establishment: null,
      userErrors: [{ field: ['endDate'], message: messages.endBeforeStart, code: 'invalid' }],
    });
  });

  it('gives 403 and 404 as userErrors', async () => {
    nock(API)
      .post('/api/company_sites/3/company_site_entities')
      .reply(403, problem(403, messages.forbidden), PROBLEM)
      .post('/api/company_sites/3/company_site_entities')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const forbidden = await graphql(gateway, CREATE, { input }, { cookies });
    expect(forbidden.body.data.createEntity.userErrors).toEqual([
      { field: [], message: messages.forbidden, code: 'FORBIDDEN' },
    ]);
    const missing = await graphql(gateway, CREATE, { input }, { cookies });
    expect(missing.body.data.createEntity.userErrors).toEqual([
      { field: [], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
    expect(forbidden.body.errors).toBeUndefined();
    expect(missing.body.errors).toBeUndefined();
  });
});

describe('updateEntity', () => {
  const UPDATE = /* GraphQL */ `
    mutation Update($input: UpdateEntityInput!) {
      updateEntity(input: $input) {
        entity { id name endDate }
        userErrors { field message code }
      }
    }
  `;
  const entityId = toGlobalId('Entity', 9);

  it('finds the chantier site through the entity batch, then patches it', async () => {
    const scope = nock(API)
      .get('/api/company_site_entities')
      .query({ 'id[]': '9', pagination: 'false' })
      .reply(200, collection('company_site_entities', [entityItem(9, 3)]), JSON_LD)
      .patch('/api/company_sites/3/company_site_entities/9', { endDate: '2026-06-30' })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, { ...entityItem(9, 3), endDate: '2026-06-30' }, JSON_LD);
    const { body } = await graphql(
      gateway,
      UPDATE,
      { input: { id: entityId, endDate: '2026-06-30' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateEntity).toEqual({
      entity: { id: entityId, name: 'Chantier 9', endDate: '2026-06-30' },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('answers NOT_FOUND, without a write, for a chantier the caller cannot see', async () => {
    nock(API)
      .get('/api/company_site_entities')
      .query({ 'id[]': '9', pagination: 'false' })
      .reply(200, collection('company_site_entities', []), JSON_LD);
    const { body } = await graphql(gateway, UPDATE, { input: { id: entityId, name: 'X' } }, { cookies });
    expect(body.data.updateEntity).toEqual({
      entity: null,
      userErrors: [{ field: [], message: messages.notFound, code: 'NOT_FOUND' }],
    });
    expect(body.extensions.restCalls.count).toBe(1);
  });

  it('gives 422 and 403 as userErrors', async () => {
    nock(API)
      .get('/api/company_site_entities')
      .query({ 'id[]': '9', pagination: 'false' })
      .twice()
      .reply(200, collection('company_site_entities', [entityItem(9, 3)]), JSON_LD)
      .patch('/api/company_sites/3/company_site_entities/9')
      .reply(422, violation('endDate', messages.endBeforeStart), PROBLEM)
      .patch('/api/company_sites/3/company_site_entities/9')
      .reply(403, problem(403, messages.forbidden), PROBLEM);
    const invalid = await graphql(
      gateway,
      UPDATE,
      { input: { id: entityId, endDate: '2024-01-01' } },
      { cookies },
    );
    expect(invalid.body.data.updateEntity.userErrors).toEqual([
      { field: ['endDate'], message: messages.endBeforeStart, code: 'invalid' },
    ]);
    const forbidden = await graphql(gateway, UPDATE, { input: { id: entityId, name: 'X' } }, { cookies });
    expect(forbidden.body.data.updateEntity.userErrors).toEqual([
      { field: [], message: messages.forbidden, code: 'FORBIDDEN' },
    ]);
  });
});
