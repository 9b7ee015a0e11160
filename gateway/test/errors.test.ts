import { messages } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, companyItem, JSON_LD, PROBLEM, problem, siteItem, userItem } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

const session = { [SESSION_COOKIE]: 'session-token', [USER_ID_COOKIE]: '1' };

const gateway = useTestGateway({ REST_TIMEOUT_MS: '300' });

describe('REST errors in the graph', () => {
  it('401 gives UNAUTHENTICATED', async () => {
    nock(API).get('/api/users/1').reply(401, problem(401, messages.unauthenticated), PROBLEM);
    const { body } = await graphql(gateway, '{ viewer { email } }', {}, { cookies: session });
    expect(body.data.viewer).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({
      path: ['viewer'],
      message: messages.unauthenticated,
      extensions: { code: 'UNAUTHENTICATED', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
  });

  it('403 gives FORBIDDEN on that field only', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/company_sites')
      .query({ 'id[]': '5', pagination: 'false' })
      .reply(403, problem(403, messages.forbidden), PROBLEM);
    const { body } = await graphql(
      gateway,
      'query ($id: ID!) { viewer { email } node(id: $id) { id } }',
      { id: toGlobalId('Establishment', 5) },
      { cookies: session },
    );
    expect(body.data).toEqual({ viewer: { email: 'producteur@demo.fr' }, node: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['node'],
        message: messages.forbidden,
        extensions: { code: 'FORBIDDEN', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
      }),
    ]);
  });

  it('404 gives null without an error', async () => {
    nock(API).get('/api/users/9').reply(404, problem(404, messages.notFound), PROBLEM);
    const { body } = await graphql(
      gateway,
      'query ($id: ID!) { node(id: $id) { id } }',
      { id: toGlobalId('User', 9) },
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ node: null });
  });

  it('an item the api leaves out of an id[] batch is null too', async () => {
    nock(API)
      .get('/api/company_sites')
      .query({ 'id[]': ['5', '6'], pagination: 'false' })
      .reply(200, collection('company_sites', [siteItem(6, 1)]), JSON_LD);
    const { body } = await graphql(
      gateway,
      'query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Establishment { name } } }',
      { ids: [toGlobalId('Establishment', 5), toGlobalId('Establishment', 6)] },
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.nodes).toEqual([null, { id: toGlobalId('Establishment', 6), name: 'Site 0006' }]);
    expect(body.extensions.restCalls.count).toBe(1);
  });

  it('422 gives userErrors in the mutation payload, field path from propertyPath', async () => {
    const scope = nock(API)
      .patch('/api/users/1', { hasAcceptedCGU: true })
      .matchHeader('content-type', 'application/merge-patch+json')
      .matchHeader('authorization', 'Bearer session-token')
      .reply(
        422,
        problem(
          422,
          'Les données envoyées ne sont pas valides.',
          'hasAcceptedCGU: Le champ est obligatoire',
          {
            violations: [{ propertyPath: 'hasAcceptedCGU', message: messages.required, code: 'required' }],
          },
        ),
        PROBLEM,
      );
    const { body } = await graphql(
      gateway,
      'mutation { acceptTerms(input: { accepted: true }) { userErrors { field message code } } }',
      {},
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.acceptTerms.userErrors).toEqual([
      { field: ['hasAcceptedCGU'], message: messages.required, code: 'required' },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('500 gives UPSTREAM_ERROR on the failing field while sibling fields resolve', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(500, problem(500, messages.genericError), PROBLEM);
    const { body } = await graphql(
      gateway,
      'query ($id: ID!) { viewer { email } node(id: $id) { id } }',
      { id: toGlobalId('Company', 3) },
      { cookies: session },
    );
    expect(body.data).toEqual({ viewer: { email: 'producteur@demo.fr' }, node: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['node'],
        message: messages.retryLater,
        extensions: { code: 'UPSTREAM_ERROR', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
      }),
    ]);
  });

  it('400 gives BAD_USER_INPUT with the api’s French words on the failing field', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/operations')
      .query(true)
      .reply(400, problem(400, 'Requête invalide.', 'Code déchet inconnu : « 99 99 99 ».'), PROBLEM);
    const { body } = await graphql(
      gateway,
      'query ($filter: OperationFilter) { viewer { email operations(filter: $filter) { totalCount } } }',
      { filter: { wasteCode: '99 99 99' } },
      { cookies: session },
    );
    // The connection is not nullable: its error nulls the viewer (the web then fails the request whole).
    expect(body.data).toEqual({ viewer: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['viewer', 'operations'],
        message: 'Code déchet inconnu : « 99 99 99 ».',
        extensions: { code: 'BAD_USER_INPUT', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
      }),
    ]);
  });

  it('a time-out gives UPSTREAM_ERROR on the failing field while sibling fields resolve', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/companies')
      .query({ 'id[]': '3', pagination: 'false' })
      .reply(async () => {
        await released;
        return [200, collection('companies', [companyItem(3)]), JSON_LD];
      });
    try {
      const started = performance.now();
      const { body } = await graphql(
        gateway,
        'query ($id: ID!) { viewer { email } node(id: $id) { id } }',
        { id: toGlobalId('Company', 3) },
        { cookies: session },
      );
      expect(performance.now() - started).toBeLessThan(5000);
      expect(body.data).toEqual({ viewer: { email: 'producteur@demo.fr' }, node: null });
      expect(body.errors).toEqual([
        expect.objectContaining({
          path: ['node'],
          extensions: { code: 'UPSTREAM_ERROR', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
        }),
      ]);
      const timedOut = body.extensions.restCalls.calls.find(
        (call: { path: string }) => call.path === '/api/companies?id[]=3&pagination=false',
      );
      expect(timedOut).toMatchObject({ method: 'GET', status: null });
      // The call is timed until the gateway gave up on it (REST_TIMEOUT_MS above).
      expect(timedOut.durationMs).toBeGreaterThan(250);
      expect(gateway.logger.entries).toContainEqual(
        expect.objectContaining({
          message: 'rest call failed',
          fields: expect.objectContaining({ kind: 'timeout' }),
        }),
      );
    } finally {
      release();
    }
  });

  it('an unreachable api gives UPSTREAM_ERROR', async () => {
    // No mock: nock refuses the connection as a network would.
    const { body } = await graphql(gateway, '{ viewer { email } }', {}, { cookies: session });
    expect(body.data.viewer).toBeNull();
    expect(body.errors[0].extensions.code).toBe('UPSTREAM_ERROR');
  });
});
