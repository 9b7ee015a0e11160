import { defineDomain } from '../domain.ts';
import { companyLoaders } from './loaders.ts';
import { companyRef, companyResolvers } from './resolvers.ts';

export const companiesDomain = defineDomain({
  loaders: companyLoaders,
  resolvers: [companyResolvers],
  nodes: {
    Company: async (context, id) =>
      (await context.loaders.companies.load(id)) === null ? null : companyRef(id),
  },
});
