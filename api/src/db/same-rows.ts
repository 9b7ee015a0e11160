import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Statement } from './db.ts';

/**
 * The schema's own functions a statement may call, by what they do: those that read only, and those that write.
 * A function added to the schema must join one list (`pglite-reads.test.ts` fails until it does): a `select` that
 * calls one that writes is a write.
 */
export const SCHEMA_FUNCTIONS = {
  readOnly: ['france_today', 'search_fold'],
  writing: ['dashboard_refresh', 'final_outlets_adopt'],
} as const;

/**
 * A statement that may write, lock or notify: a data-modifying CTE, a locking read, an advisory lock, a sequence
 * moved, a function of the schema that writes.
 */
const NOT_ONLY_READING = new RegExp(
  String.raw`\b(insert|update|delete|merge|truncate|copy|for\s+share|for\s+key\s+share)\b|\b(pg_advisory\w*|set_config|pg_notify|lo_\w+|nextval|setval|${SCHEMA_FUNCTIONS.writing.join('|')})\s*\(`,
  'i',
);

/**
 * What gives other rows at each run, on the same data: the clock (but France's day, which the stamps hold), draws,
 * what the connection last drew.
 */
const CLOCK_OR_DRAW =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|currval|lastval)\s*\(|\b(current_date|current_time|current_timestamp|localtime|localtimestamp)\b/i;

/** The statement's text, whatever its form. */
export const textOf = (sql: Statement): string => (typeof sql === 'string' ? sql : sql.text);

/** Whether a statement only reads: a `select` (or a `with` of selects) that writes nothing and locks nothing. */
export function onlyReads(sql: Statement): boolean {
  const text = textOf(sql);
  return /^\s*(select|with)\b/i.test(text) && !NOT_ONLY_READING.test(text);
}

/**
 * Whether a statement only reads, and gives the same rows whenever it runs on the same data: it reads neither the
 * clock nor a draw. Such a statement can serve, with one run, every request that asks it with the same parameters
 * on the same data.
 */
export function givesSameRows(sql: Statement): boolean {
  return onlyReads(sql) && !readsClockOrDraw(sql);
}

/** Whether a statement reads the clock or a draw (`givesSameRows`, for a statement known to only read). */
export function readsClockOrDraw(sql: Statement): boolean {
  return CLOCK_OR_DRAW.test(textOf(sql));
}

/** The parameters as JSON, a key of the rows they give; undefined when JSON cannot write them. */
export function paramsText(params: readonly unknown[]): string | undefined {
  try {
    return JSON.stringify(params);
  } catch {
    return undefined;
  }
}

/** What rows being read take in a memory bound until they come. */
const PENDING_SIZE = 1_024;

/** What rows take in a memory bound: their JSON's length; rows JSON cannot write (a bigint) count as large. */
function sizeOf(rows: unknown[]): number {
  try {
    return Math.max(PENDING_SIZE, JSON.stringify(rows).length);
  } catch {
    return PENDING_SIZE * 64;
  }
}

/** Rows kept within `maxBytes` (their JSON's length, counted once read), least recently used out; 0 keeps none. */
export function rowsKept<Entry extends {}>(maxBytes: number): LRUCache<string, Entry> | null {
  return maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: () => PENDING_SIZE }) : null;
}

/** The key of the rows a statement gives with these parameters, and what else they depend on. */
export function rowsKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('base64url');
}

/** Keeps `entry` while its rows are read (`reading`), then counts their size; a failed read is not kept. */
export function keepWhileRead<Entry extends {}>(
  kept: LRUCache<string, Entry>,
  key: string,
  entry: Entry,
  reading: Promise<unknown[]>,
): void {
  kept.set(key, entry);
  reading.then(
    (rows) => {
      if (kept.peek(key) === entry) kept.set(key, entry, { size: sizeOf(rows) });
    },
    () => {
      // The next asker reads again.
      if (kept.peek(key) === entry) kept.delete(key);
    },
  );
}
