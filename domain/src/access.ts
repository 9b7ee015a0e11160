/**
 * Site access rules of SPEC 6, as pure functions over the user's links. The api's policy layer feeds them
 * from the database; nothing else decides access.
 */
export interface UserLinks {
  companyIds: readonly number[];
  companySiteIds: readonly number[];
  entityIds: readonly number[];
}

/** A user with entities but no companies or sites sees only those entities. */
export function isLimitedToEntities(links: UserLinks): boolean {
  return links.entityIds.length > 0 && links.companyIds.length === 0 && links.companySiteIds.length === 0;
}

/** Full access: the site's company is among the user's companies, or the site is in the user's site list. */
export function hasFullAccess(links: UserLinks, site: { id: number; companyId: number }): boolean {
  if (isLimitedToEntities(links)) return false;
  return links.companyIds.includes(site.companyId) || links.companySiteIds.includes(site.id);
}
