/**
 * The three screens over establishments (SPEC 1, 2): "my establishments", and the mirror view of the sites linked
 * to them, which the user's typology names: providers for a producer, clients for a retriever. One table, one set
 * of components; the view only picks the connection, the labels and the paths (`sitePaths.ts`). The route file
 * reads this module: it must not import the paths.
 */
export const SITE_VIEWS = ['establishments', 'providers', 'clients'] as const;
export type SiteView = (typeof SITE_VIEWS)[number];
export type LinkedSiteView = Exclude<SiteView, 'establishments'>;

/** The graph's `SiteTypology` of the user's own establishments (`User.ownSiteTypology`). */
export type OwnSiteTypology = 'PRODUCER' | 'RETRIEVER' | 'CARRIER' | '%future added value';

interface SiteViewConfig {
  /** Reads `viewer.linkedEstablishments` rather than `viewer.establishments`. */
  linked: boolean;
}

export const siteViews: Record<SiteView, SiteViewConfig> = {
  establishments: { linked: false },
  providers: { linked: true },
  clients: { linked: true },
};

/** The linked view of a user: a producer's linked sites are its providers, a retriever's its clients. */
export function linkedViewFor(ownSiteTypology: OwnSiteTypology): LinkedSiteView {
  return ownSiteTypology === 'PRODUCER' ? 'providers' : 'clients';
}

/** A producer has no clients screen and a retriever no providers screen (they get the 404 page). */
export function isViewAvailable(view: SiteView, ownSiteTypology: OwnSiteTypology): boolean {
  return !siteViews[view].linked || linkedViewFor(ownSiteTypology) === view;
}
