import { pathWithQuery } from '../rest/client.ts';
import type { RestUser } from '../rest/types.ts';
import { type SiteSide, viewerFacts } from '../viewer/rights.ts';

/** The api's site order fields (`order[companyName]=desc`). */
export type SiteOrderField = 'name' | 'companyName' | 'city' | 'postcode' | 'siret';

export interface SiteListQuery {
  /** `q`: site and company names, city, postcode, SIRET. Blank means no search. */
  search?: string | null | undefined;
  /** Default: name ascending (SPEC 7). */
  order?: { field: SiteOrderField; direction: 'asc' | 'desc' } | undefined;
  /** One page; absent means the whole list (`pagination=false`). */
  page?: { page: number; itemsPerPage: number } | undefined;
}

/**
 * The REST list of one side for this viewer: own sites of the viewer's typology (a carrier's carrier sites:
 * `users/{id}/company_sites_full?typology=`), or the sites of the other typology linked to them
 * (`users/{id}/company_sites_linked_{typology}_full`). The viewer's typology picks the direction; nothing
 * else in the gateway tells producers from retrievers. Built in one place so that equal lists share one
 * call through the `siteLists` loader (its key is this path).
 */
export function siteListPath(user: RestUser, side: SiteSide, query: SiteListQuery = {}): string {
  const { establishmentTypology, linkedTypology } = viewerFacts(user);
  const order = query.order ?? { field: 'name', direction: 'asc' };
  const search = query.search?.trim();
  const path =
    side === 'own'
      ? `/api/users/${user.id}/company_sites_full`
      : `/api/users/${user.id}/company_sites_linked_${linkedTypology}_full`;
  return pathWithQuery(path, {
    typology: side === 'own' ? establishmentTypology : undefined,
    q: search === '' ? undefined : search,
    ...(query.page === undefined
      ? { pagination: false }
      : { page: query.page.page, itemsPerPage: query.page.itemsPerPage }),
    [`order[${order.field}]`]: order.direction,
  });
}
