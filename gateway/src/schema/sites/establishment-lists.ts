import type { GatewayContext } from '../../context.ts';
import { type SiteOrderField, siteListPath } from '../../loaders/site-lists.ts';
import type { RestSite, RestUser } from '../../rest/types.ts';
import type { SiteSide } from '../../viewer/rights.ts';
import type { EstablishmentOrderField, UserEstablishmentsArgs } from '../__generated__/resolvers.ts';
import { type Connection, connectionFromRestList } from '../connections.ts';

/** `EstablishmentOrderField` of the graph to the api's `order[...]` field. */
const ORDER_FIELDS: Record<EstablishmentOrderField, SiteOrderField> = {
  NAME: 'name',
  COMPANY_NAME: 'companyName',
  CITY: 'city',
  POSTCODE: 'postcode',
  SIRET: 'siret',
};

/**
 * `User.establishments` and `User.linkedEstablishments`, the two sides of the mirror views through ONE code
 * path: the side and the viewer's typology pick the REST list (siteListPath); search, order and paging go
 * to the api as `q`, `order[...]` and `page`/`itemsPerPage`, so 50 rows of 2,000 sites cost one page.
 */
export function establishmentConnection(
  context: GatewayContext,
  user: RestUser,
  side: SiteSide,
  args: UserEstablishmentsArgs,
): Promise<Connection<RestSite>> {
  const order = args.orderBy
    ? {
        field: ORDER_FIELDS[args.orderBy.field],
        direction: args.orderBy.direction === 'DESC' ? ('desc' as const) : ('asc' as const),
      }
    : undefined;
  return connectionFromRestList(args, (page) =>
    context.loaders.siteLists.load(siteListPath(user, side, { search: args.search, order, page })),
  );
}
