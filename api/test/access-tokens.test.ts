import { MAX_ACCESS_TOKENS, messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, login, mergePatch, postJson, type Session, type TestApi } from './helpers.ts';

/** Personal access tokens: shown once, hashed, used by scripts, read-only when asked, revoked, expired. */

let api: TestApi;
let producer: Session;
beforeAll(async () => {
  api = await createTestApi();
  producer = await login(api, 'producteur@demo.fr');
});
afterAll(() => api.close());

const TOKENS = '/api/users/me/access_tokens';
const asToken = (token: string): Session => ({ token, userId: producer.userId });

async function create(body: Record<string, unknown>) {
  const response = await postJson(api, TOKENS, producer, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string; accessToken: { id: number; name: string; readOnly: boolean } }>();
}

describe('personal access tokens', () => {
  it('is shown once, kept as a hash, and lets a script read as its user', async () => {
    const { token, accessToken } = await create({
      name: 'Export mensuel',
      expiresInDays: 90,
      readOnly: true,
    });
    expect(token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(accessToken).toMatchObject({ name: 'Export mensuel', readOnly: true });
    const stored = await api.db.one<{ token_hash: string }>(
      'select token_hash from personal_access_tokens where id = $1',
      [accessToken.id],
    );
    expect(stored.token_hash).not.toContain(token.slice(4));

    const me = await get(api, '/api/users/me', asToken(token));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: producer.userId });
    const list = (await get(api, TOKENS, producer)).json<{
      accessTokens: { id: number; lastUsedAt: string | null; expired: boolean }[];
    }>();
    expect(list.accessTokens.find((item) => item.id === accessToken.id)).toMatchObject({
      lastUsedAt: api.clock.now.toISOString(),
      expired: false,
    });
    // The token is never listed again.
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('refuses every write to a read-only token, and lets a read-write one write', async () => {
    const readOnly = await create({ name: 'Lecture', expiresInDays: 30, readOnly: true });
    const refused = await mergePatch(api, '/api/users/me', asToken(readOnly.token), { function: 'Script' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ title: messages.accessTokenReadOnly });

    const readWrite = await create({ name: 'Écriture', expiresInDays: 30, readOnly: false });
    const written = await mergePatch(api, '/api/users/me', asToken(readWrite.token), { function: 'Script' });
    expect(written.statusCode, written.body).toBe(200);
    // A token neither makes nor lists tokens.
    expect(
      (
        await postJson(api, TOKENS, asToken(readWrite.token), {
          name: 'x',
          expiresInDays: 30,
          readOnly: true,
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(api, TOKENS, asToken(readWrite.token))).statusCode).toBe(403);
  });

  it('is refused once revoked or expired, and all of them once the password changes', async () => {
    const revoked = await create({ name: 'Révoqué', expiresInDays: 30, readOnly: true });
    const ended = await api.app.inject({
      method: 'DELETE',
      url: `${TOKENS}/${revoked.accessToken.id}`,
      headers: { authorization: `Bearer ${producer.token}` },
    });
    expect(ended.statusCode).toBe(204);
    expect((await get(api, '/api/users/me', asToken(revoked.token))).statusCode).toBe(401);
    const list = (await get(api, TOKENS, producer)).json<{ accessTokens: { id: number }[] }>();
    expect(list.accessTokens.map((item) => item.id)).not.toContain(revoked.accessToken.id);

    const expiring = await create({ name: 'Bientôt expiré', expiresInDays: 30, readOnly: true });
    api.clock.advance(31 * 86_400_000);
    try {
      expect((await get(api, '/api/users/me', asToken(expiring.token))).statusCode).toBe(401);
    } finally {
      api.clock.advance(-31 * 86_400_000);
    }

    const other = await login(api, 'prestataire@demo.fr');
    const theirs = await postJson(api, TOKENS, other, {
      name: 'Prestataire',
      expiresInDays: 30,
      readOnly: true,
    });
    const { token } = theirs.json<{ token: string }>();
    const changed = await postJson(api, '/api/users/me/password', other, {
      currentPassword: 'Portail2026!',
      password: 'Nouveau-mot2passe!',
      confirmPassword: 'Nouveau-mot2passe!',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await get(api, '/api/users/me', { token, userId: other.userId })).statusCode).toBe(401);
  });

  it('checks what is asked, in French, and keeps a user to a bounded number of tokens', async () => {
    const bad = await postJson(api, TOKENS, producer, { name: ' ', expiresInDays: 7, readOnly: 'oui' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<{ violations: { propertyPath: string; message: string }[] }>()
        .violations.map((violation) => violation.propertyPath),
    ).toEqual(expect.arrayContaining(['name', 'expiresInDays', 'readOnly']));
    const before = (await get(api, TOKENS, producer)).json<{ accessTokens: unknown[] }>().accessTokens.length;
    for (let index = before; index < MAX_ACCESS_TOKENS; index += 1) {
      await create({ name: `Jeton ${index}`, expiresInDays: 30, readOnly: true });
    }
    const over = await postJson(api, TOKENS, producer, {
      name: 'Un de trop',
      expiresInDays: 30,
      readOnly: true,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ title: messages.tooManyAccessTokens });
    expect((await get(api, `${TOKENS}/999999`, producer)).statusCode).toBe(404);
  });
});
