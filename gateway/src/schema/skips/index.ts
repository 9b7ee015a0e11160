import { defineDomain, itemNodes } from '../domain.ts';
import { findById } from '../reference/lookups.ts';
import { skipLoaders } from './loaders.ts';
import { skipMutations } from './mutations/index.ts';
import { skipResolvers } from './resolvers.ts';

/** Containers (skips), their deliveries and delivery programs. */
export const skipsDomain = defineDomain({
  loaders: skipLoaders,
  resolvers: [skipResolvers, skipMutations],
  nodes: {
    SkipType: async (context, id) => findById(await context.loaders.skipTypes(), id),
    ...itemNodes({
      Skip: 'skips',
      SkipDelivery: 'skipDeliveries',
      SkipDeliveryProgram: 'skipDeliveryPrograms',
    }),
  },
});
