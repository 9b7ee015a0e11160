import DataLoader from 'dataloader';
import { createItemLoader, idsOfIris, MAX_IDS_PER_CALL, primeItems } from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import { siteListPath } from '../../loaders/site-lists.ts';
import { nullOn404 } from '../../rest/errors.ts';
import type { HydraCollection } from '../../rest/hydra.ts';
import type { RestSite } from '../../rest/types.ts';
import { oppositeSide, type SiteSide, sideOf } from '../../viewer/rights.ts';

export function siteLoaders({ rest, viewer }: LoaderKit) {
  const sites = createItemLoader<RestSite>({ rest, collection: '/api/company_sites' });

  // The cache map is read by linkedSites: a list this request already asked for is reused, not raced.
  const siteListCache = new Map<string, Promise<HydraCollection<RestSite>>>();
  const siteLists = new DataLoader<string, HydraCollection<RestSite>>(
    (paths) =>
      Promise.all(
        paths.map(async (path) => {
          try {
            const page = (await nullOn404(rest.getCollection<RestSite>(path))) ?? {
              items: [],
              totalItems: 0,
              lastPage: 1,
            };
            primeItems(sites, page.items);
            return page;
          } catch (error) {
            return error instanceof Error ? error : new Error(String(error));
          }
        }),
      ),
    { cacheMap: siteListCache },
  );

  /**
   * The links of a site are on the other side of the mirror: those of my establishments are my providers'
   * (or clients') sites, those of a provider's (or client's) site are my own. So the whole list of that
   * side covers every link of a batch of same-side sites, in one call. It is used when the links outnumber
   * one `id[]` call (2,000 establishments and their 1,000 providers), or when this request already asked
   * for that list (a screen showing the providers beside the establishments): then the links cost nothing.
   * Otherwise (one establishment's page) the few links go through the site batch (`company_sites?id[]=`).
   */
  const linkedSites = new DataLoader<RestSite, RestSite[], number>(
    async (parents) => {
      const linkIds = parents.map((site) => idsOfIris(site.linkedCompanySites));
      const allIds = [...new Set(linkIds.flat())];
      if (allIds.length === 0) return parents.map(() => []);
      const user = await viewer();
      if (user !== null) {
        const sides = new Set<SiteSide>(parents.map((site) => oppositeSide(sideOf(user, site.id))));
        const [side] = sides;
        const covering = sides.size === 1 && side !== undefined ? siteListPath(user, side) : null;
        if (covering !== null && (allIds.length > MAX_IDS_PER_CALL || siteListCache.has(covering))) {
          await siteLists.load(covering);
        }
      }
      const loaded = await sites.loadMany(allIds);
      const byId = new Map<number, RestSite>();
      for (const site of loaded) {
        if (site instanceof Error) throw site;
        if (site !== null) byId.set(site.id, site);
      }
      return linkIds.map((ids) => ids.map((id) => byId.get(id)).filter((site) => site !== undefined));
    },
    { cacheKeyFn: (site) => site.id },
  );

  return {
    sites,
    /** Per-user site lists and pages (`users/{id}/company_sites_full?..`), keyed by their request path. */
    siteLists,
    /** The sites linked to each site (its `linkedCompanySites` the caller can see), in the api's order. */
    linkedSites,
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof siteLoaders> {}
}
