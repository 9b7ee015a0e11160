import { idFromIri } from '@portal/domain';
import DataLoader from 'dataloader';
import { pathWithQuery, type RestClient } from '../rest/client.ts';
import { nullOn404 } from '../rest/errors.ts';
import type { RestCompany, RestEntity, RestSite, RestUser } from '../rest/types.ts';
import { createItemLoader, type ItemKey, itemCacheKey, MAX_IDS_PER_CALL, primeItems } from './item-loader.ts';

export type { ItemKey } from './item-loader.ts';

/** A user by id, or `me` (the caller) for bearer scripts whose user id is not known yet. */
export type UserKey = number | 'me';

export type SiteTypologyCode = 'producer' | 'retriever' | 'carrier';

/**
 * The DataLoaders of ONE GraphQL request (never shared: they cache what this caller may see). Every loader
 * batches or primes so that a screen costs one REST call per kind of resource, whatever its list lengths.
 */
export interface Loaders {
  users: DataLoader<UserKey, RestUser | null, string>;
  companies: DataLoader<ItemKey, RestCompany | null, number>;
  sites: DataLoader<ItemKey, RestSite | null, number>;
  entities: DataLoader<ItemKey, RestEntity | null, number>;
  /** The entities of each site, batched through the `companySite[]` filter. */
  entitiesBySite: DataLoader<ItemKey, RestEntity[], number>;
  /** Per-user site lists (`users/{id}/company_sites_full?..`), keyed by their request path. */
  siteLists: DataLoader<string, RestSite[]>;
}

const byName = { pagination: false, 'order[name]': 'asc' } as const;

/** The request paths of the per-user site lists (SPEC 7: typology, pagination false, order[name] asc). */
export const siteListPaths = {
  /** My establishments of one typology: every own site, with full or entity-limited access. */
  own: (userId: number, typology: SiteTypologyCode) =>
    pathWithQuery(`/api/users/${userId}/company_sites_full`, { typology, ...byName }),
  /** The mirror: sites of the other typology linked to my own sites. */
  linked: (userId: number, typology: 'producer' | 'retriever') =>
    pathWithQuery(`/api/users/${userId}/company_sites_linked_${typology}_full`, byName),
};

export interface LoaderOptions {
  /** Company ids the caller's screen will need (from the viewer): fetched with the first company batch. */
  companyHints: () => Iterable<number>;
}

export function createLoaders(rest: RestClient, options: LoaderOptions): Loaders {
  const companies = createItemLoader<RestCompany>({
    rest,
    collection: '/api/companies',
    prefetch: options.companyHints,
  });
  const sites = createItemLoader<RestSite>({ rest, collection: '/api/company_sites' });
  const entities = createItemLoader<RestEntity>({ rest, collection: '/api/company_site_entities' });

  const users: DataLoader<UserKey, RestUser | null, string> = new DataLoader(
    (keys) =>
      Promise.all(
        keys.map(async (key) => {
          const user = await nullOn404(rest.get<RestUser>(`/api/users/${key}`));
          if (user !== null && key === 'me') users.prime(user.id, user);
          return user;
        }),
      ),
    { cacheKeyFn: String, batch: false },
  );

  const entitiesBySite = new DataLoader<ItemKey, RestEntity[], number>(
    async (keys) => {
      const siteIds = keys.map((key) => idFromIri(key));
      const valid = siteIds.filter((id): id is number => id !== null);
      // Without a companySite[] filter the api would answer every entity the caller sees.
      if (valid.length === 0) return keys.map(() => []);
      const { items } = await rest.getCollection<RestEntity>('/api/company_site_entities', {
        'companySite[]': valid,
        ...byName,
      });
      primeItems(entities, items);
      const bySite = new Map<number, RestEntity[]>();
      for (const entity of items) {
        const siteId = idFromIri(entity.companySite);
        if (siteId === null) continue;
        const list = bySite.get(siteId) ?? [];
        list.push(entity);
        bySite.set(siteId, list);
      }
      return siteIds.map((id) => (id === null ? [] : (bySite.get(id) ?? [])));
    },
    { cacheKeyFn: itemCacheKey, maxBatchSize: MAX_IDS_PER_CALL },
  );

  const siteLists = new DataLoader<string, RestSite[]>((paths) =>
    Promise.all(
      paths.map(async (path) => {
        try {
          const list = (await nullOn404(rest.getCollection<RestSite>(path)))?.items ?? [];
          primeItems(sites, list);
          return list;
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    ),
  );

  return { users, companies, sites, entities, entitiesBySite, siteLists };
}
