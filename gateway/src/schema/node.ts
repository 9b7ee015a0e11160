import type { GatewayContext } from '../context.ts';
import { unauthenticatedError } from '../errors.ts';
import type { NodeReaders, ResolverMap } from './domain.ts';
import { domains } from './domains.ts';
import { fromGlobalId, type NodeType } from './global-id.ts';

/** Objects returned by node/nodes carry their type, which `Node.__resolveType` reads. */
type TaggedNode = { __typename: NodeType } & object;

/** How each node type is read: every domain's readers. */
export const nodeReaders: NodeReaders = Object.assign({}, ...domains.map((domain) => domain.nodes));

/** Any node by its global id, through the request's loaders (so `nodes` batches per type); unseen is null. */
export async function resolveNode(context: GatewayContext, globalId: string): Promise<TaggedNode | null> {
  const parsed = fromGlobalId(globalId);
  if (parsed === null) return null;
  if (context.token === null) throw unauthenticatedError();
  const { type, databaseId } = parsed;
  const value = (await nodeReaders[type]?.(context, databaseId)) ?? null;
  return value === null ? null : { ...value, __typename: type };
}

export const nodeResolvers: ResolverMap = {
  Query: {
    node: (_root: unknown, { id }: { id: string }, context: GatewayContext) => resolveNode(context, id),
    nodes: (_root: unknown, { ids }: { ids: string[] }, context: GatewayContext) =>
      ids.map((id) => resolveNode(context, id)),
  },
  Node: {
    __resolveType: (node: TaggedNode) => node.__typename,
  },
};
