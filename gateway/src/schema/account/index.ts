import { defineDomain, itemNodes } from '../domain.ts';
import { accountLoaders } from './loaders.ts';
import { accountMutations } from './mutations.ts';
import { userResolvers } from './user.ts';

/** The viewer and the session: login, logout, terms of use, password reset. */
export const accountDomain = defineDomain({
  loaders: accountLoaders,
  resolvers: [userResolvers, accountMutations],
  nodes: itemNodes({ User: 'users' }),
});
