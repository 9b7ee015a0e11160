import { idFromIri } from '@portal/domain';
import DataLoader from 'dataloader';
import {
  createItemLoader,
  type ItemKey,
  itemCacheKey,
  MAX_IDS_PER_CALL,
  primeItems,
} from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import { BY_NAME } from '../../loaders/reference-lists.ts';
import type { RestEntity } from '../../rest/types.ts';
import { sideOf } from '../../viewer/rights.ts';

function groupBySite(entities: readonly RestEntity[]): Map<number, RestEntity[]> {
  const bySite = new Map<number, RestEntity[]>();
  for (const entity of entities) {
    const siteId = idFromIri(entity.companySite);
    if (siteId === null) continue;
    const list = bySite.get(siteId);
    if (list === undefined) bySite.set(siteId, [entity]);
    else list.push(entity);
  }
  return bySite;
}

export function entityLoaders({ rest, viewer }: LoaderKit) {
  const entities = createItemLoader<RestEntity>({ rest, collection: '/api/company_site_entities' });

  /**
   * Up to MAX_IDS_PER_CALL sites: `company_site_entities?companySite[]=..`. More sites than one URL carries
   * (a screen of 2,000 establishments with their chantiers): one list that covers them all, the viewer's
   * own chantiers (`users/{id}/company_site_entities_full`) when they are all own sites, else every
   * chantier the viewer sees.
   */
  async function entitiesOfSites(siteIds: number[]): Promise<RestEntity[]> {
    if (siteIds.length <= MAX_IDS_PER_CALL) {
      const { items } = await rest.getCollection<RestEntity>('/api/company_site_entities', {
        'companySite[]': siteIds,
        ...BY_NAME,
      });
      return items;
    }
    const user = await viewer();
    const allOwn = user !== null && siteIds.every((id) => sideOf(user, id) === 'own');
    const path = allOwn ? `/api/users/${user.id}/company_site_entities_full` : '/api/company_site_entities';
    return (await rest.getCollection<RestEntity>(path, BY_NAME)).items;
  }

  const entitiesBySite: DataLoader<ItemKey, RestEntity[], number> = new DataLoader(
    async (keys) => {
      const siteIds = keys.map((key) => idFromIri(key));
      const valid = [...new Set(siteIds.filter((id): id is number => id !== null))];
      // Without a companySite[] filter the api would answer every entity the caller sees.
      if (valid.length === 0) return keys.map(() => []);
      const items = await entitiesOfSites(valid);
      primeItems(entities, items);
      const bySite = groupBySite(items);
      // A covering list holds the whole list of every site it mentions.
      for (const [siteId, list] of bySite) entitiesBySite.prime(siteId, list);
      return siteIds.map((id) => (id === null ? [] : (bySite.get(id) ?? [])));
    },
    { cacheKeyFn: itemCacheKey },
  );

  return {
    entities,
    /** The entities of each site (ordered by name). */
    entitiesBySite,
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof entityLoaders> {}
}
