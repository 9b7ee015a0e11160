import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiConfig } from '../config.ts';
import { followingAmbientDb } from './ambient.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export type { Db, NamedStatement, Statement } from './db.ts';
export { migrate } from './migrate.ts';
export { SharedReads } from './shared-reads.ts';
export { allocateIds, bulkInsert, SqlParams } from './sql.ts';

type DatabaseConfig = Pick<
  ApiConfig,
  'databaseUrl' | 'databaseSchema' | 'inMemoryDatabase' | 'inMemoryImage' | 'dataDir' | 'sharedReadsBytes'
>;

/**
 * The configured database: a PostgreSQL server when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata. Its
 * queries join the ambient transaction of their async context, when one is held (`ambient.ts`).
 */
export async function openDatabase(
  config: DatabaseConfig,
  onIdleClientError: (error: Error) => void = () => undefined,
): Promise<Db> {
  return followingAmbientDb(await openEngine(config, onIdleClientError));
}

async function openEngine(config: DatabaseConfig, onIdleClientError: (error: Error) => void): Promise<Db> {
  if (config.databaseUrl !== undefined) {
    return openPostgres({ url: config.databaseUrl, schema: config.databaseSchema, onIdleClientError });
  }
  const keptReadsBytes = config.sharedReadsBytes;
  if (config.inMemoryDatabase) return openPglite(undefined, { image: config.inMemoryImage, keptReadsBytes });
  const folder = join(config.dataDir, 'pgdata');
  await mkdir(folder, { recursive: true });
  return openPglite(folder, { keptReadsBytes });
}
