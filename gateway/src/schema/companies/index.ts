import { defineDomain, type NodeReaders } from '../domain.ts';
import { companyLoaders } from './loaders.ts';
import { companyRef, companyResolvers } from './resolvers.ts';

const companyNodes: NodeReaders = {
  Company: async (context, id) =>
    (await context.loaders.companies.load(id)) === null ? null : companyRef(id),
};

export const companiesDomain = defineDomain({
  loaders: companyLoaders,
  resolvers: [companyResolvers],
  nodes: companyNodes,
});
