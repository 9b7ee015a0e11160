import { pathWithQuery, type RestClient, type RestQuery } from '../rest/client.ts';

/** A whole reference list sorted by name or code (SPEC 7). */
export const BY_NAME = { pagination: false, 'order[name]': 'asc' } as const;
export const BY_CODE = { pagination: false, 'order[code]': 'asc' } as const;
/** The portal's own reference tables are seeded in a meaningful order (families, flows, bins then skips). */
export const AS_SEEDED = { pagination: false } as const;

/** A reference list of the request (`/api/skip_types` with its query), read at most once. */
export type ReferenceList = <T>(path: string, query: RestQuery) => Promise<T[]>;

/**
 * The official lists: sectors, regions, the waste catalogue and the waste and treatment codes. The api loads them
 * from the reference data when it starts and no route writes them, so one process may keep them for all its
 * requests; the portal's own reference contents (skip types, document categories, help) change through the back
 * office and are read per request.
 */
const OFFICIAL_LISTS: ReadonlySet<string> = new Set([
  '/api/company_sectors',
  '/api/states',
  '/api/first_level_wastes',
  '/api/second_level_wastes',
  '/api/third_level_wastes',
  '/api/operation_waste_codes',
  '/api/operation_treatment_codes',
]);

/** How long the gateway keeps an official list: an api deployed with new reference data is seen within it. */
export const OFFICIAL_LIST_TTL_MS = 10 * 60_000;

/**
 * The official lists the gateway process keeps (read with the credentials of the first request that needs each):
 * a screen that shows codes or wastes does not wait for their call after its own data.
 */
export class OfficialLists {
  readonly #entries = new Map<string, { list: Promise<unknown[]>; expiresAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  static holds(path: string): boolean {
    return OFFICIAL_LISTS.has(path);
  }

  /** Forgets every list (a test's gateway starts each test as a fresh process would). */
  clear(): void {
    this.#entries.clear();
  }

  /** The list at `key` (path and query), read by `read` when not kept or kept too long; a failure is not kept. */
  get(key: string, read: () => Promise<unknown[]>): Promise<unknown[]> {
    const kept = this.#entries.get(key);
    if (kept !== undefined && kept.expiresAt > this.#now()) return kept.list;
    const list = read();
    this.#entries.set(key, { list, expiresAt: this.#now() + OFFICIAL_LIST_TTL_MS });
    list.catch(() => {
      if (this.#entries.get(key)?.list === list) this.#entries.delete(key);
    });
    return list;
  }
}

/**
 * The reference lists of ONE request: each path and query is read whole once, whichever domain asks for it,
 * and equal searches share their call; an official list comes from the process's `officialLists` for a caller
 * with credentials (an anonymous one gets the api's refusal, as before).
 */
export function createReferenceLists(rest: RestClient, officialLists: OfficialLists): ReferenceList {
  const lists = new Map<string, Promise<unknown[]>>();
  const read = (key: string) => rest.getCollection<unknown>(key).then(({ items }) => items);
  return <T>(path: string, query: RestQuery) => {
    const key = pathWithQuery(path, query);
    let list = lists.get(key);
    if (list === undefined) {
      list =
        rest.token !== null && OfficialLists.holds(path)
          ? officialLists.get(key, () => read(key))
          : read(key);
      lists.set(key, list);
    }
    return list as Promise<T[]>;
  };
}
