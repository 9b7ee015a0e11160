import { type TreatmentFamily, treatmentFamilyLabels } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { unauthenticatedError } from '../../errors.ts';
import type { RestQuery } from '../../rest/client.ts';
import { thirdLevelWasteOf, treatmentCodeValue, wasteCodeValue } from '../reference/wastes.ts';
import { costsOf, type DashboardScopeInput, type RestCosts, restScope } from './resolvers.ts';

/**
 * The monthly dashboard (`/details`, issue 6) over `/api/dashboardV2/{role}_{figure}/me/month/{year}/{month}`:
 * like the yearly one, each widget is a field of its own (its own REST call, in parallel with the others).
 */

interface MonthlyDashboard {
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

function figure<T>(context: GatewayContext, dashboard: MonthlyDashboard, name: string): Promise<T> {
  return context.rest.get<T>(
    `/api/dashboardV2/${dashboard.role}_${name}/me/month/${dashboard.year}/${dashboard.month}`,
    dashboard.query,
  );
}

export const monthlyDashboardResolvers = {
  Query: {
    /** No call here: each widget field makes its own. */
    monthlyDashboard: (
      _root: unknown,
      { year, month, scope }: { year: number; month: number; scope: DashboardScopeInput },
      context: GatewayContext,
    ): MonthlyDashboard => {
      if (context.token === null) throw unauthenticatedError();
      const rest = restScope(scope);
      // An id of another type scopes to nothing: a site that cannot exist.
      return rest === null
        ? { year, month, role: 'producer', query: { producerCompanySiteId: 0 } }
        : { year, month, role: rest.role, query: rest.query };
    },
  },
  MonthlyDashboard: {
    summary: (dashboard: MonthlyDashboard, _args: unknown, context: GatewayContext) =>
      figure(context, dashboard, 'detailed_summary'),
    light: async (dashboard: MonthlyDashboard, _args: unknown, context: GatewayContext) => {
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
    byWaste: async (dashboard: MonthlyDashboard, _args: unknown, context: GatewayContext) =>
      (await figure<{ lines: RestWasteLine[] }>(context, dashboard, 'detailed_summary_by_waste')).lines.map(
        (line) => ({
          thirdLevelWasteId: line.thirdLevelWasteId,
          wasteCode: wasteCodeValue(line.wasteCode),
          flow: line.flow,
          flowLabel: line.flowLabel,
          operations: line.operations,
          tonnes: line.tonnes,
          costs: costsOf(line),
          treatments: line.treatments.map((treatment) => ({
            ...treatment,
            familyLabel: treatmentFamilyLabels[treatment.family] ?? treatment.family,
            treatmentCode: treatmentCodeValue(treatment.treatmentCode),
          })),
        }),
      ),
    wasteChart: async (dashboard: MonthlyDashboard, _args: unknown, context: GatewayContext) =>
      (await figure<{ lines: unknown[] }>(context, dashboard, 'detailed_waste_chart')).lines,
    costChart: async (dashboard: MonthlyDashboard, _args: unknown, context: GatewayContext) =>
      (
        await figure<{ days: (RestCosts & { day: number })[] }>(context, dashboard, 'detailed_cost_chart')
      ).days.map((row) => ({ day: row.day, costs: costsOf(row) })),
  },
  DashboardWasteDetail: {
    /** The waste types are one list read once per request: no call per line. */
    thirdLevelWaste: (line: { thirdLevelWasteId: number | null }, _args: unknown, context: GatewayContext) =>
      line.thirdLevelWasteId === null
        ? null
        : thirdLevelWasteOf(context, `/api/third_level_wastes/${line.thirdLevelWasteId}`),
  },
};
