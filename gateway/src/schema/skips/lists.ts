import type { GatewayContext } from '../../context.ts';
import { MAX_IDS_PER_CALL, primeItems } from '../../loaders/item-loader.ts';
import type { RestQuery } from '../../rest/client.ts';
import type { RestSkip, RestSkipDelivery, RestUser } from '../../rest/types.ts';
import type {
  EntitySkipsArgs,
  EstablishmentSkipDeliveriesArgs,
  EstablishmentSkipsArgs,
} from '../__generated__/resolvers.ts';
import {
  type Connection,
  type ConnectionArgs,
  connectionFromList,
  connectionFromRestList,
  windowOf,
} from '../connections.ts';
import { databaseIdOf } from '../global-id.ts';

/** The arguments of every list of deliveries (an establishment's, a provider's incoming ones). */
type DeliveryListArgs = EstablishmentSkipDeliveriesArgs;

/** Deliveries read as a schedule: the earliest requested date first. */
const DELIVERY_ORDER = { 'order[requestedDate]': 'asc' } as const;

/**
 * The REST filters of a list of skips, built in one place so that equal arguments give equal objects (the
 * relation loaders batch the parents asked for with equal filters): latest first, by name when searched.
 */
function skipFilters(
  states: readonly string[] | null | undefined,
  entityId: number | null,
  search?: string | null,
) {
  const q = search?.trim() || undefined;
  return {
    // The graph's enum values are the api's; an empty list filters nothing.
    'state[]': states?.length ? states : undefined,
    'companySiteEntity[]': entityId === null ? undefined : [entityId],
    q,
    ...(q === undefined ? { 'order[createdAt]': 'desc' } : { 'order[name]': 'asc' }),
  } satisfies RestQuery;
}

function deliveryFilters(statuses: readonly string[] | null | undefined): RestQuery {
  return { 'status[]': statuses?.length ? statuses : undefined, ...DELIVERY_ORDER };
}

/** The window of a connection, checked here (a bad cursor fails this field, not the whole batch). */
function windowArgs(args: ConnectionArgs): ConnectionArgs {
  windowOf(args);
  return { first: args.first ?? null, after: args.after ?? null };
}

/** `Establishment.skips`: batched by site (`skips?companySite[]=`), optionally of one chantier. */
export function skipsOfSite(
  context: GatewayContext,
  siteId: number,
  args: EstablishmentSkipsArgs,
): Promise<Connection<RestSkip>> {
  let entityId: number | null = null;
  if (args.entityId !== null && args.entityId !== undefined) {
    entityId = databaseIdOf(args.entityId, 'Entity');
    // Not a chantier's id: no chantier has containers under it.
    if (entityId === null) return Promise.resolve(connectionFromList([], args));
  }
  return context.loaders.skipsBySite.load({
    parentId: siteId,
    filters: skipFilters(args.states, entityId, args.search),
    window: windowArgs(args),
  });
}

/** `Entity.skips`: batched by chantier (`skips?companySiteEntity[]=`). */
export function skipsOfEntity(
  context: GatewayContext,
  entityId: number,
  args: EntitySkipsArgs,
): Promise<Connection<RestSkip>> {
  return context.loaders.skipsByEntity.load({
    parentId: entityId,
    filters: skipFilters(args.states, null),
    window: windowArgs(args),
  });
}

/** `Skip.deliveries`: batched by skip (`skip_deliveries?skip[]=`). */
export function deliveriesOfSkip(
  context: GatewayContext,
  skipId: number,
  args: ConnectionArgs,
): Promise<Connection<RestSkipDelivery>> {
  return context.loaders.deliveriesBySkip.load({
    parentId: skipId,
    filters: deliveryFilters(null),
    window: windowArgs(args),
  });
}

/** `Establishment.skipDeliveries`: batched by site (`skip_deliveries?companySite[]=`). */
export function deliveriesOfSite(
  context: GatewayContext,
  siteId: number,
  args: DeliveryListArgs,
): Promise<Connection<RestSkipDelivery>> {
  return context.loaders.deliveriesBySite.load({
    parentId: siteId,
    filters: deliveryFilters(args.statuses),
    window: windowArgs(args),
  });
}

/**
 * `User.incomingSkipDeliveries`: the deliveries whose provider is one of my sites, paged by the api
 * (`skip_deliveries?provider[]=..&page=`). Past MAX_IDS_PER_CALL own sites the filter would not fit a URL:
 * then the api's visibility (deliveries of my sites and those I provide) bounds the list.
 */
export async function incomingDeliveries(
  context: GatewayContext,
  user: RestUser,
  args: DeliveryListArgs,
): Promise<Connection<RestSkipDelivery>> {
  const ownSiteIds = user.companySitesIdsFull ?? [];
  if (ownSiteIds.length === 0) return connectionFromList([], args);
  const provider = ownSiteIds.length <= MAX_IDS_PER_CALL ? ownSiteIds : undefined;
  return connectionFromRestList(args, async (page) => {
    const list = await context.rest.getCollection<RestSkipDelivery>('/api/skip_deliveries', {
      'provider[]': provider,
      ...deliveryFilters(args.statuses),
      ...(page === undefined ? { pagination: false } : { page: page.page, itemsPerPage: page.itemsPerPage }),
    });
    primeItems(context.loaders.skipDeliveries, list.items);
    return list;
  });
}
