import { defineDomain } from '../domain.ts';
import { registerAccountPublicRoutes, registerAccountRoutes } from './routes.ts';

/** Accounts: login, logout, password reset, the user item. */
export const accountDomain = defineDomain({
  publicRoutes: registerAccountPublicRoutes,
  routes: registerAccountRoutes,
});
