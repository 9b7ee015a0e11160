import { defineDomain } from '../domain.ts';
import { referenceLoaders } from './loaders.ts';
import { findById } from './lookups.ts';
import { referenceResolvers } from './resolvers.ts';
import { wasteResolvers } from './wastes.ts';

/** Reference data (SPEC 7): sectors, regions, the waste hierarchy and the official codes. */
export const referenceDomain = defineDomain({
  loaders: referenceLoaders,
  resolvers: [referenceResolvers, wasteResolvers],
  nodes: {
    CompanySector: async (context, id) =>
      (await context.loaders.companySectors()).find((item) => item.id === id) ?? null,
    State: async (context, id) => (await context.loaders.states()).find((item) => item.id === id) ?? null,
    FirstLevelWaste: async (context, id) => findById(await context.loaders.firstLevelWastes(), id),
    SecondLevelWaste: async (context, id) => findById(await context.loaders.secondLevelWastes(), id),
    ThirdLevelWaste: async (context, id) => findById(await context.loaders.thirdLevelWastes(), id),
  },
});
