import { type FieldRow, type FieldSpec, type FieldTable, fieldNames } from '@portal/domain';
import type { Db } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';

/**
 * SQL from a field table: the SELECT of a resource's rows (named as the REST fields, references as ids), and
 * the INSERT and UPDATE of its writable fields. Tables, aliases and columns come from code, never a request.
 */

/** A field's column, qualified by the resource's alias unless the table names another (`c.name`). */
export function columnOf(alias: string, field: FieldSpec): string {
  return field.column.includes('.') ? field.column : `${alias}.${field.column}`;
}

/** Decimals and dates travel as text: the two database drivers parse those types differently. */
function selected(alias: string, field: FieldSpec): string {
  const column = columnOf(alias, field);
  return field.kind === 'decimal' || field.kind === 'date' ? `${column}::text` : column;
}

/** The SELECT list of a resource's rows: `id`, then every field under its REST name. */
export function selectList(alias: string, table: FieldTable): string {
  return [
    `${alias}.id`,
    ...fieldNames(table).map((name) => `${selected(alias, table[name] as FieldSpec)} as "${name}"`),
  ].join(', ');
}

/** A row of a field table, with its id. */
export type ResourceRow<T extends FieldTable> = FieldRow<T> & { id: number };

/** Decimals compare by value: `15` and `15.000` are the same volume. */
const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'string' && typeof b === 'string' && a !== '' && Number(a) === Number(b));

/** The fields of `next` whose value differs from the stored row's; none means there is nothing to write. */
export function changedFields<T extends FieldTable, K extends keyof T & string>(
  stored: Partial<FieldRow<T>>,
  next: Partial<Pick<FieldRow<T>, K>>,
): K[] {
  return (Object.keys(next) as K[]).filter(
    (name) => !sameValue((stored as Record<string, unknown>)[name], (next as Record<string, unknown>)[name]),
  );
}

/** Values of stored columns that are not fields of the table (timestamps, a state), by column name. */
export type ColumnValues = Readonly<Record<string, unknown>>;

function columnsAndValues(table: FieldTable, values: Readonly<Record<string, unknown>>) {
  return Object.entries(values).map(([name, value]) => {
    const field = table[name];
    if (field === undefined) throw new Error(`${name} is not a field of this resource`);
    return [field.column, value] as const;
  });
}

/** Inserts a row from field values (REST names, references as ids) and extra columns; answers its id. */
export async function insertRow(
  db: Db,
  target: { table: string; fields: FieldTable },
  values: Readonly<Record<string, unknown>>,
  extra: ColumnValues = {},
): Promise<number> {
  const params = new SqlParams();
  const pairs = [...columnsAndValues(target.fields, values), ...Object.entries(extra)];
  const row = await db.one<{ id: number }>(
    `insert into ${target.table} (${pairs.map(([column]) => column).join(', ')})
     values (${pairs.map(([, value]) => params.add(value)).join(', ')}) returning id`,
    params.values,
  );
  return row.id;
}

/** Updates a row's fields (REST names) and extra columns (SQL expressions given as `{ sql }`, or values). */
export async function updateRow(
  db: Db,
  target: { table: string; fields: FieldTable },
  id: number,
  values: Readonly<Record<string, unknown>>,
  extra: Readonly<Record<string, unknown | { sql: string }>> = {},
): Promise<void> {
  const params = new SqlParams();
  const sets = [...columnsAndValues(target.fields, values), ...Object.entries(extra)].map(
    ([column, value]) =>
      typeof value === 'object' && value !== null && 'sql' in value
        ? `${column} = ${(value as { sql: string }).sql}`
        : `${column} = ${params.add(value)}`,
  );
  if (sets.length === 0) return;
  await db.query(`update ${target.table} set ${sets.join(', ')} where id = ${params.add(id)}`, params.values);
}
