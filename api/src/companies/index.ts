import { defineDomain } from '../domain.ts';
import { registerCompanyRoutes } from './routes.ts';

/** Companies of the visible sites. */
export const companiesDomain = defineDomain({ routes: registerCompanyRoutes });
