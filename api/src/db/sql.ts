import type { Db } from './db.ts';

/** Collects parameter values while a statement is composed and hands out their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** PostgreSQL accepts at most 65535 parameters per statement; stay well below. */
const MAX_PARAMS_PER_STATEMENT = 30000;

/**
 * Multi-row INSERTs in chunks. `table` and `columns` come from code, never from a request.
 */
export async function bulkInsert(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const rowsPerChunk = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / columns.length));
  for (let start = 0; start < rows.length; start += rowsPerChunk) {
    const chunk = rows.slice(start, start + rowsPerChunk);
    const params = new SqlParams();
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length)
        throw new Error(`Row of ${row.length} values for ${columns.length} columns`);
      return `(${row.map((value) => params.add(value)).join(', ')})`;
    });
    await db.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params.values);
  }
}

/** Reserves `count` ids of a table's identity column, so related rows can be built before inserting. */
export async function allocateIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence('${table}', 'id'))::int as id from generate_series(1, $1::int)`,
    [count],
  );
  return rows.map((row) => row.id);
}
