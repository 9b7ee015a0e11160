import type { LRUCache } from 'lru-cache';
import { type Db, dbFromRunner, type Statement } from './db.ts';
import { givesSameRows, keepWhileRead, paramsText, rowsKept, rowsKey, textOf } from './same-rows.ts';

/**
 * The rows of a domain's reads, shared by the requests that run the same statement with the same parameters under
 * the same data stamp (a stamped GET's, `account/auth.ts`): the same statement on the same data gives the same rows,
 * whoever asks. The users of a company whose access is the same build the same statements for the same figures, so
 * the dashboard's sums are read once for them, not once each; a request that comes while they are being read waits
 * for that reading. Any write moves the stamp, and the next request reads again.
 *
 * For stamped GETs, whose answers read only the tables the data stamp follows: a statement that does not give the
 * same rows at each run on the same data (`givesSameRows`: it reads the clock, draws values, writes or locks) is run
 * for each request. Each request gets its own copy of the rows.
 */
export class SharedReads {
  readonly #root: Db;
  readonly #rows: LRUCache<string, Promise<unknown[]>> | null;

  /** `maxBytes`: the memory the rows kept may take (their JSON's length, counted once read); 0 shares none. */
  constructor(root: Db, maxBytes = 64 * 1024 * 1024) {
    this.#root = root;
    this.#rows = rowsKept(maxBytes);
  }

  /** The Db of a request: its reads shared under its data stamp; without one (a write, an unstamped route), the root. */
  of(stamp: string | null): Db {
    const root = this.#root;
    const kept = this.#rows;
    if (stamp === null || kept === null) return root;
    return dbFromRunner({
      engine: root.engine,
      query: <T>(sql: Statement, params: readonly unknown[]) => this.#query<T>(kept, sql, params, stamp),
      exec: (sql) => root.exec(sql),
      transaction: (fn) => root.transaction(fn),
      poolUse: () => root.poolUse(),
      close: () => root.close(),
    });
  }

  async #query<T>(
    kept: LRUCache<string, Promise<unknown[]>>,
    sql: Statement,
    params: readonly unknown[],
    stamp: string,
  ): Promise<T[]> {
    const paramsKey = paramsText(params);
    if (paramsKey === undefined || !givesSameRows(sql)) return this.#root.query<T>(sql, params);
    const key = rowsKey(stamp, textOf(sql), paramsKey);
    let rows = kept.get(key);
    if (rows === undefined) {
      rows = this.#root.query<unknown>(sql, params);
      keepWhileRead(kept, key, rows, rows);
    }
    return structuredClone(await rows) as T[];
  }
}
