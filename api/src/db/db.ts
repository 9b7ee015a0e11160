/**
 * The one query layer of the api, implemented over PGlite (embedded) and over a PostgreSQL server (pg).
 * SQL uses `$1` placeholders, which both engines accept. Cast counts and bigints to `::int` and dates to
 * `::text` in SELECTs: the two drivers parse those types differently.
 */
/** How a database's connections are used (the metrics): PGlite has one, a server's pool up to `max`. */
export interface DbPoolUse {
  /** The most connections open at once. */
  max: number;
  /** Connections open. */
  total: number;
  /** Open connections running nothing. */
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
}

/**
 * A statement run on most requests, under a name of its own: on a PostgreSQL server, each connection parses and
 * plans it once (a named prepared statement; its plan, not its results, is kept) instead of at every run, which
 * for a statement of several CTEs costs more than running it. PGlite runs its text. One name, one text.
 */
export interface NamedStatement {
  name: string;
  text: string;
}

export type Statement = string | NamedStatement;

export interface Db {
  readonly engine: 'pglite' | 'postgres';
  query<T>(sql: Statement, params?: readonly unknown[]): Promise<T[]>;
  /** The single row of a query that must return one. */
  one<T>(sql: Statement, params?: readonly unknown[]): Promise<T>;
  maybeOne<T>(sql: Statement, params?: readonly unknown[]): Promise<T | null>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; a transaction inside a transaction joins the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** The use of the connections, now; a transaction tells its database's. */
  poolUse(): DbPoolUse;
  close(): Promise<void>;
}

export interface DbRunner {
  engine: Db['engine'];
  query<T>(sql: Statement, params: readonly unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  poolUse(): DbPoolUse;
  close(): Promise<void>;
}

/** Adds the helpers every engine shares to an engine's runner. */
export function dbFromRunner(runner: DbRunner): Db {
  const query = <T>(sql: Statement, params: readonly unknown[] = []) => runner.query<T>(sql, params);
  return {
    engine: runner.engine,
    query,
    async one<T>(sql: Statement, params: readonly unknown[] = []) {
      const rows = await query<T>(sql, params);
      const first = rows[0];
      if (rows.length !== 1 || first === undefined) {
        throw new Error(`Expected exactly one row, got ${rows.length}`);
      }
      return first;
    },
    async maybeOne<T>(sql: Statement, params: readonly unknown[] = []) {
      const rows = await query<T>(sql, params);
      if (rows.length > 1) throw new Error(`Expected at most one row, got ${rows.length}`);
      return rows[0] ?? null;
    },
    exec: (sql) => runner.exec(sql),
    transaction: (fn) => runner.transaction(fn),
    poolUse: () => runner.poolUse(),
    close: () => runner.close(),
  };
}
