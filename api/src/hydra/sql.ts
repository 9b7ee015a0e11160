import type { Db } from '../db/index.ts';
import type { SqlParams } from '../db/sql.ts';
import type { CollectionQuery, Pagination } from './collection.ts';

/** The condition of a relation filter that is not a plain column, given the placeholder of its int[] of ids. */
export type RelationCondition = (idsPlaceholder: string) => string;

/** SQL columns behind a collection's filters; `ids`, relation and date filters of the query apply to them. */
export interface FilterColumns {
  id: string;
  /** A column equal to one of the ids, or a condition over them (e.g. an `exists` on a link table). */
  relations?: Record<string, string | RelationCondition>;
  dates?: Record<string, { column: string; type: 'date' | 'timestamptz' }>;
  /**
   * Columns searched by `q=`, holding text already folded by the database's `search_fold` (migration 002);
   * every word of the search must occur in one of them.
   */
  search?: readonly string[];
}

/** `like` wildcards in a searched word are literal characters. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The WHERE conditions of the generic filters (`id[]`, relations, date ranges, `q`) of a parsed query. */
export function filterConditions(
  query: CollectionQuery,
  columns: FilterColumns,
  params: SqlParams,
): string[] {
  const conditions: string[] = [];
  if (query.ids !== undefined) conditions.push(`${columns.id} = any(${params.add(query.ids)}::int[])`);
  for (const [name, ids] of Object.entries(query.relations)) {
    const column = columns.relations?.[name];
    if (column === undefined) continue;
    const placeholder = `${params.add(ids)}::int[]`;
    conditions.push(typeof column === 'string' ? `${column} = any(${placeholder})` : column(placeholder));
  }
  for (const [name, range] of Object.entries(query.dates)) {
    const date = columns.dates?.[name];
    if (date === undefined) continue;
    if (range.after !== undefined)
      conditions.push(`${date.column} >= ${params.add(range.after)}::${date.type}`);
    if (range.before !== undefined)
      conditions.push(`${date.column} <= ${params.add(range.before)}::${date.type}`);
  }
  if (query.search !== undefined && columns.search !== undefined && columns.search.length > 0) {
    const searched = columns.search;
    for (const word of query.search) {
      const pattern = `'%' || search_fold(${params.add(escapeLike(word))}) || '%'`;
      conditions.push(searched.map((column) => `${column} like ${pattern}`).join(' or '));
    }
  }
  return conditions;
}

export interface PageQuery {
  select: string;
  from: string;
  where: string[];
  params: SqlParams;
  /**
   * Requested order, already checked against the whitelist; mapped to SQL through `orderColumns`. A field may map
   * to several expressions (see `textOrder`), each sorted in the requested direction.
   */
  order: CollectionQuery['order'];
  orderColumns: Record<string, string | readonly string[]>;
  /** Appended to every ORDER BY so that pages are stable. */
  tieBreaker: string;
  /**
   * The row's key in `from` (its main table's id): a page is chosen on the key and the sort columns alone, and only
   * its rows are read whole. A list of thousands of wide rows (a provider's operations) otherwise carries every
   * column of each through the filter and the sort, twice the time.
   */
  key: string;
  pagination: Pagination;
}

/**
 * The sort keys of a text column as a French reader expects them: accents and case folded first (PGlite and a
 * server in the C locale would otherwise put 'Usine' before 'Établissement'), the raw text to break ties. The
 * same folding as the search columns (migration 002).
 */
export function textOrder(column: string): readonly string[] {
  return [`search_fold(${column})`, column];
}

/** Runs a collection query: the requested page (or everything) and the total count. */
export async function fetchPage<T>(db: Db, query: PageQuery): Promise<{ rows: T[]; totalItems: number }> {
  const where = query.where.length === 0 ? '' : `where ${query.where.map((c) => `(${c})`).join(' and ')}`;
  const orderBy = [
    ...query.order.flatMap(({ field, direction }) => {
      const columns = query.orderColumns[field];
      return columns === undefined ? [] : [columns].flat().map((column) => `${column} ${direction}`);
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
  const pageSql = `select ${query.select} from ${query.from} where ${query.key} = any(array(
      select ${query.key} from ${query.from} ${where} order by ${orderBy} limit ${limit} offset ${offset}))
    order by ${orderBy}`;
  const [rows, count] = await Promise.all([
    db.query<T>(pageSql, query.params.values),
    db.one<{ total: number }>(`select count(*)::int as total from ${query.from} ${where}`, countParams),
  ]);
  return { rows, totalItems: count.total };
}
