import { defineDomain } from '../domain.ts';
import { registerCodeRoutes } from './codes.ts';
import { registerReferenceRoutes } from './routes.ts';
import { syncTypologies } from './typologies.ts';
import { checkWasteHierarchy, registerWasteRoutes } from './wastes.ts';

/** Reference data: the portal's own lists (typologies, sectors, regions, wastes) and the official codes. */
export const referenceDomain = defineDomain({
  async prepare({ db, reference, config }) {
    await syncTypologies(db);
    await checkWasteHierarchy(db, reference, config.referenceDataDir);
  },
  routes(app, context) {
    registerReferenceRoutes(app, context);
    registerWasteRoutes(app, context);
    registerCodeRoutes(app, context);
  },
});
