import { pathWithQuery, type RestClient, type RestQuery } from '../rest/client.ts';

/** A whole reference list sorted by name or code (SPEC 7). */
export const BY_NAME = { pagination: false, 'order[name]': 'asc' } as const;
export const BY_CODE = { pagination: false, 'order[code]': 'asc' } as const;
/** The portal's own reference tables are seeded in a meaningful order (families, flows, bins then skips). */
export const AS_SEEDED = { pagination: false } as const;

/** A reference list of the request (`/api/skip_types` with its query), read at most once. */
export type ReferenceList = <T>(path: string, query: RestQuery) => Promise<T[]>;

/**
 * The reference lists of ONE request: each path and query is read whole once, whichever domain asks for it,
 * and equal searches share their call.
 */
export function createReferenceLists(rest: RestClient): ReferenceList {
  const lists = new Map<string, Promise<unknown[]>>();
  return <T>(path: string, query: RestQuery) => {
    const key = pathWithQuery(path, query);
    let list = lists.get(key);
    if (list === undefined) {
      list = rest.getCollection<unknown>(key).then(({ items }) => items);
      lists.set(key, list);
    }
    return list as Promise<T[]>;
  };
}
