import { mkdirSync } from 'node:fs';
import nock from 'nock';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { contentSecurityPolicy } from '../src/security-headers.ts';
import { API, post, REMOTE_HOST, startTestGateway, type TestGateway, tempDir } from './helpers.ts';

const COOKIE = `${SESSION_COOKIE}=tok-1; ${USER_ID_COOKIE}=1`;
const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

const dist = tempDir('gateway-headers-dist-');
dist.write('index.html', '<!doctype html><html><body><div id="root"></div></body></html>');
dist.write('sw.js', 'self.addEventListener("fetch", () => {});');
dist.write('manifest.webmanifest', '{"name":"Portail déchets"}');
mkdirSync(`${dist.path}/assets`);
dist.write('assets/index-Bx9fK2aQ.js', 'console.log("portal");');

let gateway: TestGateway;
let development: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ NODE_ENV: 'production', WEB_DIST_DIR: dist.path });
  development = await startTestGateway({ NODE_ENV: 'development', WEB_DIST_DIR: dist.path });
});
afterAll(async () => {
  await gateway.close();
  await development.close();
  dist.remove();
});
afterEach(() => {
  nock.cleanAll();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers: { accept: 'text/html', ...headers } });
  await response.body.text();
  return response;
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

describe('the headers of the web app', () => {
  it('carry a strict Content-Security-Policy, DENY framing, nosniff and a referrer policy', async () => {
    for (const path of [
      '/',
      '/customer/Login',
      '/assets/index-Bx9fK2aQ.js',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      const response = await get(`${gateway.url}${path}`, { accept: '*/*' });
      expect(response.statusCode).toBe(200);
      expect(directives(response.headers['content-security-policy'])).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", EMPTY_STYLE_HASH],
        'img-src': ["'self'", 'data:', 'https://tile.openstreetmap.org'],
        'connect-src': ["'self'"],
        'font-src': ["'self'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('keeps the app files cached as before: assets for a year, the rest revalidated', async () => {
    expect((await get(`${gateway.url}/assets/index-Bx9fK2aQ.js`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/sw.js']) {
      expect((await get(`${gateway.url}${path}`)).headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends HSTS only when the browser came over HTTPS', async () => {
    expect((await get(`${gateway.url}/`)).headers['strict-transport-security']).toBeUndefined();
    expect((await get(`${gateway.url}/`, { host: REMOTE_HOST })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const plain = await startTestGateway({ COOKIE_SECURE: 'false', WEB_DIST_DIR: dist.path });
    try {
      const response = await get(`${plain.url}/`, { host: REMOTE_HOST });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('the headers of the graph, /auth/token and the files', () => {
  it('are nosniff and no-store', async () => {
    const graph = await post(`${gateway.url}/graphql`, { query: '{ viewer { email } }' });
    const token = await post(`${gateway.url}/auth/token`, { email: 'script@demo.fr' });
    expect(token.status).toBe(400);
    for (const { headers } of [graph, token]) {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answer the graph in compact JSON, no indentation to parse or send', async () => {
    // The development gateway takes a document of its own; the production one only persisted queries.
    const response = await request(`${development.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { email } }' }),
    });
    const text = await response.body.text();
    expect(JSON.parse(text)).toMatchObject({ data: { viewer: null } });
    expect(text).not.toMatch(/\n|": /);
  });

  it('make a file no-store whatever the api says of its caching', async () => {
    nock(API).get('/api/incident_photos/4/download').reply(200, Buffer.from('photo'), {
      'content-type': 'image/png',
      'cache-control': 'private, max-age=3600',
    });
    const photo = await get(`${gateway.url}/files/incident_photos/4`, { cookie: COOKIE });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('no-store');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
  });

  it("leave Apollo's landing page of development its scripts, and no other page", async () => {
    const landing = await get(`${development.url}/graphql`);
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-security-policy']).toBeUndefined();
    expect(landing.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(`${development.url}/`)).headers['content-security-policy']).toBeDefined();
  });
});

describe('the map tiles in the policy', () => {
  const imgSrc = (env: Record<string, string>) => contentSecurityPolicy(loadConfig(env).mapTiles)['img-src'];

  it('allows exactly the origins MAP_TILE_URL expands to', () => {
    expect(imgSrc({ MAP_TILE_URL: 'https://{s}.tile.example.fr/osm/{z}/{x}/{y}{r}.png' })).toEqual([
      "'self'",
      'data:',
      'https://a.tile.example.fr',
      'https://b.tile.example.fr',
      'https://c.tile.example.fr',
    ]);
    expect(imgSrc({ MAP_TILE_URL: 'https://tiles.example.fr:8443/{z}/{x}/{y}.png' })).toEqual([
      "'self'",
      'data:',
      'https://tiles.example.fr:8443',
    ]);
    expect(imgSrc({ MAP_TILE_URL: 'none' })).toEqual(["'self'"]);
  });

  it('refuses at start a tile server whose address varies otherwise than by {s}', async () => {
    await expect(
      startTestGateway({ MAP_TILE_URL: 'https://tiles-{z}.example.fr/{z}/{x}/{y}.png' }),
    ).rejects.toThrow(/MAP_TILE_URL may vary its server's address by \{s\} only/);
  });
});
