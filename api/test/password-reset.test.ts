import { messages } from '@portal/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/index.ts';
import { createTestApi, get, login, readMails, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
// Each test asks for its links after the requests of the others have left the throttle's hour.
beforeEach(() => api.clock.advance(61 * 60_000));

const requestReset = (email: string, address = '127.0.0.1') =>
  api.app.inject({
    method: 'POST',
    url: '/api/user/reset-password-email',
    payload: { email },
    remoteAddress: address,
  });

const resetPassword = (userId: number | string, body: Record<string, unknown>) =>
  api.app.inject({ method: 'POST', url: `/api/user/${userId}/reset-password`, payload: body });

/** Requests a reset mail and returns the link it carries, as the user would click it. */
async function resetLinkFor(
  email: string,
  address?: string,
): Promise<{ id: number; token: string; mail: string }> {
  const before = (await readMails(api.dataDir)).length;
  const response = await requestReset(email, address);
  expect(response.statusCode).toBe(204);
  const mails = await readMails(api.dataDir);
  expect(mails).toHaveLength(before + 1);
  const mail = mails[mails.length - 1] as string;
  const match = /http:\/\/portail\.test\/customer\/Resetpassword\?id=(\d+)&token=([A-Za-z0-9_-]+)/.exec(mail);
  if (match === null) throw new Error(`no reset link in mail:\n${mail}`);
  return { id: Number(match[1]), token: match[2] as string, mail };
}

describe('POST /api/user/reset-password-email', () => {
  it('answers 404 with the French message for an unknown e-mail', async () => {
    const response = await requestReset('inconnu@demo.fr');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ title: messages.unknownAccount, status: 404 });
  });

  it('answers 422 for a malformed e-mail', async () => {
    const response = await requestReset('pas-une-adresse');
    expect(response.statusCode).toBe(422);
    expect(response.json().violations[0]).toMatchObject({
      propertyPath: 'email',
      message: messages.invalidEmail,
    });
  });

  it('writes a French mail with the link and its one-hour validity, and logs where the mail is, not the link', async () => {
    const { id, token, mail } = await resetLinkFor('producteur@demo.fr');
    expect(id).toBe(api.demo?.userIds['producteur@demo.fr']);
    expect(mail).toMatch(/^To: producteur@demo\.fr$/m);
    expect(mail).toContain('Subject: =?UTF-8?');
    expect(mail).toContain('Bonjour Claire Martin,');
    expect(mail).toContain('Ce lien est valable une heure');
    const logged = api.logs.filter((line) => line.includes('password-reset mail written to a file'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] as string).mailFile).toMatch(/\.eml$/);
    expect(api.logs.join('\n')).not.toContain(token);
    const stored = await api.db.query<{ tokenHash: string }>(
      'select token_hash as "tokenHash" from password_reset_tokens where user_id = $1',
      [id],
    );
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
  });
});

describe('POST /api/user/reset-password-email, asked too often', () => {
  const expectRefused = (response: Awaited<ReturnType<typeof requestReset>>, retryAfterSeconds: number) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ status: 429, title: messages.tooManyResetRequests });
    expect(Number(response.headers['retry-after'])).toBe(retryAfterSeconds);
  };

  it('refuses an address after 10 requests an hour, so that it cannot scan for accounts', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await requestReset(`inconnu${i}@demo.fr`, '203.0.113.20');
      expect(response.statusCode).toBe(404);
      expect(response.json().title).toBe(messages.unknownAccount);
    }
    const mails = (await readMails(api.dataDir)).length;
    expectRefused(await requestReset('producteur@demo.fr', '203.0.113.20'), 60 * 60);
    expectRefused(await requestReset('inconnu99@demo.fr', '203.0.113.20'), 60 * 60);
    expect(await readMails(api.dataDir)).toHaveLength(mails);
    // The same scan from the addresses of one IPv6 machine is one client.
    for (let i = 0; i < 10; i++) await requestReset(`inconnu${i}@demo.fr`, `2001:db8:5:6::${i + 1}`);
    expectRefused(await requestReset('inconnu99@demo.fr', '2001:db8:5:6::99'), 60 * 60);
    expect((await requestReset('inconnu99@demo.fr', '203.0.113.21')).statusCode).toBe(404);
    api.clock.advance(60 * 60_000);
    expect((await requestReset('inconnu99@demo.fr', '203.0.113.20')).statusCode).toBe(404);
  });

  it('sends an e-mail at most 5 links an hour, whatever the addresses, and keeps the last one valid', async () => {
    let last = { id: 0, token: '' };
    for (let i = 0; i < 5; i++) {
      api.clock.advance(60_000);
      last = await resetLinkFor('chantier@demo.fr', `198.51.100.${30 + i}`);
    }
    const mails = (await readMails(api.dataDir)).length;
    expectRefused(await requestReset('Chantier@Demo.fr', '198.51.100.40'), 56 * 60);
    expect(await readMails(api.dataDir)).toHaveLength(mails);
    const body = { token: last.token, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD };
    expect((await resetPassword(last.id, body)).statusCode).toBe(204);
  });

  it('counts only well-formed requests', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await requestReset('pas-une-adresse', '203.0.113.22')).statusCode).toBe(422);
    }
    expect((await requestReset('inconnu@demo.fr', '203.0.113.22')).statusCode).toBe(404);
  });
});

describe('POST /api/user/{id}/reset-password', () => {
  it.each([
    [{}, 'password', messages.passwordRequired],
    [{ password: '', confirmPassword: '' }, 'password', messages.passwordEmpty],
    [{ password: 'Ab1!', confirmPassword: 'Ab1!' }, 'password', messages.passwordTooShort],
    [{ password: 'abcdefgh1!', confirmPassword: 'abcdefgh1!' }, 'password', messages.passwordFormat],
    [{ password: 'ABCDEFGH1!', confirmPassword: 'ABCDEFGH1!' }, 'password', messages.passwordFormat],
    [{ password: 'Abcdefghij!', confirmPassword: 'Abcdefghij!' }, 'password', messages.passwordFormat],
    [{ password: 'Abcdefgh12', confirmPassword: 'Abcdefgh12' }, 'password', messages.passwordFormat],
    [{ password: 'Nouveau2026!' }, 'confirmPassword', messages.passwordConfirmEmpty],
    [
      { password: 'Nouveau2026!', confirmPassword: 'Nouveau2026?' },
      'confirmPassword',
      messages.passwordMismatch,
    ],
  ])('refuses %j with the message of the rule, without spending the token', async (body, path, message) => {
    const { id, token } = await resetLinkFor('chantier@demo.fr');
    const response = await resetPassword(id, { token, ...body });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual(
      expect.objectContaining({ propertyPath: path, message }),
    );
    // The token is still good: the user fixes the password and submits again.
    const retry = await resetPassword(id, { token, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD });
    expect(retry.statusCode).toBe(204);
  });

  it('changes the password once, revokes every session, and refuses the link afterwards', async () => {
    const session = await login(api, 'prestataire@demo.fr');
    const { id, token } = await resetLinkFor('prestataire@demo.fr');
    const newPassword = 'Nouveau2026!';
    const response = await resetPassword(id, { token, password: newPassword, confirmPassword: newPassword });
    expect(response.statusCode).toBe(204);
    expect((await get(api, '/api/users/me', session)).statusCode).toBe(401);
    await expect(login(api, 'prestataire@demo.fr')).rejects.toThrow(/401/);
    await login(api, 'prestataire@demo.fr', newPassword);

    const again = await resetPassword(id, { token, password: 'Encore2026!', confirmPassword: 'Encore2026!' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ status: 410, title: messages.resetLinkExpired });
  });

  it('refuses a link older than one hour', async () => {
    const { id, token } = await resetLinkFor('transporteur@demo.fr');
    api.clock.advance(60 * 60_000);
    const response = await resetPassword(id, {
      token,
      password: 'Nouveau2026!',
      confirmPassword: 'Nouveau2026!',
    });
    expect(response.statusCode).toBe(410);
    expect(response.json().title).toBe(messages.resetLinkExpired);
  });

  it('refuses an unknown token, a token of another user, and a link superseded by a newer one', async () => {
    const body = { password: 'Nouveau2026!', confirmPassword: 'Nouveau2026!' };
    const first = await resetLinkFor('transporteur@demo.fr');
    const otherId = api.demo?.userIds['producteur@demo.fr'] as number;
    expect((await resetPassword(first.id, { ...body, token: 'x'.repeat(43) })).statusCode).toBe(410);
    expect((await resetPassword(otherId, { ...body, token: first.token })).statusCode).toBe(410);
    expect((await resetPassword('abc', { ...body, token: first.token })).statusCode).toBe(410);
    const second = await resetLinkFor('transporteur@demo.fr');
    expect((await resetPassword(first.id, { ...body, token: first.token })).statusCode).toBe(410);
    expect((await resetPassword(second.id, { ...body, token: second.token })).statusCode).toBe(204);
  });

  it('answers 422 when the token is missing', async () => {
    const response = await resetPassword(1, { password: 'Nouveau2026!', confirmPassword: 'Nouveau2026!' });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'token', message: messages.required }),
    ]);
  });
});
