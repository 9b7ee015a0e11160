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
 * PGlite on disk (`dataDir`) or in memory (no folder), in memory possibly from an image (`pgliteImage`): creating
 * a database costs seconds, loading one a fraction. PGlite runs one statement (or transaction) at a time: its one
 * connection is busy while any runs, and the others wait.
 */
export async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Db> {
  const pg = new PGlite({ dataDir, loadDataDir: image });
  await pg.waitReady;
  return pgliteDb(pg);
}

/** A new in-memory database once `prepare` has run on it (migrations, say), as an image `openPglite` starts from. */
export async function pgliteImage(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const pg = new PGlite();
  await pg.waitReady;
  try {
    await prepare(pgliteDb(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

function pgliteDb(pg: PGlite): Db {
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
