import { mkdirSync } from 'node:fs';
import type { IntrospectionObjectType, IntrospectionQuery } from 'graphql';
import nock from 'nock';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { graphiqlMessages } from '../src/graphiql.ts';
import { API, startTestGateway, type TestGateway, tempDir } from './helpers.ts';

const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const SCROLL_LOCK_STYLE_HASH = "'sha256-nzTgYzXYDNe6BAHiiI7NNlfK8n/auuOAhh2t92YvuXo='";
const PAGE = '<!doctype html><html lang="fr"><body><div id="root"></div><!-- explorateur --></body></html>';
const INDEX = '<!doctype html><html><body><div id="root"></div><!-- portal index --></body></html>';
const TOKEN = 'pat_0123456789abcdef';

const dist = tempDir('gateway-graphiql-dist-');
dist.write('index.html', INDEX);
dist.write('graphiql.html', PAGE);
mkdirSync(`${dist.path}/assets/graphiql`, { recursive: true });
dist.write('assets/graphiql/graphiql-Bx9fK2aQ.js', 'console.log("graphiql");');

let gateway: TestGateway;
beforeAll(async () => {
  // As `npm start` and the e2e stack run it: introspection closed on /graphql, and no tile server.
  gateway = await startTestGateway({ NODE_ENV: 'production', WEB_DIST_DIR: dist.path, MAP_TILE_URL: 'none' });
});
afterAll(async () => {
  await gateway.close();
  dist.remove();
});
afterEach(() => {
  nock.cleanAll();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await request(`${gateway.url}${path}`, { headers: { accept: 'text/html', ...headers } });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

/** A Content-Security-Policy header as its directives and their sources. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('the GraphQL explorer page', () => {
  it('is the built graphiql.html at /graphiql, revalidated, with the security headers and its own policy', async () => {
    for (const path of ['/graphiql', '/graphiql/']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.text).toBe(PAGE);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(directives(page.headers['content-security-policy'])).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", EMPTY_STYLE_HASH, SCROLL_LOCK_STYLE_HASH],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'font-src': ["'self'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
    }
  });

  it("leaves the app's pages their own stricter policy", async () => {
    const app = await get('/customer/Login');
    expect(app.text).toBe(INDEX);
    const policy = directives(app.headers['content-security-policy']);
    expect(policy['style-src']).toEqual(["'self'", EMPTY_STYLE_HASH]);
    expect(policy['img-src']).toEqual(["'self'"]);
  });

  it('serves its hashed files for a year, sends graphiql.html to /graphiql, and is not the app elsewhere', async () => {
    const asset = await get('/assets/graphiql/graphiql-Bx9fK2aQ.js', { accept: '*/*' });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const file = await get('/graphiql.html');
    expect(file.status).toBe(301);
    expect(file.headers.location).toBe('/graphiql');

    const other = await get('/graphiql/ailleurs');
    expect(other.status).toBe(404);
    expect(other.text).not.toBe(INDEX);
  });
});

describe('the schema of the explorer', () => {
  const schemaOf = async (path: string, authorization?: string) => {
    const response = await request(`${gateway.url}${path}`, {
      headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      // biome-ignore lint/suspicious/noExplicitAny: a problem or an introspection result
      body: (await response.body.json()) as any,
    };
  };
  const queryType = (introspection: IntrospectionQuery) =>
    introspection.__schema.types.find((type) => type.name === 'Query') as IntrospectionObjectType;
  const viewerDescription = (introspection: IntrospectionQuery) =>
    queryType(introspection).fields.find((field) => field.name === 'viewer')?.description;

  it('needs a token, and says so in French', async () => {
    const answer = await schemaOf('/graphiql/schema');
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    expect(answer.body).toMatchObject({ status: 401, title: graphiqlMessages.tokenRequired });
  });

  it('refuses, in French, a token the api does not know', async () => {
    const me = nock(API, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .get('/api/users/me')
      .reply(401, { title: 'Unauthorized', status: 401 }, { 'content-type': 'application/problem+json' });
    const answer = await schemaOf('/graphiql/schema', `Bearer ${TOKEN}`);
    expect(me.isDone()).toBe(true);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: 401, title: graphiqlMessages.tokenRefused });
  });

  it('gives a token holder the schema with French descriptions, or English ones, and keeps it from caches', async () => {
    nock(API, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .get('/api/users/me')
      .times(2)
      .reply(200, { '@id': '/api/users/7', id: 7, email: 'script@demo.fr' });
    const french = await schemaOf('/graphiql/schema', `Bearer ${TOKEN}`);
    expect(french.status).toBe(200);
    expect(french.headers['cache-control']).toBe('no-store');
    expect(french.headers['content-type']).toMatch(/^application\/json/);
    expect(queryType(french.body.data).name).toBe('Query');
    expect(viewerDescription(french.body.data)).toMatch(/^L'utilisateur connecté/);

    const english = await schemaOf('/graphiql/schema?lang=en', `Bearer ${TOKEN}`);
    expect(english.status).toBe(200);
    expect(viewerDescription(english.body.data)).toBe(
      'The signed-in user; null when the request carries no session.',
    );
  });

  it('answers 502 when the api cannot check the token', async () => {
    nock(API).get('/api/users/me').reply(500, { title: 'Boom', status: 500 });
    const answer = await schemaOf('/graphiql/schema', `Bearer ${TOKEN}`);
    expect(answer.status).toBe(502);
  });
});
