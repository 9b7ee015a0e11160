import { defineDomain } from '../domain.ts';
import { monthlyCostResolvers } from './monthly.ts';

/** My costs, a month at a time (`/mes-couts`). */
export const costsDomain = defineDomain({ resolvers: [monthlyCostResolvers] });
