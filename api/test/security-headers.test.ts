import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, postJson, type TestApi } from './helpers.ts';
import { loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/** helmet's headers on every answer of the api, and no cache for any of them. */

let api: TestApi;
let w: SkipWorld;
beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function expectHardened(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  // HSTS is the gateway's, where browsers arrive.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('the headers of the api', () => {
  it('are nosniff and no-store on the login, on authenticated reads, and on refusals', async () => {
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'producteur@demo.fr', password: 'Portail2026!' },
    });
    expect(login.statusCode).toBe(200);
    const answers = [
      login,
      await get(api, '/api/users/me', w.producer),
      await get(api, '/api/company_sites', w.producer),
      await get(api, `/api/company_sites/${w.ownSiteIds[0]}`, w.producer),
      await get(api, '/api/users/me'),
      await get(api, '/api/no_such_route', w.producer),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
    for (const answer of answers) expectHardened(answer);
  });

  it('keep an incident photo out of every cache, whatever the route says', async () => {
    const skip = await postJson(api, '/api/skips', w.producer, {
      name: 'Benne en-têtes',
      companySite: w.ownSiteIds[0],
      provider: w.providerSiteId,
    });
    const form = new FormData();
    form.append('skip', `/api/skips/${skip.json<{ id: number }>().id}`);
    form.append('description', 'Benne abîmée');
    form.append('photos', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'benne.png');
    const incident = await api.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: { authorization: `Bearer ${w.producer.token}` },
      payload: form,
    });
    expect(incident.statusCode, incident.body).toBe(201);
    expectHardened(incident);
    const [photo] = incident.json<{ photos: { contentUrl: string }[] }>().photos;
    const download = await get(api, photo?.contentUrl ?? '', w.producer);
    expect(download.statusCode).toBe(200);
    expectHardened(download);
  });
});

describe('compression of answers', () => {
  const asking = (url: string, encoding: string | undefined, token = w.producer.token) =>
    api.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('compresses a large answer for a client that accepts it, and sends it plain to one that does not', async () => {
    const plain = await asking('/api/company_sites?pagination=false', undefined);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await asking('/api/company_sites?pagination=false', 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await asking('/api/company_sites?pagination=false', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const me = await asking('/api/users/me', 'gzip');
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
  });

  it('stores a keyed write before compressing it: its replay is the same answer', async () => {
    const write = (encoding: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/skips',
        headers: {
          authorization: `Bearer ${w.producer.token}`,
          'content-type': 'application/json',
          'idempotency-key': 'compression-replay-1',
          'accept-encoding': encoding,
        },
        payload: { name: 'Benne compressée', companySite: w.ownSiteIds[0], provider: w.providerSiteId },
      });
    const first = await write('gzip');
    expect(first.statusCode, first.body).toBe(201);
    const firstBody =
      first.headers['content-encoding'] === 'gzip' ? gunzipSync(first.rawPayload).toString() : first.body;
    const replay = await write('identity');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(replay.body)).toEqual(JSON.parse(firstBody));
  });
});
