import { defineDomain, type NodeReaders } from '../domain.ts';
import { accountLoaders } from './loaders.ts';
import { accountMutations } from './mutations.ts';
import { userResolvers } from './user.ts';

const accountNodes: NodeReaders = {
  User: (context, id) => context.loaders.users.load(id),
};

/** The viewer and the session: login, logout, terms of use, password reset. */
export const accountDomain = defineDomain({
  loaders: accountLoaders,
  resolvers: [userResolvers, accountMutations],
  nodes: accountNodes,
});
