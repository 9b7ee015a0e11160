import { defineDomain, itemNodes } from '../domain.ts';
import { accountLoaders } from './loaders.ts';
import { accountMutations } from './mutations.ts';
import { profileResolvers } from './profile.ts';
import { userResolvers } from './user.ts';

/** The viewer and the session: login, logout, terms of use, password reset. */
export const accountDomain = defineDomain({
  loaders: accountLoaders,
  resolvers: [userResolvers, accountMutations, profileResolvers],
  nodes: itemNodes({ User: 'users' }),
});
