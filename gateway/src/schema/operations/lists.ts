import type { GatewayContext } from '../../context.ts';
import { primeItems } from '../../loaders/item-loader.ts';
import type { RestQuery } from '../../rest/client.ts';
import type { RestOperation, RestUser } from '../../rest/types.ts';
import type { EstablishmentOperationsArgs, OperationFilter } from '../__generated__/resolvers.ts';
import {
  type Connection,
  type ConnectionArgs,
  connectionFromList,
  connectionFromRestList,
  windowOf,
} from '../connections.ts';
import { databaseIdOf } from '../global-id.ts';

/** The arguments of every list of operations (the viewer's, an establishment's, a chantier's, a container's). */
type OperationListArgs = EstablishmentOperationsArgs;

/**
 * The REST filters of a list of operations, built in one place so that equal arguments give equal objects
 * (parents asked for with equal filters share one call). Newest request first. An establishment or waste
 * type id of another type selects nothing: null.
 */
function operationFilters(filter: OperationFilter | null | undefined): RestQuery | null {
  let siteId: number | undefined;
  if (filter?.establishmentId) {
    const id = databaseIdOf(filter.establishmentId, 'Establishment');
    if (id === null) return null;
    siteId = id;
  }
  let wasteId: number | undefined;
  if (filter?.thirdLevelWasteId) {
    const id = databaseIdOf(filter.thirdLevelWasteId, 'ThirdLevelWaste');
    if (id === null) return null;
    wasteId = id;
  }
  return {
    history: filter?.history && filter.history !== 'all' ? filter.history : undefined,
    'status[]': filter?.statuses?.length ? filter.statuses : undefined,
    'type[]': filter?.types?.length ? filter.types : undefined,
    'companySite[]': siteId === undefined ? undefined : [siteId],
    'thirdLevelWaste[]': wasteId === undefined ? undefined : [wasteId],
    'wasteCode[]': filter?.wasteCode ? [filter.wasteCode] : undefined,
    'requestedDate[after]': filter?.requestedFrom || undefined,
    'requestedDate[before]': filter?.requestedTo || undefined,
    'realInterventionDate[after]': filter?.realisedFrom || undefined,
    'realInterventionDate[before]': filter?.realisedTo || undefined,
    'order[createdAt]': 'desc',
  } satisfies RestQuery;
}

function windowArgs(args: ConnectionArgs): ConnectionArgs {
  windowOf(args);
  return { first: args.first ?? null, after: args.after ?? null };
}

type RelationLoader = 'operationsBySite' | 'operationsByEntity' | 'operationsBySkip';

/** `Establishment.operations`, `Entity.operations`, `Skip.operations`: batched by parent. */
export function operationsOf(
  context: GatewayContext,
  loader: RelationLoader,
  parentId: number,
  args: OperationListArgs,
): Promise<Connection<RestOperation>> {
  let filter = args.filter;
  // An establishment's list is already of its site (the relation filter would override this one): another
  // establishment's id selects nothing, its own adds nothing.
  if (loader === 'operationsBySite' && filter?.establishmentId) {
    if (databaseIdOf(filter.establishmentId, 'Establishment') !== parentId) {
      return Promise.resolve(connectionFromList([], args));
    }
    filter = { ...filter, establishmentId: null };
  }
  const filters = operationFilters(filter);
  if (filters === null) return Promise.resolve(connectionFromList([], args));
  return context.loaders[loader].load({ parentId, filters, window: windowArgs(args) });
}

/**
 * `User.operations`: everything the viewer sees (the api's visibility: their sites' operations and those
 * they provide), paged by the api; the items are primed for the rest of the request.
 */
export async function viewerOperations(
  context: GatewayContext,
  _user: RestUser,
  args: OperationListArgs,
): Promise<Connection<RestOperation>> {
  const filters = operationFilters(args.filter);
  if (filters === null) return connectionFromList([], args);
  return connectionFromRestList(args, async (page) => {
    const list = await context.rest.getCollection<RestOperation>('/api/operations', {
      ...filters,
      ...(page === undefined ? { pagination: false } : { page: page.page, itemsPerPage: page.itemsPerPage }),
    });
    primeItems(context.loaders.operations, list.items);
    return list;
  });
}
