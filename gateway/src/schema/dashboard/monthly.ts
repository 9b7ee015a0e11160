import type { TreatmentFamily } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import type { RestQuery } from '../../rest/client.ts';
import type { DashboardDayWaste, ResolversTypes } from '../__generated__/resolvers.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { thirdLevelWasteOf, type WasteCodeValue, wasteCodeValue } from '../reference/wastes.ts';
import { costsOf, type RestCosts, restScope, treatmentShare } from './resolvers.ts';

/**
 * The monthly dashboard (`/details`) over `/api/dashboardV2/{role}_{figure}/me/month/{year}/{month}`:
 * like the yearly one, each widget is a field of its own (its own REST call, in parallel with the others).
 */

export interface MonthlyDashboard {
  year: number;
  month: number;
  role: 'producer' | 'retriever';
  query: RestQuery;
}

interface RestLight {
  operations: number;
  tonnes: string;
  containers: number;
  establishments: number;
  providers: number;
  incidents: number;
  treatmentCost: string;
  transportCost: string;
}

interface RestWasteLine extends RestCosts {
  thirdLevelWasteId: number | null;
  wasteCode: string | null;
  flow: string | null;
  flowLabel: string | null;
  operations: number;
  tonnes: string;
  treatments: { family: TreatmentFamily; treatmentCode: string; tonnes: string; operations: number }[];
}

/** A waste of the month as `byWaste` gives it: its waste type is read by `thirdLevelWaste` from the id. */
export interface WasteDetail {
  thirdLevelWasteId: number | null;
  wasteCode: WasteCodeValue | null;
  flow: string | null;
  flowLabel: string | null;
  operations: number;
  tonnes: string;
  costs: RestCosts;
  treatments: ResolversTypes['DashboardWasteTreatment'][];
}

function figure<T>(context: GatewayContext, dashboard: MonthlyDashboard, name: string): Promise<T> {
  return context.rest.get<T>(
    `/api/dashboardV2/${dashboard.role}_${name}/me/month/${dashboard.year}/${dashboard.month}`,
    dashboard.query,
  );
}

export const monthlyDashboardResolvers: Resolvers = {
  Query: {
    /** No call here: each widget field makes its own. */
    monthlyDashboard: authenticated((_root, { year, month, scope }): MonthlyDashboard => {
      const rest = restScope(scope);
      // An id of another type scopes to nothing: a site that cannot exist.
      return rest === null
        ? { year, month, role: 'producer', query: { producerCompanySiteId: 0 } }
        : { year, month, role: rest.role, query: rest.query };
    }),
  },
  MonthlyDashboard: {
    summary: (dashboard, _args, context) => figure(context, dashboard, 'detailed_summary'),
    light: async (dashboard, _args, context) => {
      const light = await figure<RestLight & { previous: RestLight & { year: number; month: number } }>(
        context,
        dashboard,
        'detailed_summary_light',
      );
      return {
        current: { ...light, year: dashboard.year, month: dashboard.month },
        previous: light.previous,
      };
    },
    byWaste: async (dashboard, _args, context) =>
      (await figure<{ lines: RestWasteLine[] }>(context, dashboard, 'detailed_summary_by_waste')).lines.map(
        (line) => ({
          thirdLevelWasteId: line.thirdLevelWasteId,
          wasteCode: wasteCodeValue(line.wasteCode),
          flow: line.flow,
          flowLabel: line.flowLabel,
          operations: line.operations,
          tonnes: line.tonnes,
          costs: costsOf(line),
          treatments: line.treatments.map(treatmentShare),
        }),
      ),
    wasteChart: async (dashboard, _args, context) =>
      (await figure<{ lines: DashboardDayWaste[] }>(context, dashboard, 'detailed_waste_chart')).lines,
    costChart: async (dashboard, _args, context) =>
      (
        await figure<{ days: (RestCosts & { day: number })[] }>(context, dashboard, 'detailed_cost_chart')
      ).days.map((row) => ({ day: row.day, costs: costsOf(row) })),
  },
  DashboardWasteDetail: {
    /** The waste types are one list read once per request: no call per line. */
    thirdLevelWaste: (line, _args, context) =>
      line.thirdLevelWasteId === null
        ? null
        : thirdLevelWasteOf(context, `/api/third_level_wastes/${line.thirdLevelWasteId}`),
  },
};
