import type { GatewayContext } from '../context.ts';
import { unauthenticatedError } from '../errors.ts';
import { companyRef } from './companies/resolvers.ts';
import { fromGlobalId, type NodeType } from './global-id.ts';
import { findById } from './reference/lookups.ts';

/** Objects returned by node/nodes carry their type, which `Node.__resolveType` reads. */
type TaggedNode = { __typename: NodeType } & object;

function tagged(type: NodeType, value: object | null): TaggedNode | null {
  return value === null ? null : { ...value, __typename: type };
}

/** Any node by its global id, through the request's loaders (so `nodes` batches per type); unseen is null. */
export async function resolveNode(context: GatewayContext, globalId: string): Promise<TaggedNode | null> {
  const parsed = fromGlobalId(globalId);
  if (parsed === null) return null;
  if (context.token === null) throw unauthenticatedError();
  const { type, databaseId } = parsed;
  const { loaders } = context;
  switch (type) {
    case 'User':
      return tagged(type, await loaders.users.load(databaseId));
    case 'Company':
      return tagged(
        type,
        (await loaders.companies.load(databaseId)) === null ? null : companyRef(databaseId),
      );
    case 'Establishment':
      return tagged(type, await loaders.sites.load(databaseId));
    case 'Entity':
      return tagged(type, await loaders.entities.load(databaseId));
    case 'CompanySector':
      return tagged(type, (await loaders.companySectors()).find((item) => item.id === databaseId) ?? null);
    case 'State':
      return tagged(type, (await loaders.states()).find((item) => item.id === databaseId) ?? null);
    case 'FirstLevelWaste':
      return tagged(type, findById(await loaders.firstLevelWastes(), databaseId));
    case 'SecondLevelWaste':
      return tagged(type, findById(await loaders.secondLevelWastes(), databaseId));
    case 'ThirdLevelWaste':
      return tagged(type, findById(await loaders.thirdLevelWastes(), databaseId));
    case 'SkipType':
      return tagged(type, findById(await loaders.skipTypes(), databaseId));
    case 'Skip':
      return tagged(type, await loaders.skips.load(databaseId));
    case 'SkipDelivery':
      return tagged(type, await loaders.skipDeliveries.load(databaseId));
    case 'SkipDeliveryProgram':
      return tagged(type, await loaders.skipDeliveryPrograms.load(databaseId));
    case 'Operation':
      return tagged(type, await loaders.operations.load(databaseId));
    case 'RotationProgram':
      return tagged(type, await loaders.rotationPrograms.load(databaseId));
    case 'Incident':
      return tagged(type, await loaders.incidents.load(databaseId));
  }
}

export const nodeResolvers = {
  Query: {
    node: (_root: unknown, { id }: { id: string }, context: GatewayContext) => resolveNode(context, id),
    nodes: (_root: unknown, { ids }: { ids: string[] }, context: GatewayContext) =>
      ids.map((id) => resolveNode(context, id)),
  },
  Node: {
    __resolveType: (node: TaggedNode) => node.__typename,
  },
};
