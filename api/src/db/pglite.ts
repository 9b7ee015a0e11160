import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Db, type DbPoolUse, dbFromRunner, type Statement } from './db.ts';

/** PGlite has no named statements: the text. */
const textOf = (sql: Statement): string => (typeof sql === 'string' ? sql : sql.text);

function transactionDb(tx: Transaction, poolUse: () => DbPoolUse): Db {
  const self: Db = dbFromRunner({
    engine: 'pglite',
    query: async <T>(sql: Statement, params: readonly unknown[]) =>
      (await tx.query<T>(textOf(sql), [...params])).rows,
    exec: async (sql) => {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(self),
    poolUse,
    close: async () => {
      throw new Error('A transaction cannot close the database');
    },
  });
  return self;
}

/**
 * PGlite on disk (`dataDir`) or in memory (no folder). PGlite runs one statement (or transaction) at a time:
 * its one connection is busy while any runs, and the others wait.
 */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;
  let running = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    running++;
    try {
      return await work();
    } finally {
      running--;
    }
  };
  const poolUse = (): DbPoolUse => ({
    max: 1,
    total: 1,
    idle: running === 0 ? 1 : 0,
    waiting: Math.max(0, running - 1),
  });
  return dbFromRunner({
    engine: 'pglite',
    query: <T>(sql: Statement, params: readonly unknown[]) =>
      counted(async () => (await pg.query<T>(textOf(sql), [...params])).rows),
    exec: (sql) =>
      counted(async () => {
        await pg.exec(sql);
      }),
    transaction: (fn) => counted(() => pg.transaction((tx) => fn(transactionDb(tx, poolUse)))),
    poolUse,
    close: () => pg.close(),
  });
}
