import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.ts';
import { pgliteImage } from '../src/db/pglite.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A file holding a migrated in-memory database, which each test api loads (none on a PostgreSQL server). */
    pgliteImageFile: string | null;
  }
}

/**
 * Migrates one in-memory PGlite database for the whole run and keeps its image in a file: each test file's api
 * then loads it in a fraction of a second, rather than creating and migrating its own (about 2 s each).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteImageFile', null);
    return async () => {};
  }
  const image = await pgliteImage(migrate);
  const file = join(tmpdir(), `portal-api-test-${process.pid}.pgdata`);
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImageFile', file);
  return () => rm(file, { force: true });
}
