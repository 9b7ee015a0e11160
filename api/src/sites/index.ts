import { defineDomain } from '../domain.ts';
import { registerSiteRoutes } from './routes.ts';

/** Establishments (company sites) and the caller's lists of them. */
export const sitesDomain = defineDomain({ routes: registerSiteRoutes });
