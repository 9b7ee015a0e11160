import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/index.ts';
import { createTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const failedLogin = (address: string, forwardedFor: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'inconnu@demo.fr', password: 'Mauvais2026!' },
    remoteAddress: address,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('the client address', () => {
  const lastFailureAddress = async () =>
    (
      await api.db.one<{ address: string }>(
        'select address from login_failures order by failed_at desc, id desc limit 1',
      )
    ).address;

  it("is the trusted gateway's last X-Forwarded-For entry, never one further left", async () => {
    await failedLogin('127.0.0.1', '203.0.113.9');
    expect(await lastFailureAddress()).toBe('203.0.113.9');
    // A chain whose last hop looks like a gateway: what lies further left is whatever the client wrote.
    await failedLogin('127.0.0.1', '203.0.113.10, 127.0.0.1');
    expect(await lastFailureAddress()).toBe('127.0.0.1');
  });

  it('is the peer itself when the peer is not a trusted gateway', async () => {
    await failedLogin('198.51.100.1', '203.0.113.11');
    expect(await lastFailureAddress()).toBe('198.51.100.1');
  });

  it('is told only by the gateways TRUST_PROXY names; trusting everyone is refused', () => {
    const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)('127.0.0.1', 0)).toBe(true);
    expect(trust(undefined)('::ffff:127.0.0.1', 0)).toBe(true);
    expect(trust(undefined)('127.0.0.1', 1)).toBe(false);
    expect(trust(undefined)('10.0.0.5', 0)).toBe(false);
    const named = trust('10.0.0.5, fd00::/8');
    expect(named('10.0.0.5', 0)).toBe(true);
    expect(named('fd00::12', 0)).toBe(true);
    expect(named('127.0.0.1', 0)).toBe(false);
    expect(trust('none')('127.0.0.1', 0)).toBe(false);
    for (const value of ['true', '1', '*', '10.0.0.0/40', 'passerelle']) {
      expect(() => trust(value), value).toThrow(/TRUST_PROXY must list proxy addresses/);
    }
  });
});
