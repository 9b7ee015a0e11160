import { defineDomain, type NodeReaders } from '../domain.ts';
import { entityLoaders } from './loaders.ts';
import { entityMutations } from './mutations.ts';
import { entityResolvers } from './resolvers.ts';

const entityNodes: NodeReaders = {
  Entity: (context, id) => context.loaders.entities.load(id),
};

/** Chantiers (company site entities). */
export const entitiesDomain = defineDomain({
  loaders: entityLoaders,
  resolvers: [entityResolvers, entityMutations],
  nodes: entityNodes,
});
