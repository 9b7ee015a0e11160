import { defineDomain } from '../domain.ts';
import { registerAdministrativeDocumentRoutes } from './administrative.ts';
import { registerDocumentRoutes } from './routes.ts';

/** Documents, administrative documents and the supplier compliance file (SPEC 3, 5, 7). */
export const documentsDomain = defineDomain({
  routes(app, context) {
    registerDocumentRoutes(app, context);
    registerAdministrativeDocumentRoutes(app, context);
  },
});
