import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('says it is alive at /healthz and ready at /readyz while its database answers', async () => {
  const alive = await api.app.inject({ method: 'GET', url: '/healthz' });
  expect(alive.statusCode).toBe(200);
  expect(alive.json()).toEqual({ status: 'ok' });
  const ready = await api.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
});

it('is not ready while its database fails, and alive all the same', async () => {
  const query = api.db.query;
  api.db.query = () => Promise.reject(new Error('connection terminated'));
  try {
    const ready = await api.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect((await api.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  } finally {
    api.db.query = query;
  }
});
