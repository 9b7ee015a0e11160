import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/index.ts';
import { createTestApi, get, login, readMails, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ logLevel: 'trace' });
});
afterAll(() => api.close());

it('never logs a session token, a password or a reset token, and tags every line with the request id', async () => {
  const newPassword = 'Journal2026!secret';
  const session = await login(api, 'producteur@demo.fr');
  await api.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'producteur@demo.fr', password: 'Faux2026!secret' },
  });
  const me = await get(api, '/api/users/me', session);
  expect(me.statusCode).toBe(200);
  const requestId = me.headers['x-request-id'] as string;
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);

  await api.app.inject({
    method: 'POST',
    url: '/api/user/reset-password-email',
    payload: { email: 'producteur@demo.fr' },
  });
  const [mail] = await readMails(api.dataDir);
  const [, id, resetToken] = /Resetpassword\?id=(\d+)&token=([A-Za-z0-9_-]+)/.exec(mail ?? '') ?? [];
  const reset = await api.app.inject({
    method: 'POST',
    url: `/api/user/${id}/reset-password`,
    payload: { token: resetToken, password: newPassword, confirmPassword: newPassword },
  });
  expect(reset.statusCode).toBe(204);
  await api.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: { authorization: `Bearer ${session.token}` },
  });

  const logs = api.logs.join('\n');
  expect(api.logs.length).toBeGreaterThan(10);
  expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  for (const secret of [session.token, resetToken as string, DEMO_PASSWORD, 'Faux2026!secret', newPassword]) {
    expect(logs).not.toContain(secret);
  }
  const lines = api.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.filter((line) => line.requestId === requestId).length).toBeGreaterThanOrEqual(2);
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

it("takes the request id from the caller's traceparent, in its answer, its problem and each of its log lines", async () => {
  const refused = await api.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
  });
  expect(refused.statusCode).toBe(401);
  expect(refused.headers['x-request-id']).toBe(TRACE_ID);
  expect(refused.json().requestId).toBe(TRACE_ID);
  const lines = api.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
  const ofRequest = lines.filter((line) => line.requestId === TRACE_ID);
  expect(ofRequest.map((line) => line.msg)).toEqual(
    expect.arrayContaining(['incoming request', 'request refused', 'request completed']),
  );
});

it('starts a new request id without a valid traceparent, whatever x-request-id says', async () => {
  for (const headers of [
    {},
    { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` },
    { traceparent: 'bad id with spaces' },
    { 'x-request-id': 'gateway-1234abcd' },
  ]) {
    const response = await api.app.inject({ method: 'GET', url: '/api/nowhere', headers });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(response.headers['x-request-id']).not.toBe('0'.repeat(32));
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
  }
});

it('redacts secret fields wherever a log call puts them', () => {
  api.app.log.info(
    { password: 'p1-hidden', nested: { token: 't1-hidden', deeper: { confirmPassword: 'c1-hidden' } } },
    'redaction check',
  );
  const line = api.logs.find((entry) => entry.includes('redaction check')) ?? '';
  expect(line).toContain('[redacted]');
  for (const secret of ['p1-hidden', 't1-hidden', 'c1-hidden']) expect(line).not.toContain(secret);
});
