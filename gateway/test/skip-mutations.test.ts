import { messages, permissionsFor } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { offsetCursor } from '../src/schema/connections.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import {
  collection,
  JSON_LD,
  PROBLEM,
  problem,
  siteItem,
  skipItem,
  userItem,
  violations,
} from './fixtures.ts';
import { API, graphql, normalizedCalls, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const producer = userItem({ permissions: permissionsFor(['producer'], false), companySitesIdsFull: [3] });
const MERGE_PATCH = 'application/merge-patch+json';
const siteId = toGlobalId('Establishment', 3);
const skipId = toGlobalId('Skip', 7);

const USER_ERRORS = 'userErrors { field message code }';

const gateway = useTestGateway();

describe('createSkip', () => {
  const CREATE = /* GraphQL */ `
    mutation Create($input: CreateSkipInput!) {
      createSkip(input: $input) {
        skip { id name volume canEdit }
        skipEdge { cursor node { id } }
        ${USER_ERRORS}
      }
    }
  `;

  it('posts the fields given, ids as IRIs, and returns the container as an edge for @prependEdge', async () => {
    const created = skipItem(7, 3, { name: 'Benne carton quai 2', volume: '15.500' });
    const scope = nock(API)
      .post('/api/skips', {
        companySite: '/api/company_sites/3',
        name: 'Benne carton quai 2',
        volume: '15,5',
        ecoOrganisation: null,
        dangerous: false,
        quantityEstimated: true,
        plannedTreatmentCode: 'R 3',
        skipType: '/api/skip_types/4',
        firstLevelWaste: '/api/first_level_wastes/1',
        secondLevelWaste: '/api/second_level_wastes/1',
        thirdLevelWaste: '/api/third_level_wastes/2',
        provider: '/api/company_sites/12',
        companySiteEntity: '/api/company_sites/3/company_site_entities/9',
      })
      .matchHeader('content-type', 'application/json')
      .matchHeader('authorization', 'Bearer tok-1')
      .reply(201, created, JSON_LD)
      .get('/api/users/1')
      .reply(200, producer, JSON_LD)
      .get('/api/company_sites')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(200, collection('company_sites', [siteItem(3, 1)]), JSON_LD);
    const { body } = await graphql(
      gateway,
      CREATE,
      {
        input: {
          establishmentId: siteId,
          fields: {
            name: 'Benne carton quai 2',
            entityId: toGlobalId('Entity', 9),
            skipTypeId: toGlobalId('SkipType', 4),
            volume: '15,5',
            firstLevelWasteId: toGlobalId('FirstLevelWaste', 1),
            secondLevelWasteId: toGlobalId('SecondLevelWaste', 1),
            thirdLevelWasteId: toGlobalId('ThirdLevelWaste', 2),
            providerId: toGlobalId('Establishment', 12),
            ecoOrganisation: null,
            plannedTreatmentCode: 'R 3',
            dangerous: false,
            quantityEstimated: true,
          },
        },
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createSkip).toEqual({
      skip: { id: skipId, name: 'Benne carton quai 2', volume: '15.500', canEdit: true },
      skipEdge: { cursor: offsetCursor(0), node: { id: skipId } },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('gives the violations on the input fields the user typed them in', async () => {
    nock(API)
      .post('/api/skips')
      .reply(
        422,
        violations(
          ['skipType', messages.unknownSkipType],
          ['volume', messages.positiveValue],
          ['companySiteEntity', messages.entityNotOfSite],
          ['wasteCode', messages.dangerousSkipNeedsHazardousCode],
          ['companySite', messages.forbidden],
        ),
        PROBLEM,
      );
    const { body } = await graphql(
      gateway,
      CREATE,
      { input: { establishmentId: siteId, fields: { name: 'Fût', volume: '-1' } } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createSkip).toEqual({
      skip: null,
      skipEdge: null,
      userErrors: [
        { field: ['fields', 'skipTypeId'], message: messages.unknownSkipType, code: 'invalid' },
        { field: ['fields', 'volume'], message: messages.positiveValue, code: 'invalid' },
        { field: ['fields', 'entityId'], message: messages.entityNotOfSite, code: 'invalid' },
        {
          field: ['fields', 'wasteCode'],
          message: messages.dangerousSkipNeedsHazardousCode,
          code: 'invalid',
        },
        { field: ['establishmentId'], message: messages.forbidden, code: 'invalid' },
      ],
    });
  });

  it('gives 403 as FORBIDDEN and 404 as NOT_FOUND userErrors', async () => {
    nock(API)
      .post('/api/skips')
      .reply(403, problem(403, messages.forbidden), PROBLEM)
      .post('/api/skips')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const input = { establishmentId: siteId, fields: { name: 'Benne' } };
    const forbidden = await graphql(gateway, CREATE, { input }, { cookies });
    expect(forbidden.body.errors).toBeUndefined();
    expect(forbidden.body.data.createSkip.userErrors).toEqual([
      { field: [], message: "Vous n'êtes pas autorisé à effectuer cette action.", code: 'FORBIDDEN' },
    ]);
    const missing = await graphql(gateway, CREATE, { input }, { cookies });
    expect(missing.body.data.createSkip.userErrors).toEqual([
      { field: [], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
  });

  it('refuses, without a call, ids of another type', async () => {
    const wrongSite = await graphql(
      gateway,
      CREATE,
      { input: { establishmentId: toGlobalId('Entity', 3), fields: { name: 'Benne' } } },
      { cookies },
    );
    expect(wrongSite.body.data.createSkip.userErrors).toEqual([
      { field: [], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
    const wrongType = await graphql(
      gateway,
      CREATE,
      {
        input: {
          establishmentId: siteId,
          fields: { name: 'Benne', skipTypeId: toGlobalId('Skip', 4), entityId: 'nonsense' },
        },
      },
      { cookies },
    );
    expect(wrongType.body.data.createSkip.userErrors).toEqual([
      { field: ['fields', 'skipTypeId'], message: messages.notFound, code: 'NOT_FOUND' },
      { field: ['fields', 'entityId'], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
    expect(wrongSite.body.extensions.restCalls.count + wrongType.body.extensions.restCalls.count).toBe(0);
  });

  it('leaves a failing api a GraphQL error, and an expired session UNAUTHENTICATED', async () => {
    nock(API)
      .post('/api/skips')
      .reply(503, problem(503, messages.genericError), PROBLEM)
      .post('/api/skips')
      .reply(401, problem(401, messages.unauthenticated), PROBLEM);
    const input = { establishmentId: siteId, fields: { name: 'Benne' } };
    const failing = await graphql(gateway, CREATE, { input }, { cookies });
    expect(failing.body.errors[0].extensions.code).toBe('UPSTREAM_ERROR');
    const expired = await graphql(gateway, CREATE, { input }, { cookies });
    expect(expired.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const anonymous = await graphql(gateway, CREATE, { input });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('updateSkip', () => {
  const UPDATE = /* GraphQL */ `
    mutation Update($input: UpdateSkipInput!) {
      updateSkip(input: $input) { skip { id fillingLevel wasteCode { code } } skipEdge { cursor } ${USER_ERRORS} }
    }
  `;

  it('sends a merge-patch of the given fields only: absent untouched, null cleared', async () => {
    const scope = nock(API)
      .patch('/api/skips/7', {
        fillingLevel: 'FULL',
        wasteCode: null,
        provider: null,
        consistency: 'LIQUID',
        providerReceiptValidity: '2027-01-31',
      })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, skipItem(7, 3, { fillingLevel: 'FULL', wasteCode: null }), JSON_LD);
    const { body } = await graphql(
      gateway,
      UPDATE,
      {
        input: {
          id: skipId,
          fields: {
            fillingLevel: 'FULL',
            wasteCode: null,
            providerId: null,
            consistency: 'LIQUID',
            providerReceiptValidity: '2027-01-31',
          },
        },
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSkip).toEqual({
      skip: { id: skipId, fillingLevel: 'FULL', wasteCode: null },
      skipEdge: null,
      userErrors: [],
    });
    expect(body.extensions.restCalls.count).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  it("names a chantier by its site's IRI, read from the container", async () => {
    const scope = nock(API)
      .get('/api/skips')
      .query({ 'id[]': '7', pagination: 'false' })
      .reply(200, collection('skips', [skipItem(7, 3)]), JSON_LD)
      .patch('/api/skips/7', { companySiteEntity: '/api/company_sites/3/company_site_entities/9' })
      .reply(
        200,
        skipItem(7, 3, { companySiteEntity: '/api/company_sites/3/company_site_entities/9' }),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      UPDATE,
      { input: { id: skipId, fields: { entityId: toGlobalId('Entity', 9) } } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSkip.userErrors).toEqual([]);
    expect(normalizedCalls(body)).toEqual(['GET /api/skips?id[]=7&pagination=false', 'PATCH /api/skips/7']);
    expect(scope.isDone()).toBe(true);
  });

  it('refuses, without a call, an input that changes nothing', async () => {
    const { body } = await graphql(gateway, UPDATE, { input: { id: skipId, fields: {} } }, { cookies });
    expect(body.data.updateSkip.userErrors).toEqual([
      { field: [], message: messages.noChange, code: 'NO_CHANGE' },
    ]);
    expect(body.extensions.restCalls.count).toBe(0);
  });

  it("gives the api's 403 (a provider changing a producer's field) as FORBIDDEN, 404 as NOT_FOUND", async () => {
    nock(API)
      .patch('/api/skips/7', { name: 'Autre' })
      .reply(403, problem(403, messages.forbidden), PROBLEM)
      .patch('/api/skips/7')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const forbidden = await graphql(
      gateway,
      UPDATE,
      { input: { id: skipId, fields: { name: 'Autre' } } },
      { cookies },
    );
    expect(forbidden.body.data.updateSkip).toEqual({
      skip: null,
      skipEdge: null,
      userErrors: [{ field: [], message: messages.forbidden, code: 'FORBIDDEN' }],
    });
    const missing = await graphql(
      gateway,
      UPDATE,
      { input: { id: skipId, fields: { name: 'Autre' } } },
      { cookies },
    );
    expect(missing.body.data.updateSkip.userErrors).toEqual([
      { field: [], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
  });

  it('gives the 422 of a hazardous code on a non-dangerous container on fields.wasteCode', async () => {
    nock(API)
      .patch('/api/skips/7', { wasteCode: '15 01 10*' })
      .reply(422, violations(['wasteCode', messages.hazardousCodeNeedsDangerousSkip]), PROBLEM);
    const { body } = await graphql(
      gateway,
      UPDATE,
      { input: { id: skipId, fields: { wasteCode: '15 01 10*' } } },
      { cookies },
    );
    expect(body.data.updateSkip.userErrors).toEqual([
      { field: ['fields', 'wasteCode'], message: messages.hazardousCodeNeedsDangerousSkip, code: 'invalid' },
    ]);
  });
});

describe('archiveSkip and deleteSkip', () => {
  const ARCHIVE = /* GraphQL */ `
    mutation Archive($input: ArchiveSkipInput!) { archiveSkip(input: $input) { skip { id state } ${USER_ERRORS} } }
  `;
  const DELETE = /* GraphQL */ `
    mutation Delete($input: DeleteSkipInput!) { deleteSkip(input: $input) { deletedSkipId ${USER_ERRORS} } }
  `;

  it('archives and restores through a merge-patch of archived', async () => {
    const scope = nock(API)
      .patch('/api/skips/7', { archived: true })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, skipItem(7, 3, { state: 'ARCHIVED' }), JSON_LD)
      .patch('/api/skips/7', { archived: false })
      .reply(200, skipItem(7, 3, { state: 'AVAILABLE' }), JSON_LD);
    const archived = await graphql(gateway, ARCHIVE, { input: { id: skipId, archived: true } }, { cookies });
    expect(archived.body.data.archiveSkip).toEqual({
      skip: { id: skipId, state: 'ARCHIVED' },
      userErrors: [],
    });
    const restored = await graphql(gateway, ARCHIVE, { input: { id: skipId, archived: false } }, { cookies });
    expect(restored.body.data.archiveSkip).toEqual({
      skip: { id: skipId, state: 'AVAILABLE' },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it("gives a 409 as a CONFLICT userError in the api's words, else the operation-cannot-be-modified message", async () => {
    nock(API)
      .patch('/api/skips/7')
      .reply(
        409,
        problem(409, messages.operationCannotBeModified, messages.skipHasDeliveriesInProgress),
        PROBLEM,
      )
      .delete('/api/skips/7')
      .reply(409, '', {});
    const archive = await graphql(gateway, ARCHIVE, { input: { id: skipId, archived: true } }, { cookies });
    expect(archive.body.errors).toBeUndefined();
    expect(archive.body.data.archiveSkip.userErrors).toEqual([
      { field: [], message: messages.skipHasDeliveriesInProgress, code: 'CONFLICT' },
    ]);
    const remove = await graphql(gateway, DELETE, { input: { id: skipId } }, { cookies });
    expect(remove.body.data.deleteSkip).toEqual({
      deletedSkipId: null,
      userErrors: [{ field: [], message: messages.operationCannotBeModified, code: 'CONFLICT' }],
    });
  });

  it('deletes, answering the deleted id; 403 and 404 as userErrors', async () => {
    const scope = nock(API)
      .delete('/api/skips/7')
      .reply(204)
      .delete('/api/skips/7')
      .reply(403, problem(403, messages.forbidden), PROBLEM)
      .delete('/api/skips/7')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const done = await graphql(gateway, DELETE, { input: { id: skipId } }, { cookies });
    expect(done.body.data.deleteSkip).toEqual({ deletedSkipId: skipId, userErrors: [] });
    const forbidden = await graphql(gateway, DELETE, { input: { id: skipId } }, { cookies });
    expect(forbidden.body.data.deleteSkip.userErrors[0].code).toBe('FORBIDDEN');
    const missing = await graphql(gateway, DELETE, { input: { id: skipId } }, { cookies });
    expect(missing.body.data.deleteSkip.userErrors[0].code).toBe('NOT_FOUND');
    expect(scope.isDone()).toBe(true);
  });
});
