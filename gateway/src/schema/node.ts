import type { GatewayContext } from '../context.ts';
import { requireCredentials } from './authenticated.ts';
import type { NodeReaders, Resolvers } from './domain.ts';
import { domains } from './domains.ts';
import { fromGlobalId, type NodeType } from './global-id.ts';

/** Objects returned by node/nodes carry their type, which `Node.__resolveType` reads. */
export type TaggedNode = { __typename: NodeType } & object;

/** How each node type is read: every domain's readers. */
export const nodeReaders: NodeReaders = Object.assign({}, ...domains.map((domain) => domain.nodes));

/** Any node by its global id, through the request's loaders (so `nodes` batches per type); unseen is null. */
export async function resolveNode(context: GatewayContext, globalId: string): Promise<TaggedNode | null> {
  const parsed = fromGlobalId(globalId);
  if (parsed === null) return null;
  requireCredentials(context);
  const { type, databaseId } = parsed;
  const value = (await nodeReaders[type]?.(context, databaseId)) ?? null;
  return value === null ? null : { ...value, __typename: type };
}

export const nodeResolvers: Resolvers = {
  Query: {
    node: (_root, { id }, context) => resolveNode(context, id),
    // A promise per item: a node that fails fails its own item only. The generated types have no promise of a
    // null item, which graphql takes as a null item.
    nodes: (_root, { ids }, context) => ids.map((id) => resolveNode(context, id) as Promise<TaggedNode>),
  },
  Node: {
    __resolveType: (node) => node.__typename,
  },
};
