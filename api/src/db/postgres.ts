import pg from 'pg';
import { type Db, type DbPoolUse, dbFromRunner, type Statement } from './db.ts';

/** pg's query config: a named statement is prepared once per connection, by its name. */
const configOf = (sql: Statement, params: readonly unknown[]): pg.QueryConfig =>
  typeof sql === 'string' ? { text: sql, values: [...params] } : { ...sql, values: [...params] };

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A transaction's connection runs one query at a time. Handlers ask for several at once (`Promise.all`), as they do
 * of the pool; pg queued them itself, which it deprecates (pg 9 refuses a query while another runs). So they wait
 * here for the one before, whatever its outcome.
 */
function clientDb(client: pg.PoolClient, poolUse: () => DbPoolUse): Db {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  const self: Db = dbFromRunner({
    engine: 'postgres',
    query: <T>(sql: Statement, params: readonly unknown[]) =>
      inTurn(async () => (await client.query(configOf(sql, params))).rows as T[]),
    exec: (sql) =>
      inTurn(async () => {
        await client.query(sql);
      }),
    transaction: (fn) => fn(self),
    poolUse,
    close: async () => {
      throw new Error('A transaction cannot close the database');
    },
  });
  return self;
}

export interface PostgresOptions {
  url: string;
  /** Schema to work in (created when missing); unset means the server's default search_path. */
  schema: string | undefined;
  onIdleClientError: (error: Error) => void;
}

/** A pool over a PostgreSQL server. */
export async function openPostgres({ url, schema, onIdleClientError }: PostgresOptions): Promise<Db> {
  if (schema !== undefined) {
    if (!SCHEMA_NAME.test(schema))
      throw new Error(`DATABASE_SCHEMA must be a lowercase identifier, got "${schema}"`);
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists "${schema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    ...(schema === undefined ? {} : { options: `-c search_path="${schema}"` }),
  });
  pool.on('error', onIdleClientError);
  const poolUse = (): DbPoolUse => ({
    max: pool.options.max,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return dbFromRunner({
    engine: 'postgres',
    query: async <T>(sql: Statement, params: readonly unknown[]) =>
      (await pool.query(configOf(sql, params))).rows as T[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(clientDb(client, poolUse));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    poolUse,
    close: () => pool.end(),
  });
}
