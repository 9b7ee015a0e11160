import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiConfig } from '../config.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export type { Db } from './db.ts';
export { migrate } from './migrate.ts';
export { allocateIds, bulkInsert, SqlParams } from './sql.ts';

/** The configured database: a PostgreSQL server when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata. */
export async function openDatabase(
  config: Pick<ApiConfig, 'databaseUrl' | 'databaseSchema' | 'inMemoryDatabase' | 'dataDir'>,
  onIdleClientError: (error: Error) => void = () => undefined,
): Promise<Db> {
  if (config.databaseUrl !== undefined) {
    return openPostgres({ url: config.databaseUrl, schema: config.databaseSchema, onIdleClientError });
  }
  if (config.inMemoryDatabase) return openPglite(undefined);
  const folder = join(config.dataDir, 'pgdata');
  await mkdir(folder, { recursive: true });
  return openPglite(folder);
}
