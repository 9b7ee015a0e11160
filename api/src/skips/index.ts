import { defineDomain } from '../domain.ts';
import { registerDeliveryRoutes } from './deliveries.ts';
import { registerSkipRoutes } from './routes.ts';
import { registerSkipTypeRoutes } from './types.ts';

/** Containers, their types and their deliveries. */
export const skipsDomain = defineDomain({
  routes(app, context) {
    registerSkipTypeRoutes(app, context);
    registerSkipRoutes(app, context);
    registerDeliveryRoutes(app, context);
  },
});
