import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPasswordHasher } from '../src/account/passwords.ts';
import { migrate } from '../src/db/index.ts';
import { seedDemo } from '../src/seed/index.ts';
import { createTestApi, TEST_ARGON2, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('records every migration once, in order', async () => {
  const files = (await readdir(new URL('../src/db/migrations/', import.meta.url)))
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied = await api.db.query<{ version: number; name: string }>(
    'select version, name from schema_migrations order by version',
  );
  expect(applied.map((row) => row.name)).toEqual(files);
  expect(await migrate(api.db)).toEqual([]);
});

it('rolls a failed transaction back', async () => {
  await expect(
    api.db.transaction(async (tx) => {
      await tx.query(`insert into companies (name) values ('Éphémère')`);
      throw new Error('abandon');
    }),
  ).rejects.toThrow('abandon');
  expect(await api.db.maybeOne(`select id from companies where name = 'Éphémère'`)).toBeNull();
});

it("answers a transaction's simultaneous queries in order, a server's connection running one at a time", async () => {
  // pg 9 refuses a query on a connection that runs one; the transaction's connection takes them in turn.
  const query = pg.Client.prototype.query;
  let running = 0;
  let mostAtOnce = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof query>) {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    const result = query.apply(this, args) as unknown;
    if (result instanceof Promise) return result.finally(() => (running -= 1));
    running -= 1;
    return result;
  } as typeof query;
  try {
    const answers = await api.db.transaction((tx) =>
      Promise.all([1, 2, 3].map((n) => tx.one<{ n: number }>('select $1::int as n', [n]))),
    );
    expect(answers.map((answer) => answer.n)).toEqual([1, 2, 3]);
  } finally {
    pg.Client.prototype.query = query;
  }
  if (api.db.engine === 'postgres') expect(mostAtOnce).toBe(1);
});

it('seeds the demo world only into an empty database', async () => {
  expect(api.demo?.userIds).toHaveProperty('chantier@demo.fr');
  expect(await seedDemo(api.db, await createPasswordHasher(TEST_ARGON2))).toBeNull();
  const users = await api.db.query<{ email: string; hasAcceptedCGU: boolean; hash: string | null }>(
    'select email, has_accepted_cgu as "hasAcceptedCGU", password_hash as hash from users order by id',
  );
  expect(users.map((u) => u.email)).toEqual([
    'producteur@demo.fr',
    'prestataire@demo.fr',
    'transporteur@demo.fr',
    'chantier@demo.fr',
    'admin@demo.fr',
    // Invited by the operator, no password yet.
    'nouvelle.recrue@demo.fr',
  ]);
  expect(users.every((u) => !u.hasAcceptedCGU)).toBe(true);
  expect(users.every((u) => u.hash === null || u.hash.startsWith('$argon2id$'))).toBe(true);
  expect(users.filter((u) => u.hash === null).map((u) => u.email)).toEqual(['nouvelle.recrue@demo.fr']);
  const producerSites = await api.db.one<{ n: number }>(
    'select count(*)::int as n from company_sites where company_id = $1',
    [api.demo?.producerCompanyId],
  );
  expect(producerSites.n).toBeGreaterThanOrEqual(3);
});
