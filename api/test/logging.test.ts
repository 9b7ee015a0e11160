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
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

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
  expect(lines.filter((line) => line.reqId === requestId).length).toBeGreaterThanOrEqual(2);
});

it('echoes a well-formed incoming x-request-id and replaces anything else', async () => {
  const echoed = await api.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { 'x-request-id': 'gateway-1234abcd' },
  });
  expect(echoed.statusCode).toBe(401);
  expect(echoed.headers['x-request-id']).toBe('gateway-1234abcd');
  const replaced = await api.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { 'x-request-id': 'bad id with spaces\n' },
  });
  expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
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
