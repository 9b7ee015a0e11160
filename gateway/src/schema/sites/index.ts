import { defineDomain, itemNodes } from '../domain.ts';
import { siteLoaders } from './loaders.ts';
import { siteMutations } from './mutations.ts';
import { siteResolvers } from './resolvers.ts';

/** Establishments (company sites) and the two sides of the mirror views. */
export const sitesDomain = defineDomain({
  loaders: siteLoaders,
  resolvers: [siteResolvers, siteMutations],
  nodes: itemNodes({ Establishment: 'sites' }),
});
