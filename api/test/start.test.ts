import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, migrate, type Statement } from '../src/db/index.ts';
import { syncTypologies } from '../src/reference/typologies.ts';
import { createTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** `db`, noting each statement and transaction that goes through it. */
function watched(db: Db): { db: Db; statements: string[]; transactions: number } {
  const seen = { statements: [] as string[], transactions: 0 };
  /** `sql`'s first word, noted, then `run`'s result. */
  const noted = <T>(sql: Statement, run: () => T): T => {
    const text = typeof sql === 'string' ? sql : sql.text;
    seen.statements.push(text.trim().split(/\s+/)[0]?.toLowerCase() ?? '');
    return run();
  };
  return Object.assign(seen, {
    db: {
      ...db,
      query: (sql, params) => noted(sql, () => db.query(sql, params)),
      one: (sql, params) => noted(sql, () => db.one(sql, params)),
      maybeOne: (sql, params) => noted(sql, () => db.maybeOne(sql, params)),
      exec: (sql) => noted(sql, () => db.exec(sql)),
      transaction: (fn) => {
        seen.transactions++;
        return db.transaction(fn);
      },
    } satisfies Db,
  });
}

it('checks an up-to-date database at start without a transaction, a lock or a write', async () => {
  const migrations = watched(api.db);
  expect(await migrate(migrations.db)).toEqual([]);
  expect(migrations.transactions).toBe(0);
  expect(migrations.statements.every((statement) => statement === 'select')).toBe(true);

  const typologies = watched(api.db);
  await syncTypologies(typologies.db);
  expect(typologies.statements).toEqual(['select']);
});

it('puts a typology label back when it differs, and only that one', async () => {
  await api.db.query(`update site_typologies set label = 'Ancien libellé' where code = 'carrier'`);
  const typologies = watched(api.db);
  await syncTypologies(typologies.db);
  expect(typologies.statements).toEqual(['select', 'insert']);
  const { label } = await api.db.one<{ label: string }>(
    `select label from site_typologies where code = 'carrier'`,
  );
  expect(label).not.toBe('Ancien libellé');
});

it('logs how long each step of its start took', () => {
  const ready = api.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.msg === 'api ready');
  expect(Object.keys((ready?.phases ?? {}) as object)).toEqual([
    'referenceData',
    'database',
    'migrations',
    'prepare',
    'demoSeed',
    'routes',
    'start',
    'ready',
  ]);
  expect(ready?.startMs).toEqual(expect.any(Number));
});
