import nock from 'nock';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { JSON_LD, userItem } from './fixtures.ts';
import { API, post, startTestGateway, type TestGateway, tempDir } from './helpers.ts';

const VIEWER_ID = 'a1b2c3d4e5f6';
const VIEWER_TEXT = 'query ViewerEmail { viewer { email } }';
const session = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const bearer = { authorization: 'Bearer script-token' };

const dir = tempDir('gateway-persisted-');
const persistedFile = dir.write('persisted-queries.json', JSON.stringify({ [VIEWER_ID]: VIEWER_TEXT }));

let production: TestGateway;
let development: TestGateway;
let test: TestGateway;
beforeAll(async () => {
  production = await startTestGateway({ NODE_ENV: 'production', PERSISTED_QUERIES_FILE: persistedFile });
  development = await startTestGateway({ NODE_ENV: 'development', PERSISTED_QUERIES_FILE: persistedFile });
  test = await startTestGateway({ NODE_ENV: 'test', PERSISTED_QUERIES_FILE: persistedFile });
});
afterAll(async () => {
  await production.close();
  await development.close();
  await test.close();
  dir.remove();
});
afterEach(() => {
  nock.cleanAll();
});

describe('persisted queries', () => {
  it('runs a known id from a cookie session in production (doc_id, id and documentId)', async () => {
    nock(API).get('/api/users/1').times(3).reply(200, userItem(), JSON_LD);
    for (const field of ['doc_id', 'id', 'documentId']) {
      const { status, body } = await post(
        `${production.url}/graphql`,
        { [field]: VIEWER_ID, variables: {} },
        { cookies: session },
      );
      expect(status).toBe(200);
      expect(body.data).toEqual({ viewer: { email: 'producteur@demo.fr' } });
    }
  });

  it('runs a known id sent with GET', async () => {
    nock(API).get('/api/users/1').reply(200, userItem(), JSON_LD);
    const response = await request(`${production.url}/graphql?doc_id=${VIEWER_ID}&variables=%7B%7D`, {
      headers: { 'apollo-require-preflight': 'true', cookie: `${SESSION_COOKIE}=tok-1; ${USER_ID_COOKIE}=1` },
    });
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toMatchObject({ data: { viewer: { email: 'producteur@demo.fr' } } });
  });

  it('answers a malformed JSON body with a GraphQL error', async () => {
    const response = await request(`${production.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"doc_id": ',
    });
    expect(response.statusCode).toBe(400);
    expect(await response.body.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('refuses an unknown id with 400 PERSISTED_QUERY_NOT_FOUND', async () => {
    const { status, body } = await post(
      `${production.url}/graphql`,
      { doc_id: 'unknown', variables: {} },
      { cookies: session },
    );
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses a raw query from a cookie session or an anonymous caller in production', async () => {
    for (const options of [{ cookies: session }, {}]) {
      const { status, body } = await post(`${production.url}/graphql`, { query: VIEWER_TEXT }, options);
      expect(status).toBe(400);
      expect(body.errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
    }
  });

  it('accepts a raw query with a bearer token in production', async () => {
    nock(API).get('/api/users/me').reply(200, userItem(), JSON_LD);
    const { status, body } = await post(
      `${production.url}/graphql`,
      { query: VIEWER_TEXT },
      { headers: bearer },
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ viewer: { email: 'producteur@demo.fr' } });
  });

  it('accepts raw queries from a cookie session outside production', async () => {
    nock(API).get('/api/users/1').reply(200, userItem(), JSON_LD);
    const { body } = await post(`${development.url}/graphql`, { query: VIEWER_TEXT }, { cookies: session });
    expect(body.data).toEqual({ viewer: { email: 'producteur@demo.fr' } });
  });

  it('refuses introspection in production, allows it in development', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    const refused = await post(`${production.url}/graphql`, { query: introspection }, { headers: bearer });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/introspection is not allowed/i);

    const allowed = await post(`${development.url}/graphql`, { query: introspection });
    expect(allowed.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('suggests no field names outside development, however the document is refused', async () => {
    const misspelt = [
      // The guard's validation of a raw document: a field, an input field, an enum value.
      { query: '{ viewr { id } }' },
      { query: '{ viewer { operations(filter: { statuse: [REQUESTED] }) { totalCount } } }' },
      { query: '{ viewer { operations(filter: { statuses: [REQUESTE] }) { totalCount } } }' },
      // Apollo's coercion of the variables.
      {
        query: 'query Q($f: OperationFilter) { viewer { operations(filter: $f) { totalCount } } }',
        variables: { f: { statuses: ['REQUESTE'] } },
      },
    ];
    for (const gateway of [production, test]) {
      for (const body of misspelt) {
        const answer = await post(`${gateway.url}/graphql`, body, { headers: bearer });
        expect(answer.status).toBe(400);
        expect(JSON.stringify(answer.body.errors)).not.toMatch(/did you mean/i);
      }
    }
    const developer = await post(`${development.url}/graphql`, misspelt[0] as object, { headers: bearer });
    expect(developer.body.errors[0].message).toMatch(/Did you mean "viewer"\?/);
  });

  it('keeps CSRF prevention: a simple (text/plain) request is refused', async () => {
    const { status, body } = await post(
      `${development.url}/graphql`,
      { query: '{ viewer { email } }' },
      {
        headers: { 'content-type': 'text/plain' },
      },
    );
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
  });
});
