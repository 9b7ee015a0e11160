import { idFromIri } from '@portal/domain';
import DataLoader from 'dataloader';
import type { RestClient } from '../rest/client.ts';
import type { JsonLdItem } from '../rest/types.ts';

/** An item is asked for by its IRI (`/api/companies/3`) or its id; both share one cache entry. */
export type ItemKey = string | number;

/**
 * Ids per call: `id[]=` filters travel in the URL, and 500 of them stay well under the api's 16 KB header
 * limit. It is also the api's largest page, so a screen of up to 500 rows costs one call.
 */
export const MAX_IDS_PER_CALL = 500;

export function itemCacheKey(key: ItemKey): number {
  return idFromIri(key) ?? 0;
}

export interface ItemLoaderOptions {
  rest: RestClient;
  /** The collection that accepts `id[]=` (`/api/companies`). */
  collection: string;
  /**
   * Ids the request is known to need soon (e.g. the viewer's companies): fetched with the first batch and
   * primed, so that items asked for at different depths of the query still cost one call.
   */
  prefetch?: () => Iterable<number>;
}

/** Items of one collection, batched through `GET {collection}?id[]=..&pagination=false`; unseen ids are null. */
export function createItemLoader<T extends JsonLdItem>(
  options: ItemLoaderOptions,
): DataLoader<ItemKey, T | null, number> {
  const requested = new Set<number>();
  const loader: DataLoader<ItemKey, T | null, number> = new DataLoader(
    async (keys) => {
      const ids = keys.map((key) => idFromIri(key));
      const wanted = new Set(ids.filter((id): id is number => id !== null));
      const extras: number[] = [];
      for (const id of options.prefetch?.() ?? []) {
        if (!wanted.has(id) && !requested.has(id) && wanted.size + extras.length < MAX_IDS_PER_CALL) {
          extras.push(id);
        }
      }
      const all = [...wanted, ...extras];
      for (const id of all) requested.add(id);
      if (all.length === 0) return keys.map(() => null);

      const fetched = options.rest
        .getCollection<T>(options.collection, { 'id[]': all, pagination: false })
        .then(({ items }) => new Map(items.map((item) => [item.id, item])));
      // Prime the prefetched ids now, so that a load arriving while this call is in flight waits for it.
      for (const id of extras) {
        const item = fetched.then((byId) => byId.get(id) ?? null);
        item.catch(() => {});
        loader.prime(id, item);
      }
      const byId = await fetched;
      return ids.map((id) => (id === null ? null : (byId.get(id) ?? null)));
    },
    { cacheKeyFn: itemCacheKey, maxBatchSize: MAX_IDS_PER_CALL },
  );
  return loader;
}

/** Puts items a list call returned into their item loader, so that nothing is fetched twice. */
export function primeItems<T extends JsonLdItem>(
  loader: DataLoader<ItemKey, T | null, number>,
  items: T[],
): void {
  for (const item of items) loader.prime(item.id, item);
}
