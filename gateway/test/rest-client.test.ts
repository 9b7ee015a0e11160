import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathWithQuery, RestCallLog, RestClient } from '../src/rest/client.ts';
import { RestError } from '../src/rest/errors.ts';
import { pageOfLink, unwrapCollection } from '../src/rest/hydra.ts';
import { RestPool } from '../src/rest/pool.ts';
import { JSON_LD, PROBLEM, problem } from './fixtures.ts';
import { API, memoryLogger } from './helpers.ts';

const agent = new RestPool(1000);
afterAll(() => agent.close());
afterEach(() => {
  nock.cleanAll();
});

function client(baseUrl = API, token: string | null = 'tok') {
  return new RestClient({
    baseUrl,
    dispatcher: agent,
    timeoutMs: 1000,
    token,
    log: new RestCallLog(),
    logger: memoryLogger(),
  });
}

describe('hydra unwrapping', () => {
  it('gives members, total and the last page number of hydra:view', () => {
    const page = unwrapCollection<{ id: number }>({
      '@type': 'hydra:Collection',
      'hydra:member': [{ id: 1 }, { id: 2 }],
      'hydra:totalItems': 62,
      'hydra:view': {
        '@id': '/api/company_sites?typology=producer&page=2',
        'hydra:first': '/api/company_sites?typology=producer&page=1',
        'hydra:last': '/api/company_sites?typology=producer&page=4',
      },
    });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], totalItems: 62, lastPage: 4 });
  });

  it('says last page 1 when the collection is not paginated', () => {
    expect(unwrapCollection({ 'hydra:member': [], 'hydra:totalItems': 0 }).lastPage).toBe(1);
    expect(pageOfLink('/api/companies')).toBeNull();
  });

  it('refuses a body that is not a collection', () => {
    expect(() => unwrapCollection({ id: 3 })).toThrow(TypeError);
  });
});

describe('RestClient', () => {
  it('writes filters readably, with repeated id[] parameters', () => {
    expect(pathWithQuery('/api/companies', { 'id[]': [1, 2], pagination: false, 'order[name]': 'asc' })).toBe(
      '/api/companies?id[]=1&id[]=2&pagination=false&order[name]=asc',
    );
  });

  it('sends the bearer token and unwraps collections', async () => {
    nock(API)
      .get('/api/companies')
      .query({ 'id[]': ['1', '2'], pagination: 'false' })
      .matchHeader('authorization', 'Bearer tok')
      .reply(200, { 'hydra:member': [{ id: 1 }, { id: 2 }], 'hydra:totalItems': 2 }, JSON_LD);
    const rest = client();
    const page = await rest.getCollection('/api/companies', { 'id[]': [1, 2], pagination: false });
    expect(page.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rest.log.calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/companies?id[]=1&id[]=2&pagination=false',
        status: 200,
      }),
    ]);
  });

  it("gives a request's data stamp only when each of its calls came with the same one", async () => {
    const stamped = (stamp: string) => ({ ...JSON_LD, 'x-data-stamp': stamp });
    nock(API)
      .get('/api/a')
      .times(2)
      .reply(200, {}, stamped('7:2026-11-28'))
      .get('/api/b')
      .reply(200, {}, stamped('7:2026-11-28'))
      .get('/api/c')
      .reply(200, {}, stamped('8:2026-11-28'))
      .get('/api/d')
      .reply(200, {}, JSON_LD)
      .get('/api/e')
      .reply(404, problem(404, 'Introuvable'), { ...PROBLEM, 'x-data-stamp': '7:2026-11-28' });
    const rest = client();
    expect(rest.log.sharedDataStamp()).toBeNull();
    await rest.get('/api/a');
    await rest.get('/api/b');
    expect(rest.log.sharedDataStamp()).toBe('7:2026-11-28');
    // A write committed between two calls: the request's data straddles two stamps.
    const straddling = client();
    await straddling.get('/api/a');
    await straddling.get('/api/c');
    expect(straddling.log.sharedDataStamp()).toBeNull();
    // A route the stamp does not follow, and a refusal, keep the request's data from any stamp.
    const unstamped = client();
    await unstamped.get('/api/d');
    expect(unstamped.log.sharedDataStamp()).toBeNull();
    const refused = client();
    await refused.get('/api/e').catch(() => undefined);
    expect(refused.log.sharedDataStamp()).toBeNull();
  });

  it('sends PATCH bodies as merge-patch', async () => {
    const scope = nock(API)
      .patch('/api/users/1', { phone: null })
      .matchHeader('content-type', 'application/merge-patch+json')
      .reply(200, { id: 1 }, JSON_LD);
    await client().patch('/api/users/1', { phone: null });
    expect(scope.isDone()).toBe(true);
  });

  it("sends a write's idempotency key as the draft's structured-field string, any id made a valid one", async () => {
    const scope = nock(API)
      .post('/api/skips', { name: 'Benne' })
      .matchHeader('idempotency-key', '"6f1c9c1e-2f0b"')
      .reply(201, { id: 1 }, JSON_LD)
      .post('/api/skips')
      .matchHeader('idempotency-key', '"cl%C3%A9%20%22b%22"')
      .reply(201, { id: 2 }, JSON_LD);
    await client().post('/api/skips', { name: 'Benne' }, { idempotencyKey: '6f1c9c1e-2f0b' });
    await client().post('/api/skips', {}, { idempotencyKey: 'clé "b"' });
    expect(scope.isDone()).toBe(true);
  });

  it('turns a problem into a RestError with status, title, detail and violations', async () => {
    nock(API)
      .post('/api/user/1/reset-password')
      .reply(
        422,
        problem(422, 'Les données envoyées ne sont pas valides.', 'password: ...', {
          violations: [
            {
              propertyPath: 'password',
              message: 'Le mot de passe doit se composer de 8 caractères minimum',
              code: 'too_small',
            },
          ],
        }),
        PROBLEM,
      );
    const error = await client()
      .post('/api/user/1/reset-password', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      title: 'Les données envoyées ne sont pas valides.',
      violations: [{ propertyPath: 'password', code: 'too_small' }],
    });
  });
});

describe('connection resets', () => {
  let server: Server;
  let baseUrl: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      // The first request of each path finds its connection reset, as a kept-alive socket the server dropped.
      if (seen.filter((line) => line === `${req.method} ${req.url}`).length === 1) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('retries a GET once', async () => {
    const rest = client(baseUrl);
    await expect(rest.get('/api/users/me')).resolves.toEqual({ ok: true });
    expect(seen.filter((line) => line === 'GET /api/users/me')).toHaveLength(2);
    expect(rest.log.calls.map((call) => call.status)).toEqual([null, 200]);
  });

  it('never retries a write', async () => {
    const rest = client(baseUrl);
    const error = await rest.post('/api/logout').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(seen.filter((line) => line === 'POST /api/logout')).toHaveLength(1);
  });
});
