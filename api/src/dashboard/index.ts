import { defineDomain } from '../domain.ts';
import { registerDashboardMapRoutes } from './map.ts';
import { registerMonthlyDashboardRoutes } from './monthly.ts';
import { registerDashboardRoutes } from './routes.ts';

/** The dashboard: the year's and the month's figures and charts, and the map. */
export const dashboardDomain = defineDomain({
  routes(app, context) {
    registerDashboardRoutes(app, context);
    registerMonthlyDashboardRoutes(app, context);
    registerDashboardMapRoutes(app, context);
  },
});
