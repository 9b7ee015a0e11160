import { idFromIri } from '@portal/domain';
import DataLoader from 'dataloader';
import type { RestClient } from '../rest/client.ts';
import type { JsonLdItem } from '../rest/types.ts';

/** An item is asked for by its IRI (`/api/companies/3`) or its id; both share one cache entry. */
export type ItemKey = string | number;

/**
 * Ids per call. `id[]=`/`companySite[]=` filters travel in the URL and the api (Node) refuses request heads
 * over ~16 KB: 200 ids of up to 7 digits take under 5 KB, leaving room for the token and the other headers.
 */
export const MAX_IDS_PER_CALL = 200;

export function itemCacheKey(key: ItemKey): number {
  return idFromIri(key) ?? 0;
}

/** The ids of a list of IRIs (`linkedCompanySites`), leaving out what names no item. */
export function idsOfIris(iris: readonly string[] | undefined): number[] {
  return (iris ?? []).map((iri) => idFromIri(iri)).filter((id): id is number => id !== null);
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

/**
 * Items of one collection; unseen ids are null. A batch costs ONE call whatever its size:
 * - up to MAX_IDS_PER_CALL ids: `GET {collection}?id[]=..&pagination=false`;
 * - more ids than one URL carries: `GET {collection}?pagination=false`, everything the caller may see (which
 *   the api's policy bounds), rather than one call per chunk of ids.
 */
export function createItemLoader<T extends JsonLdItem>(
  options: ItemLoaderOptions,
): DataLoader<ItemKey, T | null, number> {
  const requested = new Set<number>();
  const loader: DataLoader<ItemKey, T | null, number> = new DataLoader(
    async (keys) => {
      const ids = keys.map((key) => idFromIri(key));
      const wanted = new Set(ids.filter((id): id is number => id !== null));
      if (wanted.size === 0) return keys.map(() => null);

      if (wanted.size > MAX_IDS_PER_CALL) {
        const { items } = await options.rest.getCollection<T>(options.collection, { pagination: false });
        const byId = new Map(items.map((item) => [item.id, item]));
        for (const item of items) {
          if (!wanted.has(item.id)) loader.prime(item.id, item);
        }
        return ids.map((id) => (id === null ? null : (byId.get(id) ?? null)));
      }

      const extras: number[] = [];
      for (const id of options.prefetch?.() ?? []) {
        if (!wanted.has(id) && !requested.has(id) && wanted.size + extras.length < MAX_IDS_PER_CALL) {
          extras.push(id);
        }
      }
      const all = [...wanted, ...extras];
      for (const id of all) requested.add(id);

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
    // No maxBatchSize: the batch function sees the whole batch to choose between id[] and the whole list.
    { cacheKeyFn: itemCacheKey },
  );
  return loader;
}

/** Puts items a list call returned into their item loader, so that nothing is fetched twice. */
export function primeItems<T extends JsonLdItem>(
  loader: DataLoader<ItemKey, T | null, number>,
  items: readonly T[],
): void {
  for (const item of items) loader.prime(item.id, item);
}
