import { defineDomain } from '../domain.ts';
import { registerActivityCostRoutes } from './activity-costs.ts';
import { registerDefaultRoutes } from './defaults.ts';
import { registerDirectoryRoutes } from './directory.ts';
import { placeOutlets } from './position.ts';

/** My activity: a provider's final outlet directory, its default treatments and outlets, its cost grid. */
export const outletsDomain = defineDomain({
  // The outlets migration 015 made from operations' free text are placed on their towns once the api knows them.
  async prepare({ db }) {
    await placeOutlets(db);
  },
  routes(app, context) {
    registerDirectoryRoutes(app, context);
    registerDefaultRoutes(app, context);
    registerActivityCostRoutes(app, context);
  },
});
