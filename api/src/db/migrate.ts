import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^(\d+)_[a-z0-9_-]+\.sql$/;

interface Migration {
  version: number;
  name: string;
}

async function migrationFiles(): Promise<Migration[]> {
  const names = await readdir(MIGRATIONS_DIR);
  const migrations = names.flatMap((name) => {
    const match = MIGRATION_FILE.exec(name);
    return match?.[1] === undefined ? [] : [{ version: Number(match[1]), name }];
  });
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`Two migrations share version ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

/** Whether every migration is recorded as applied: a start on an existing database reads, without a lock. */
async function upToDate(db: Db, migrations: readonly Migration[]): Promise<boolean> {
  const table = await db.one<{ name: string | null }>(
    `select to_regclass('schema_migrations')::text as name`,
  );
  if (table.name === null) return false;
  const applied = await db.query<{ version: number }>('select version from schema_migrations');
  const versions = new Set(applied.map((row) => row.version));
  return migrations.every((migration) => versions.has(migration.version));
}

/**
 * Applies the pending numbered migrations in order, in one transaction, and records them in
 * schema_migrations. On a server, an advisory lock keeps two instances starting together from racing.
 * Returns the names of the migrations applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = await migrationFiles();
  if (await upToDate(db, migrations)) return [];
  return db.transaction(async (tx) => {
    if (tx.engine === 'postgres') {
      await tx.query(`select pg_advisory_xact_lock(hashtext('schema_migrations:' || current_schema()))`);
    }
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const applied = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(await readFile(new URL(migration.name, MIGRATIONS_DIR), 'utf8'));
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      appliedNow.push(migration.name);
    }
    return appliedNow;
  });
}
