import { defineDomain, itemNodes } from '../domain.ts';
import { entityLoaders } from './loaders.ts';
import { entityMutations } from './mutations.ts';
import { entityResolvers } from './resolvers.ts';

/** Chantiers (company site entities). */
export const entitiesDomain = defineDomain({
  loaders: entityLoaders,
  resolvers: [entityResolvers, entityMutations],
  nodes: itemNodes({ Entity: 'entities' }),
});
