import type { Db } from '../db/index.ts';
import type { SqlParams } from '../db/sql.ts';
import type { CollectionQuery, Pagination } from './collection.ts';

/** SQL columns behind a collection's filters; `ids`, relation and date filters of the query apply to them. */
export interface FilterColumns {
  id: string;
  relations?: Record<string, string>;
  dates?: Record<string, { column: string; type: 'date' | 'timestamptz' }>;
}

/** The WHERE conditions of the generic filters (`id[]`, relations, date ranges) of a parsed query. */
export function filterConditions(
  query: CollectionQuery,
  columns: FilterColumns,
  params: SqlParams,
): string[] {
  const conditions: string[] = [];
  if (query.ids !== undefined) conditions.push(`${columns.id} = any(${params.add(query.ids)}::int[])`);
  for (const [name, ids] of Object.entries(query.relations)) {
    const column = columns.relations?.[name];
    if (column !== undefined) conditions.push(`${column} = any(${params.add(ids)}::int[])`);
  }
  for (const [name, range] of Object.entries(query.dates)) {
    const date = columns.dates?.[name];
    if (date === undefined) continue;
    if (range.after !== undefined)
      conditions.push(`${date.column} >= ${params.add(range.after)}::${date.type}`);
    if (range.before !== undefined)
      conditions.push(`${date.column} <= ${params.add(range.before)}::${date.type}`);
  }
  return conditions;
}

export interface PageQuery {
  select: string;
  from: string;
  where: string[];
  params: SqlParams;
  /** Requested order, already checked against the whitelist; mapped to SQL through `orderColumns`. */
  order: CollectionQuery['order'];
  orderColumns: Record<string, string>;
  /** Appended to every ORDER BY so that pages are stable. */
  tieBreaker: string;
  pagination: Pagination;
}

/** Runs a collection query: the requested page (or everything) and the total count. */
export async function fetchPage<T>(db: Db, query: PageQuery): Promise<{ rows: T[]; totalItems: number }> {
  const where = query.where.length === 0 ? '' : `where ${query.where.map((c) => `(${c})`).join(' and ')}`;
  const orderBy = [
    ...query.order.flatMap(({ field, direction }) => {
      const column = query.orderColumns[field];
      return column === undefined ? [] : [`${column} ${direction}`];
    }),
    query.tieBreaker,
  ].join(', ');
  const sql = `select ${query.select} from ${query.from} ${where} order by ${orderBy}`;
  if (!query.pagination.enabled) {
    const rows = await db.query<T>(sql, query.params.values);
    return { rows, totalItems: rows.length };
  }
  const { page, itemsPerPage } = query.pagination;
  const countParams = [...query.params.values];
  const limit = query.params.add(itemsPerPage);
  const offset = query.params.add((page - 1) * itemsPerPage);
  const [rows, count] = await Promise.all([
    db.query<T>(`${sql} limit ${limit} offset ${offset}`, query.params.values),
    db.one<{ total: number }>(`select count(*)::int as total from ${query.from} ${where}`, countParams),
  ]);
  return { rows, totalItems: count.total };
}
