import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Db, dbFromRunner } from './db.ts';

function transactionDb(tx: Transaction): Db {
  const self: Db = dbFromRunner({
    engine: 'pglite',
    query: async <T>(sql: string, params: readonly unknown[]) => (await tx.query<T>(sql, [...params])).rows,
    exec: async (sql) => {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(self),
    close: async () => {
      throw new Error('A transaction cannot close the database');
    },
  });
  return self;
}

/** PGlite on disk (`dataDir`) or in memory (no folder). PGlite runs one statement at a time. */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;
  return dbFromRunner({
    engine: 'pglite',
    query: async <T>(sql: string, params: readonly unknown[]) => (await pg.query<T>(sql, [...params])).rows,
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(transactionDb(tx))),
    close: () => pg.close(),
  });
}
