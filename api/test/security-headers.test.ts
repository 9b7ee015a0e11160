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
