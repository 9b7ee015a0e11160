import { defineDomain } from '../domain.ts';
import { registerRegistryRoutes } from './routes.ts';

/** The regulatory register of outgoing waste: its lines, their counts and the national export. */
export const registryDomain = defineDomain({ routes: registerRegistryRoutes });
