import { idFromIri } from '@portal/domain';
import { createItemLoader, MAX_IDS_PER_CALL } from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import { AS_SEEDED } from '../../loaders/reference-lists.ts';
import { relationListsOf } from '../../loaders/relation-lists.ts';
import type { RestQuery } from '../../rest/client.ts';
import type { RestSkip, RestSkipDelivery, RestSkipDeliveryProgram, RestSkipType } from '../../rest/types.ts';

export function skipLoaders({ rest, referenceList }: LoaderKit) {
  const skips = createItemLoader<RestSkip>({ rest, collection: '/api/skips' });
  const skipDeliveries = createItemLoader<RestSkipDelivery>({ rest, collection: '/api/skip_deliveries' });

  /**
   * The deliveries of more skips than one URL carries: those of the skips' sites (the skips are primed by
   * the list that named them, so this costs no call), or everything the caller sees past MAX_IDS_PER_CALL
   * sites.
   */
  async function sitesOfSkips(skipIds: number[]): Promise<RestQuery | null> {
    const siteIds = new Set<number>();
    for (const skip of await skips.loadMany(skipIds)) {
      if (skip instanceof Error) throw skip;
      const siteId = idFromIri(skip?.companySite);
      if (siteId !== null) siteIds.add(siteId);
    }
    return siteIds.size <= MAX_IDS_PER_CALL ? { 'companySite[]': [...siteIds] } : null;
  }

  const skipList = relationListsOf(rest, '/api/skips', skips);
  const deliveryList = relationListsOf(rest, '/api/skip_deliveries', skipDeliveries);

  return {
    /** The containers collectors offer: a reference list, read whole at most once. */
    skipTypes: () => referenceList<RestSkipType>('/api/skip_types', AS_SEEDED),
    skips,
    skipDeliveries,
    skipDeliveryPrograms: createItemLoader<RestSkipDeliveryProgram>({
      rest,
      collection: '/api/skip_delivery_programs',
    }),
    /** The skips of each site (`skips?companySite[]=`), with the filters and window of each key. */
    skipsBySite: skipList('companySite'),
    /** The skips of each chantier (`skips?companySiteEntity[]=`). */
    skipsByEntity: skipList('companySiteEntity'),
    /** The deliveries of each skip (`skip_deliveries?skip[]=`). */
    deliveriesBySkip: deliveryList('skip', sitesOfSkips),
    /** The deliveries ordered for each site (`skip_deliveries?companySite[]=`). */
    deliveriesBySite: deliveryList('companySite'),
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof skipLoaders> {}
}
