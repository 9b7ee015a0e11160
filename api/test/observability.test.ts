import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, login, type TestApi } from './helpers.ts';

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

describe('metrics', () => {
  const token = 'metrics-token-of-the-test';
  let measured: TestApi;
  beforeAll(async () => {
    measured = await createTestApi({ metricsToken: token });
  });
  afterAll(() => measured.close());

  const scrape = (app: TestApi, authorization?: string) =>
    app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('do not exist without METRICS_TOKEN, nor for who does not hold it', async () => {
    expect((await scrape(api, `Bearer ${token}`)).statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer wrong-token', token]) {
      const refused = await scrape(measured, authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('http_requests_total');
    }
  });

  it('count answers by route pattern and status, login failures, throttle refusals and the database pool', async () => {
    const session = await login(measured, 'producteur@demo.fr');
    const skip = await get(measured, '/api/skips/999999', session);
    expect(skip.statusCode).toBe(404);
    for (let i = 0; i < 2; i++) {
      const refused = await measured.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'producteur@demo.fr', password: 'Faux2026!secret' },
        remoteAddress: '10.9.0.2',
      });
      expect(refused.statusCode).toBe(401);
    }

    const answer = await scrape(measured, `Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    for (const line of [
      'http_requests_total{method="POST",route="/api/login",status="200"} 1',
      'http_requests_total{method="POST",route="/api/login",status="401"} 2',
      'http_requests_total{method="GET",route="/api/skips/:id",status="404"} 1',
      'portal_login_failures_total 2',
      'portal_db_pool_max_connections',
      'portal_db_pool_connections{state="idle"}',
      'portal_db_pool_waiting 0',
    ]) {
      expect(answer.body).toContain(line);
    }
    expect(answer.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/skips\/:id",status="404"\} 1/,
    );
  });

  it('count the refusals of each throttle', async () => {
    const resets = () =>
      measured.app.inject({
        method: 'POST',
        url: '/api/user/reset-password-email',
        payload: { email: 'transporteur@demo.fr' },
        remoteAddress: '10.9.0.3',
      });
    let status = 204;
    while (status !== 429) status = (await resets()).statusCode;
    await resets();
    const wrongLogin = () =>
      measured.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'chantier@demo.fr', password: 'Faux2026!secret' },
        remoteAddress: '10.9.0.4',
      });
    status = 401;
    while (status !== 429) status = (await wrongLogin()).statusCode;
    const text = (await scrape(measured, `Bearer ${token}`)).body;
    expect(text).toContain('portal_throttled_requests_total{throttle="password_reset"} 2');
    expect(text).toContain('portal_throttled_requests_total{throttle="login"} 1');
  });
});
