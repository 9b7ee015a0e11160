import { defineDomain } from '../domain.ts';
import { registerEntityRoutes } from './routes.ts';

/** Chantiers (company site entities). */
export const entitiesDomain = defineDomain({ routes: registerEntityRoutes });
