import {
  COST_FIELDS,
  finalOutletFields,
  idFromIri,
  iri,
  messages,
  treatmentQualificationLabels,
  writableFields,
} from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { notFoundUserError, refusalOf, type UserError } from '../../errors.ts';
import { nullOn404 } from '../../rest/errors.ts';
import type { PageRequest } from '../../rest/pages.ts';
import { mayAs, mayOnOwnSite, mayOnSite } from '../../viewer/rights.ts';
import type { UserFinalOutletsArgs } from '../__generated__/resolvers.ts';
import { authenticated } from '../authenticated.ts';
import { connectionFromList, connectionFromRestList } from '../connections.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf, type NodeType, toGlobalId } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';
import {
  firstLevelWasteOf,
  secondLevelWasteOf,
  thirdLevelWasteOf,
  treatmentCodeValue,
} from '../reference/wastes.ts';
import type {
  RestActivityCostGrid,
  RestActivityCostLine,
  RestDefaultTreatment,
  RestDirectoryOutlet,
} from './rest.ts';

/** The graph's order fields, as the api's `order[...]`. */
const ORDER_FIELDS = { NAME: 'name', CITY: 'city', SIRET: 'siret', CREATED_AT: 'createdAt' } as const;

/** `User.finalOutlets`: the outlets the viewer sees (`final_outlets?q=..&order[..]=..`), a page at a time. */
function viewerOutlets(context: GatewayContext, args: UserFinalOutletsArgs) {
  const siteId = args.establishmentId ? databaseIdOf(args.establishmentId, 'Establishment') : null;
  if (args.establishmentId && siteId === null) return connectionFromList([], args);
  const field = ORDER_FIELDS[args.orderBy?.field ?? 'NAME'];
  const query = {
    q: args.search?.trim() || undefined,
    [`order[${field}]`]: args.orderBy?.direction === 'DESC' ? 'desc' : 'asc',
    active: args.active ?? undefined,
    'companySite[]': siteId === null ? undefined : [siteId],
  };
  return connectionFromRestList(args, async (page: PageRequest | undefined) => {
    const answer = await context.rest.getCollection<RestDirectoryOutlet>('/api/final_outlets', {
      ...query,
      ...(page === undefined ? { pagination: false } : { page: page.page, itemsPerPage: page.itemsPerPage }),
    });
    for (const outlet of answer.items) context.loaders.directoryOutlets.prime(outlet.id, outlet);
    return answer;
  });
}

/** A global id of the input as the IRI the api takes; undefined when absent, null when cleared or not of `type`. */
function iriOf(
  globalId: string | null | undefined,
  type: NodeType,
  resource: string,
): string | null | undefined {
  if (globalId === undefined) return undefined;
  if (globalId === null) return null;
  const id = databaseIdOf(globalId, type);
  return id === null ? null : iri(resource, id);
}

/** The input's names of the api's fields (`clientSite` is `clientEstablishmentId`) for userErrors. */
const DEFAULT_FIELD_PATHS: Record<string, string> = {
  clientSite: 'clientEstablishmentId',
  firstLevelWaste: 'firstLevelWasteId',
  secondLevelWaste: 'secondLevelWasteId',
  thirdLevelWaste: 'thirdLevelWasteId',
  finalOutletLinks: 'outlets',
  finalOutlet: 'directoryOutletId',
};
const defaultFieldPath = (path: string) =>
  path === '' ? [] : path.split('.').map((part) => DEFAULT_FIELD_PATHS[part] ?? part);

const COST_PATHS: Record<string, string> = {
  clientSite: 'clientEstablishmentId',
  thirdLevelWaste: 'thirdLevelWasteId',
};
const costFieldPath = (path: string) =>
  path === '' ? [] : path.split('.').map((part) => COST_PATHS[part] ?? part);

const OUTLET_FIELDS = writableFields(finalOutletFields);

/** The viewer is the provider of the operation (its defaults, directory and prices are proposed to it). */
const isProviderOf = (
  context: GatewayContext,
  operation: { companySite: string | null; provider: string | null },
) => mayAs(context, 'provider', 'operation:complete', operation);

const grid = (context: GatewayContext, siteId: number, date?: string | null) =>
  nullOn404(
    context.rest.get<RestActivityCostGrid>(`/api/company_sites/${siteId}/activity_cost_grid`, {
      date: date ?? undefined,
    }),
  );

function outletFailure(userErrors: UserError[]) {
  return { directoryOutlet: null, userErrors };
}

export const outletResolvers: Resolvers = {
  User: {
    finalOutlets: authenticated((_user, args, context) => viewerOutlets(context, args)),
  },
  Establishment: {
    defaultTreatments: async (site, args, context) => {
      if (!(await mayOnOwnSite(context, 'outlet:manage', site['@id']))) return connectionFromList([], args);
      const { items } = await context.rest.getCollection<RestDefaultTreatment>(
        `/api/company_sites/${site.id}/company_site_treatments`,
        { pagination: false, 'order[updatedAt]': 'desc' },
      );
      for (const item of items) context.loaders.defaultTreatments.prime(item.id, item);
      return connectionFromList(items, args);
    },
    activityCostGrid: async (site, { date }, context) =>
      (await mayOnOwnSite(context, 'cost:update', site['@id'])) ? grid(context, site.id, date) : null,
    canManageOutlets: (site, _args, context) => mayOnSite(context, site, 'outlet:manage'),
  },
  Operation: {
    defaultTreatment: async (operation, _args, context) =>
      (await isProviderOf(context, operation))
        ? nullOn404(
            context.rest.get<RestDefaultTreatment>(`/api/operations/${operation.id}/default_treatment`),
          )
        : null,
    outletChoices: async (operation, _args, context) => {
      const siteId = idFromIri(operation.provider);
      if (siteId === null || !(await isProviderOf(context, operation))) return [];
      const { items } = await context.rest.getCollection<RestDirectoryOutlet>(
        `/api/company_sites/${siteId}/final_outlets`,
        { pagination: false, active: true, 'order[name]': 'asc' },
      );
      for (const outlet of items) context.loaders.directoryOutlets.prime(outlet.id, outlet);
      return items;
    },
    proposedCosts: async (operation, _args, context) =>
      (await mayAs(context, 'provider', 'cost:update', operation))
        ? nullOn404(context.rest.get<RestActivityCostLine>(`/api/operations/${operation.id}/proposed_costs`))
        : null,
  },
  DirectoryOutlet: {
    id: (outlet) => toGlobalId('DirectoryOutlet', outlet.id),
    databaseId: (outlet) => outlet.id,
    establishment: (outlet, _args, context) => context.loaders.sites.load(outlet.companySite),
    treatmentCodes: (outlet) => outlet.treatmentCodes.flatMap((code) => treatmentCodeValue(code) ?? []),
    operationCount: (outlet) => outlet.operations,
    defaultCount: (outlet) => outlet.defaults,
    canEdit: async (outlet, _args, context) => {
      if (!(await mayOnOwnSite(context, 'outlet:manage', outlet.companySite))) return false;
      const site = await context.loaders.sites.load(outlet.companySite);
      return site !== null && (await mayOnSite(context, site, 'outlet:manage'));
    },
  },
  DefaultTreatment: {
    id: (treatment) => toGlobalId('DefaultTreatment', treatment.id),
    databaseId: (treatment) => treatment.id,
    establishment: (treatment, _args, context) => context.loaders.sites.load(treatment.companySite),
    clientEstablishment: (treatment, _args, context) =>
      treatment.clientSite ? context.loaders.sites.load(treatment.clientSite) : null,
    firstLevelWaste: (treatment, _args, context) => firstLevelWasteOf(context, treatment.firstLevelWaste),
    secondLevelWaste: (treatment, _args, context) => secondLevelWasteOf(context, treatment.secondLevelWaste),
    thirdLevelWaste: (treatment, _args, context) => thirdLevelWasteOf(context, treatment.thirdLevelWaste),
    treatmentCode: (treatment) => treatmentCodeValue(treatment.treatmentCode),
    qualificationLabel: (treatment) =>
      treatment.qualification === null ? null : treatmentQualificationLabels[treatment.qualification],
    outlets: (treatment) => treatment.finalOutletLinks,
  },
  DefaultOutlet: {
    directoryOutlet: (link, _args, context) => context.loaders.directoryOutlets.load(link.finalOutlet),
  },
  ActivityCostLine: {
    clientEstablishment: (line, _args, context) => context.loaders.sites.load(line.clientSite),
    thirdLevelWaste: (line, _args, context) => thirdLevelWasteOf(context, line.thirdLevelWaste),
  },
  Mutation: {
    /** `POST /api/company_sites/{id}/final_outlets`. */
    createDirectoryOutlet: authenticated(async (_root, { input }, context) => {
      const siteId = databaseIdOf(input.establishmentId, 'Establishment');
      if (siteId === null) return outletFailure([notFoundUserError()]);
      try {
        const outlet = await context.rest.post<RestDirectoryOutlet>(
          `/api/company_sites/${siteId}/final_outlets`,
          mergePatchOf(input, OUTLET_FIELDS),
          { idempotencyKey: input.clientMutationId },
        );
        if (outlet === null) throw new Error(`POST /api/company_sites/${siteId}/final_outlets: no body`);
        return { directoryOutlet: outlet, userErrors: [] };
      } catch (error) {
        return outletFailure(refusalOf(error, messages.outletCreateError));
      }
    }),

    /** `PATCH /api/final_outlets/{id}`. */
    updateDirectoryOutlet: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'DirectoryOutlet');
      if (id === null) return outletFailure([notFoundUserError()]);
      try {
        const outlet = await context.rest.patch<RestDirectoryOutlet>(
          `/api/final_outlets/${id}`,
          mergePatchOf(input, OUTLET_FIELDS),
        );
        context.loaders.directoryOutlets.clear(id).prime(id, outlet);
        return { directoryOutlet: outlet, userErrors: [] };
      } catch (error) {
        return outletFailure(refusalOf(error, messages.outletUpdateError));
      }
    }),

    /** `DELETE /api/final_outlets/{id}`: refused while used, with the reason (SPEC 8). */
    deleteDirectoryOutlet: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'DirectoryOutlet');
      if (id === null) return { deletedId: null, userErrors: [notFoundUserError()] };
      try {
        await context.rest.delete(`/api/final_outlets/${id}`);
        return { deletedId: input.id, userErrors: [] };
      } catch (error) {
        return { deletedId: null, userErrors: refusalOf(error, messages.outletDeleteError) };
      }
    }),

    /** `POST` (new) or `PUT` (`id`) `/api/company_sites/{id}/company_site_treatments(/{tid})`. */
    saveDefaultTreatment: authenticated(async (_root, { input }, context) => {
      const siteId = databaseIdOf(input.establishmentId, 'Establishment');
      const id = input.id ? databaseIdOf(input.id, 'DefaultTreatment') : null;
      if (siteId === null || (input.id && id === null)) {
        return { defaultTreatment: null, userErrors: [notFoundUserError()] };
      }
      const body = {
        clientSite: iriOf(input.clientEstablishmentId, 'Establishment', 'company_sites') ?? null,
        firstLevelWaste: iriOf(input.firstLevelWasteId, 'FirstLevelWaste', 'first_level_wastes') ?? null,
        secondLevelWaste: iriOf(input.secondLevelWasteId, 'SecondLevelWaste', 'second_level_wastes') ?? null,
        thirdLevelWaste: iriOf(input.thirdLevelWasteId, 'ThirdLevelWaste', 'third_level_wastes') ?? null,
        treatmentCode: input.treatmentCode,
        qualification: input.qualification || null,
        finalOutletLinks: input.outlets.map((outlet) => ({
          finalOutlet: iriOf(outlet.directoryOutletId, 'DirectoryOutlet', 'final_outlets') ?? '',
          quantity: outlet.quantity,
          quantityUnit: outlet.quantityUnit,
        })),
      };
      const path = `/api/company_sites/${siteId}/company_site_treatments`;
      try {
        const saved =
          id === null
            ? await context.rest.post<RestDefaultTreatment>(path, body)
            : await context.rest.put<RestDefaultTreatment>(`${path}/${id}`, body);
        return { defaultTreatment: saved, userErrors: [] };
      } catch (error) {
        return {
          defaultTreatment: null,
          userErrors: refusalOf(error, messages.defaultOutletError, defaultFieldPath),
        };
      }
    }),

    deleteDefaultTreatment: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'DefaultTreatment');
      const treatment = id === null ? null : await context.loaders.defaultTreatments.load(id);
      const siteId = idFromIri(treatment?.companySite);
      if (id === null || siteId === null) return { deletedId: null, userErrors: [notFoundUserError()] };
      try {
        await context.rest.delete(`/api/company_sites/${siteId}/company_site_treatments/${id}`);
        return { deletedId: input.id, userErrors: [] };
      } catch (error) {
        return { deletedId: null, userErrors: refusalOf(error, messages.defaultOutletError) };
      }
    }),

    /** `PUT /api/company_sites/{id}/activity_costs`: the lines edited, valid from one day. */
    saveActivityCosts: authenticated(async (_root, { input }, context) => {
      const siteId = databaseIdOf(input.establishmentId, 'Establishment');
      if (siteId === null) return { grid: null, userErrors: [notFoundUserError()] };
      const lines = input.lines.map((line) => ({
        clientSite: iriOf(line.clientEstablishmentId, 'Establishment', 'company_sites') ?? '',
        thirdLevelWaste: iriOf(line.thirdLevelWasteId, 'ThirdLevelWaste', 'third_level_wastes') ?? '',
        ...mergePatchOf(line, COST_FIELDS),
      }));
      try {
        const saved = await context.rest.put<RestActivityCostGrid>(
          `/api/company_sites/${siteId}/activity_costs`,
          {
            validFrom: input.validFrom,
            lines,
          },
        );
        return { grid: saved, userErrors: [] };
      } catch (error) {
        return { grid: null, userErrors: refusalOf(error, messages.costsSaveError, costFieldPath) };
      }
    }),
  },
};
