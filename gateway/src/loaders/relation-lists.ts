import { idFromIri } from '@portal/domain';
import DataLoader from 'dataloader';
import type { RestClient, RestQuery } from '../rest/client.ts';
import type { PageRequest } from '../rest/pages.ts';
import type { JsonLdItem } from '../rest/types.ts';
import {
  type Connection,
  type ConnectionArgs,
  connectionFromList,
  connectionFromRestList,
} from '../schema/connections.ts';
import { type ItemKey, MAX_IDS_PER_CALL, primeItems } from './item-loader.ts';

/** One connection of a list that hangs off a parent: the skips of a site, the deliveries of a skip. */
export interface RelationListKey {
  parentId: number;
  /**
   * The list's other filters and its order, as REST query parameters. Parents asked for with equal filters
   * share one call; build it in one place so that equal filters are equal objects, key for key.
   */
  filters: RestQuery;
  window: ConnectionArgs;
}

/** A field of an item that names another resource by its IRI (`companySite`, `skip`). */
export type ParentField<T> = { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T] & string;

export interface RelationListOptions<T extends JsonLdItem> {
  rest: RestClient;
  /** The collection (`/api/skips`). */
  collection: string;
  /** The field naming the parent an item hangs off (`companySite` of a skip); the api filters by `companySite[]`. */
  parent: ParentField<T>;
  /** The item loader every item of a list is primed into. */
  items: DataLoader<ItemKey, T | null, number>;
  /**
   * More parents than one URL carries: the relation filter of one list that covers them all (the sites of
   * 2,000 skips rather than the skips). Without it, or when it answers null, the whole list the caller
   * sees (with the other filters) covers them.
   */
  covering?: (parentIds: number[]) => Promise<RestQuery | null>;
}

/** The REST query of one page of a list, or of the whole list (`pagination=false`). */
export function pageQuery(page: PageRequest | undefined): RestQuery {
  return page === undefined ? { pagination: false } : { page: page.page, itemsPerPage: page.itemsPerPage };
}

function cacheKey(key: RelationListKey): string {
  return JSON.stringify([key.parentId, key.filters, key.window.first ?? null, key.window.after ?? null]);
}

/**
 * Connections of lists that hang off parents, batched: the parents of a batch asked for with the same
 * filters cost ONE call (`{relation}=..&pagination=false`, or a covering list when they outnumber one URL),
 * whose items are grouped by parent and windowed here. A lone parent (one establishment's skips screen)
 * is paged by the api instead: `first`/`after` become `page`/`itemsPerPage`, so 20 rows of 2,000 cost one
 * page. Either way totalCount is the parent's whole list.
 */
export function createRelationListLoader<T extends JsonLdItem>(
  options: RelationListOptions<T>,
): DataLoader<RelationListKey, Connection<T>, string> {
  const { rest, collection, parent, items } = options;
  const relation = `${parent}[]`;
  const parentOf = (item: T) => idFromIri(item[parent] as string | null);

  const fetch = async (query: RestQuery) => {
    const page = await rest.getCollection<T>(collection, query);
    primeItems(items, page.items);
    return page;
  };

  async function ofOneParent(key: RelationListKey): Promise<Connection<T>> {
    return connectionFromRestList(key.window, (page) =>
      fetch({ ...key.filters, [relation]: [key.parentId], ...pageQuery(page) }),
    );
  }

  async function ofManyParents(keys: readonly RelationListKey[]): Promise<Connection<T>[]> {
    const parentIds = [...new Set(keys.map((key) => key.parentId))];
    const { filters } = keys[0] as RelationListKey;
    const relationQuery =
      parentIds.length <= MAX_IDS_PER_CALL
        ? { [relation]: parentIds }
        : ((await options.covering?.(parentIds)) ?? {});
    const { items: list } = await fetch({ ...filters, ...relationQuery, pagination: false });
    const byParent = new Map<number, T[]>();
    for (const item of list) {
      const parentId = parentOf(item);
      if (parentId === null) continue;
      const siblings = byParent.get(parentId);
      if (siblings === undefined) byParent.set(parentId, [item]);
      else siblings.push(item);
    }
    return keys.map((key) => connectionFromList(byParent.get(key.parentId) ?? [], key.window));
  }

  return new DataLoader<RelationListKey, Connection<T>, string>(
    async (keys) => {
      const groups = new Map<string, RelationListKey[]>();
      for (const key of keys) {
        const group = JSON.stringify(key.filters);
        const members = groups.get(group);
        if (members === undefined) groups.set(group, [key]);
        else members.push(key);
      }
      const results = new Map<RelationListKey, Connection<T> | Error>();
      await Promise.all(
        [...groups.values()].map(async (group) => {
          const lone = new Set(group.map((key) => key.parentId)).size === 1;
          try {
            const connections = lone ? await Promise.all(group.map(ofOneParent)) : await ofManyParents(group);
            group.forEach((key, index) => {
              results.set(key, connections[index] as Connection<T>);
            });
          } catch (error) {
            for (const key of group)
              results.set(key, error instanceof Error ? error : new Error(String(error)));
          }
        }),
      );
      return keys.map((key) => results.get(key) ?? new Error('no result'));
    },
    { cacheKeyFn: cacheKey },
  );
}

/** The relation lists of one collection, each named by its items' parent field (`skips` by `companySite`). */
export function relationListsOf<T extends JsonLdItem>(
  rest: RestClient,
  collection: string,
  items: DataLoader<ItemKey, T | null, number>,
) {
  return (parent: ParentField<T>, covering?: RelationListOptions<T>['covering']) =>
    createRelationListLoader<T>({ rest, collection, parent, items, covering });
}
