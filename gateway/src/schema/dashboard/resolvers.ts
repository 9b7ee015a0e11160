import { type TreatmentFamily, treatmentFamilyLabels } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import type { RestQuery } from '../../rest/client.ts';
import type { DashboardMonthWaste, DashboardScope, DashboardWasteShare } from '../__generated__/resolvers.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf, toGlobalId } from '../global-id.ts';
import type { TreatmentCodeValue } from '../reference/wastes.ts';

/**
 * The dashboard over the api's aggregations (`/api/dashboardV2/...`): one object per year and scope,
 * each widget a field of its own, so that the widgets' REST calls go out in parallel and one failing only
 * fails its own field.
 */

export interface YearlyDashboard {
  year: number;
  role: 'producer' | 'retriever';
  query: RestQuery;
}

export interface RestCosts {
  treatmentCost: string;
  transportCost: string;
  recyclingRevenue: string;
  purchasePrice: string;
}

/** The REST scope of a graph scope: `producerCompanySiteId`, ...; null when an id is not of its type. */
export function restScope(
  scope: DashboardScope,
): { role: 'producer' | 'retriever'; query: RestQuery } | null {
  const ids: [keyof DashboardScope, 'Establishment' | 'Entity' | 'Company', string][] = [
    ['producerSiteId', 'Establishment', 'producerCompanySiteId'],
    ['producerEntityId', 'Entity', 'producerCompanySiteEntityId'],
    ['retrieverSiteId', 'Establishment', 'retrieverCompanySiteId'],
    ['companyId', 'Company', 'companyId'],
  ];
  const query: Record<string, number | string> = {};
  if (scope.location?.trim()) query.location = scope.location.trim();
  for (const [field, type, param] of ids) {
    const value = scope[field];
    if (!value) continue;
    const id = databaseIdOf(value, type);
    if (id === null) return null;
    query[param] = id;
  }
  return { role: scope.side === 'PRODUCER' ? 'producer' : 'retriever', query };
}

/** The tonnes of a final treatment code, with its family's French label (the api names a code on every one). */
export function treatmentShare<T extends { family: TreatmentFamily; treatmentCode: string }>(
  share: T,
): Omit<T, 'treatmentCode'> & { familyLabel: string; treatmentCode: TreatmentCodeValue } {
  return {
    ...share,
    familyLabel: treatmentFamilyLabels[share.family] ?? share.family,
    treatmentCode: { code: share.treatmentCode },
  };
}

export const costsOf = (row: RestCosts): RestCosts => ({
  treatmentCost: row.treatmentCost,
  transportCost: row.transportCost,
  recyclingRevenue: row.recyclingRevenue,
  purchasePrice: row.purchasePrice,
});

function chart<T>(context: GatewayContext, dashboard: YearlyDashboard, name: string): Promise<T> {
  return context.rest.get<T>(
    `/api/dashboardV2/${dashboard.role}_${name}/me/year/${dashboard.year}`,
    dashboard.query,
  );
}

interface RestMapData {
  sites: {
    id: number;
    name: string;
    companyName: string;
    city: string | null;
    department: string | null;
    lat: number | null;
    lon: number | null;
    roles: ('PRODUCER' | 'RETRIEVER')[];
    tonnes: string;
    operations: number;
  }[];
  links: { producerSite: string; retrieverSite: string; tonnes: string; operations: number }[];
}

interface RestMapOutlets {
  outlets: {
    name: string;
    siret: string | null;
    address: string | null;
    lat: number | null;
    lon: number | null;
    tonnes: string;
    transitTonnes: string;
    operations: number;
    treatments: { treatmentCode: string; family: TreatmentFamily; tonnes: string; operations: number }[];
  }[];
  withoutOutlet: { operations: number; tonnes: string };
}

/** The global id of an establishment IRI (`/api/company_sites/12`). */
const establishmentId = (iri: string) => toGlobalId('Establishment', Number(iri.split('/').pop()));

/** The map of a year: its two REST calls go out together; either failing fails the map alone. */
async function dashboardMap(dashboard: YearlyDashboard, context: GatewayContext) {
  const query = { ...dashboard.query, year: dashboard.year };
  const [data, outlets] = await Promise.all([
    context.rest.get<RestMapData>(`/api/dashboard/map/${dashboard.role}/aggregate_data`, query),
    context.rest.get<RestMapOutlets>(`/api/dashboard/map/${dashboard.role}/final_outlet`, query),
  ]);
  return {
    sites: data.sites.map((site) => ({
      establishmentId: toGlobalId('Establishment', site.id),
      databaseId: site.id,
      name: site.name,
      companyName: site.companyName,
      city: site.city,
      department: site.department,
      lat: site.lat,
      lon: site.lon,
      roles: site.roles,
      tonnes: site.tonnes,
      operations: site.operations,
    })),
    links: data.links.map((link) => ({
      producerEstablishmentId: establishmentId(link.producerSite),
      retrieverEstablishmentId: establishmentId(link.retrieverSite),
      tonnes: link.tonnes,
      operations: link.operations,
    })),
    outlets: outlets.outlets.map((outlet) => ({
      ...outlet,
      treatments: outlet.treatments.map(treatmentShare),
    })),
    withoutOutlet: outlets.withoutOutlet,
    tiles: context.config.mapTiles,
  };
}

export const dashboardResolvers: Resolvers = {
  Query: {
    dashboardYears: authenticated(async (_root, { scope }, context) => {
      const rest = restScope(scope);
      if (rest === null) return [];
      const answer = await context.rest.get<{ years: number[] }>(
        `/api/dashboardV2/${rest.role}_year_list/me`,
        rest.query,
      );
      return answer?.years ?? [];
    }),
    /** No call here: each widget field makes its own. */
    yearlyDashboard: authenticated((_root, { year, scope }): YearlyDashboard => {
      const rest = restScope(scope);
      // An id of another type scopes to nothing: a site that cannot exist.
      return rest === null
        ? { year, role: 'producer', query: { producerCompanySiteId: 0 } }
        : { year, role: rest.role, query: rest.query };
    }),
  },
  YearlyDashboard: {
    summary: (dashboard, _args, context) =>
      context.rest.get(
        `/api/dashboardV2/${dashboard.role}_summary/me/year/${dashboard.year}`,
        dashboard.query,
      ),
    costEvolution: async (dashboard, _args, context) =>
      (
        await chart<{ months: (RestCosts & { month: number })[] }>(
          context,
          dashboard,
          'treatment_cost_evolution',
        )
      ).months.map((row) => ({ month: row.month, costs: costsOf(row) })),
    wasteEvolution: async (dashboard, _args, context) =>
      (await chart<{ lines: DashboardMonthWaste[] }>(context, dashboard, 'waste_evolution_chart')).lines,
    treatmentDistribution: async (dashboard, _args, context) =>
      (
        await chart<{
          lines: { family: TreatmentFamily; treatmentCode: string; tonnes: string; operations: number }[];
        }>(context, dashboard, 'distribution_treatment_types_chart')
      ).lines.map(treatmentShare),
    wasteDistribution: async (dashboard, _args, context) =>
      (await chart<{ lines: DashboardWasteShare[] }>(context, dashboard, 'waste_distribution_chart')).lines,
    costsByWaste: async (dashboard, _args, context) =>
      (
        await chart<{ lines: (RestCosts & { flow: string | null; label: string | null })[] }>(
          context,
          dashboard,
          'costs_distribution_by_waste_chart',
        )
      ).lines.map((line) => ({ flow: line.flow, label: line.label, costs: costsOf(line) })),
    map: (dashboard, _args, context) => dashboardMap(dashboard, context),
  },
};
