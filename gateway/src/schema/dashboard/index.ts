import { defineDomain } from '../domain.ts';
import { monthlyDashboardResolvers } from './monthly.ts';
import { dashboardResolvers } from './resolvers.ts';

/** The year's and the month's figures (`/`, `/details`). */
export const dashboardDomain = defineDomain({ resolvers: [dashboardResolvers, monthlyDashboardResolvers] });
