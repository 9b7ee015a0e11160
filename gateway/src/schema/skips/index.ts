import { defineDomain, type NodeReaders } from '../domain.ts';
import { findById } from '../reference/lookups.ts';
import { skipLoaders } from './loaders.ts';
import { skipMutations } from './mutations/index.ts';
import { skipResolvers } from './resolvers.ts';

const skipNodes: NodeReaders = {
  SkipType: async (context, id) => findById(await context.loaders.skipTypes(), id),
  Skip: (context, id) => context.loaders.skips.load(id),
  SkipDelivery: (context, id) => context.loaders.skipDeliveries.load(id),
  SkipDeliveryProgram: (context, id) => context.loaders.skipDeliveryPrograms.load(id),
};

/** Containers (skips), their deliveries and delivery programs. */
export const skipsDomain = defineDomain({
  loaders: skipLoaders,
  resolvers: [skipResolvers, skipMutations],
  nodes: skipNodes,
});
