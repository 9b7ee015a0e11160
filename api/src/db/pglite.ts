import { PGlite, type Transaction } from '@electric-sql/pglite';
import { parisDate } from '@portal/domain';
import type { LRUCache } from 'lru-cache';
import { type Db, type DbPoolUse, dbFromRunner, type Statement } from './db.ts';
import {
  keepWhileRead,
  onlyReads,
  paramsText,
  readsClockOrDraw,
  rowsKept,
  rowsKey,
  textOf,
} from './same-rows.ts';

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
 * connection is busy while any runs, and the others wait. `keptReadsBytes`: the memory its reads kept until it
 * next writes may take (`ReadsUntilWrite`); 0 keeps none.
 */
export async function openPglite(
  dataDir: string | undefined,
  { image, keptReadsBytes = 0 }: { image?: Blob; keptReadsBytes?: number } = {},
): Promise<Db> {
  const pg = new PGlite({ dataDir, loadDataDir: image });
  await pg.waitReady;
  return pgliteDb(pg, keptReadsBytes);
}

/** A new in-memory database once `prepare` has run on it (migrations, say), as an image `openPglite` starts from. */
export async function pgliteImage(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const pg = new PGlite();
  await pg.waitReady;
  try {
    await prepare(pgliteDb(pg, 0));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

/**
 * The embedded database's reads, kept until this process next writes. The database is this process's alone: every
 * write goes through it, so a read that gives the same rows on the same data (`givesSameRows`) gives them again
 * until the next write, whoever asks it, France's day the same (a view, `site_links`, reads it); each asker gets its
 * own copy. Writes count as they are asked and as they end: a read is given again only if none was asked since it
 * was, so a write that ran beside it, before or after, makes the next asker read again.
 * The calls a screen makes at once each read their caller's credentials with the same statement: when 200 users
 * arrived they ran one behind the other, 40 % of the database's time.
 */
class ReadsUntilWrite {
  #writes = 0;
  readonly #kept: LRUCache<string, { writes: number; rows: Promise<unknown[]> }> | null;

  /** `maxBytes`: the memory the rows kept may take (`rowsKept`); 0 keeps none. */
  constructor(maxBytes: number) {
    this.#kept = rowsKept(maxBytes);
  }

  async read<T>(sql: Statement, params: readonly unknown[], run: () => Promise<T[]>): Promise<T[]> {
    if (!onlyReads(sql)) return this.write(run);
    const kept = this.#kept;
    const paramsKey = paramsText(params);
    // Only reads, as just checked: whether it gives the same rows is whether it reads no clock and no draw.
    if (kept === null || paramsKey === undefined || readsClockOrDraw(sql)) return run();
    const key = rowsKey(parisDate(new Date()), textOf(sql), paramsKey);
    let entry = kept.get(key);
    if (entry === undefined || entry.writes !== this.#writes) {
      entry = { writes: this.#writes, rows: run() as Promise<unknown[]> };
      keepWhileRead(kept, key, entry, entry.rows);
    }
    return structuredClone(await entry.rows) as T[];
  }

  async write<T>(run: () => Promise<T>): Promise<T> {
    this.#writes++;
    try {
      return await run();
    } finally {
      this.#writes++;
    }
  }
}

function pgliteDb(pg: PGlite, keptReadsBytes: number): Db {
  const reads = new ReadsUntilWrite(keptReadsBytes);
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
      reads.read(sql, params, () => counted(async () => (await pg.query<T>(textOf(sql), [...params])).rows)),
    exec: (sql) =>
      reads.write(() =>
        counted(async () => {
          await pg.exec(sql);
        }),
      ),
    transaction: (fn) =>
      reads.write(() => counted(() => pg.transaction((tx) => fn(transactionDb(tx, poolUse))))),
    poolUse,
    close: () => pg.close(),
  });
}
