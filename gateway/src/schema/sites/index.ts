import { defineDomain, type NodeReaders } from '../domain.ts';
import { siteLoaders } from './loaders.ts';
import { siteMutations } from './mutations.ts';
import { siteResolvers } from './resolvers.ts';

const siteNodes: NodeReaders = {
  Establishment: (context, id) => context.loaders.sites.load(id),
};

/** Establishments (company sites) and the two sides of the mirror views. */
export const sitesDomain = defineDomain({
  loaders: siteLoaders,
  resolvers: [siteResolvers, siteMutations],
  nodes: siteNodes,
});
