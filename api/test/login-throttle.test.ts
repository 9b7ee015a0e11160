import { messages } from '@portal/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/index.ts';
import { createTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
// Each test starts after everything the throttle remembers (failures, known addresses) has been forgotten.
beforeEach(() => api.clock.advance(60 * 24 * 3_600_000));

const MINUTE = 60_000;

const attempt = (email: string, password: string, address: string, forwardedFor?: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: address,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
const wrong = (email: string, address: string) => attempt(email, 'Mauvais2026!', address);
const right = (email: string, address: string) => attempt(email, DEMO_PASSWORD, address);

async function expectRefused(
  response: Awaited<ReturnType<typeof attempt>>,
  retryAfterSeconds?: number,
): Promise<void> {
  expect(response.statusCode).toBe(429);
  expect(response.json().title).toBe(messages.tooManyAttempts);
  if (retryAfterSeconds !== undefined)
    expect(Number(response.headers['retry-after'])).toBe(retryAfterSeconds);
}

describe('an attacked account', () => {
  it('never refuses the right password from an address that has not failed, whatever others did', async () => {
    const email = 'prestataire@demo.fr';
    for (let i = 0; i < 30; i++) expect((await wrong(email, `10.0.2.${i}`)).statusCode).toBe(401);
    const owner = await right(email, '10.0.2.99');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().userId).toBe(api.demo?.userIds[email]);
  });

  it('slows the addresses that failed with growing delays, never faster than 5 tries per 15 minutes', async () => {
    const email = 'transporteur@demo.fr';
    for (let i = 0; i < 5; i++) expect((await wrong(email, '10.0.3.1')).statusCode).toBe(401);
    // Refused before the password is looked at: even the right one waits.
    await expectRefused(await right(email, '10.0.3.1'), 15 * 60);
    api.clock.advance(15 * MINUTE - 1000);
    await expectRefused(await wrong(email, '10.0.3.1'), 1);
    api.clock.advance(1000);
    expect((await wrong(email, '10.0.3.1')).statusCode).toBe(401);
    await expectRefused(await wrong(email, '10.0.3.1'), 30 * 60);
    api.clock.advance(30 * MINUTE);
    expect((await wrong(email, '10.0.3.1')).statusCode).toBe(401);
    await expectRefused(await wrong(email, '10.0.3.1'), 60 * 60);
    api.clock.advance(60 * MINUTE);
    expect((await right(email, '10.0.3.1')).statusCode).toBe(200);
  });

  it("makes the addresses that failed share the account's delay, so that more addresses buy no more tries", async () => {
    const email = 'chantier@demo.fr';
    for (let i = 0; i < 5; i++) expect((await wrong(email, `10.0.4.${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) await expectRefused(await wrong(email, `10.0.4.${i}`), 15 * 60);
    // A new address is tried, once; its failure lengthens the account's delay.
    expect((await wrong(email, '10.0.4.50')).statusCode).toBe(401);
    await expectRefused(await wrong(email, '10.0.4.50'), 30 * 60);
    await expectRefused(await right(email, '10.0.4.0'), 30 * 60);
    expect((await right(email, '10.0.4.99')).statusCode).toBe(200);
  });

  it('holds an address where the owner signed in only by its own failures', async () => {
    const email = 'producteur@demo.fr';
    expect((await right(email, '10.0.5.1')).statusCode).toBe(200);
    expect((await wrong(email, '10.0.5.1')).statusCode).toBe(401);
    for (let i = 0; i < 12; i++) expect((await wrong(email, `10.0.5.${100 + i}`)).statusCode).toBe(401);
    for (let i = 0; i < 12; i++) await expectRefused(await wrong(email, `10.0.5.${100 + i}`));
    expect((await right(email, '10.0.5.1')).statusCode).toBe(200);
    // Its own failures slow it down like any address's.
    for (let i = 0; i < 5; i++) expect((await wrong(email, '10.0.5.1')).statusCode).toBe(401);
    await expectRefused(await right(email, '10.0.5.1'), 15 * 60);
  });

  it('forgets, on success, the failures of the address that succeeded and no other', async () => {
    const email = 'prestataire@demo.fr';
    const ownerRound = async () => {
      for (let i = 0; i < 4; i++) expect((await wrong(email, '10.0.6.1')).statusCode).toBe(401);
      expect((await right(email, '10.0.6.1')).statusCode).toBe(200);
    };
    await ownerRound();
    for (let i = 0; i < 5; i++) expect((await wrong(email, '10.0.6.2')).statusCode).toBe(401);
    await ownerRound();
    await expectRefused(await right(email, '10.0.6.2'), 15 * 60);
  });

  it('counts tries as they start, so that a burst gets no more than the tries allowed', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => wrong('rafale@demo.fr', '10.0.7.1')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});

describe('an address', () => {
  it('is refused after 20 failures in 15 minutes, whatever the accounts, and only that address', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await wrong(`inconnu${i}@demo.fr`, '203.0.113.7')).statusCode).toBe(401);
    }
    await expectRefused(await right('producteur@demo.fr', '203.0.113.7'), 15 * 60);
    expect((await right('producteur@demo.fr', '203.0.113.8')).statusCode).toBe(200);
    api.clock.advance(15 * MINUTE);
    expect((await right('producteur@demo.fr', '203.0.113.7')).statusCode).toBe(200);
  });

  it('is an IPv6 client by its /64, which one machine holds whole', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await wrong(`inconnu${i}@demo.fr`, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
    }
    await expectRefused(await right('producteur@demo.fr', '2001:db8:1:2:abcd::99'));
    expect((await right('producteur@demo.fr', '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});
