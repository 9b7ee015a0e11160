import {
  REGISTER_REQUIRED_FIELDS,
  type RegisterRequiredField,
  registerRequiredFieldLabels,
  type TreatmentQualification,
  treatmentQualificationLabels,
} from '@portal/domain';
import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../../context.ts';
import { ErrorCode } from '../../errors.ts';
import type { RestQuery } from '../../rest/client.ts';
import type { RegisterField, RegisterFilter } from '../__generated__/resolvers.ts';
import { authenticated } from '../authenticated.ts';
import { defineDomain, type Resolvers } from '../domain.ts';
import { databaseIdOf, toGlobalId } from '../global-id.ts';
import type { RestRegisterPage, RestRegisterSummary } from './rest.ts';

/** A page of the register as a script may ask it: 100 lines unless told, at most 1,000. */
const DEFAULT_PAGE = 100;
const MAX_PAGE = 1000;

/** `shipmentDate` → `SHIPMENT_DATE`: the graph's enum value of a field of the register. */
const registerFieldValue = (field: RegisterRequiredField) =>
  field.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase() as RegisterField;

/** The api's query of a filter; `siteIds` narrows it to one establishment. */
function registerQuery(filter: RegisterFilter | null | undefined, siteIds?: readonly number[]): RestQuery {
  const chosen =
    siteIds ?? filter?.establishmentIds?.map((id) => databaseIdOf(id, 'Establishment') ?? 0) ?? undefined;
  return {
    from: filter?.from ?? undefined,
    to: filter?.to ?? undefined,
    'companySite[]': chosen,
    'wasteCode[]': filter?.wasteCodes ?? undefined,
    dangerous:
      filter?.dangerous === null || filter?.dangerous === undefined ? undefined : String(filter.dangerous),
  };
}

/** One keyset page of the api's register: one REST call whatever the page's length. */
async function registerConnection(
  context: GatewayContext,
  query: RestQuery,
  args: { first?: number | null; after?: string | null },
) {
  const first = args.first ?? DEFAULT_PAGE;
  if (first < 1 || first > MAX_PAGE) {
    throw new GraphQLError(`first must be between 1 and ${MAX_PAGE}`, {
      extensions: { code: ErrorCode.badUserInput },
    });
  }
  const page = await context.rest.get<RestRegisterPage>('/api/registry/lines', {
    ...query,
    first,
    after: args.after ?? undefined,
  });
  return {
    edges: page.lines.map((line) => ({ cursor: line.cursor, node: line })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: args.after !== null && args.after !== undefined,
      startCursor: page.lines[0]?.cursor ?? null,
      endCursor: page.endCursor ?? page.lines.at(-1)?.cursor ?? null,
    },
    totalCount: page.totalCount,
  };
}

const qualificationLabel = (qualification: TreatmentQualification | null) =>
  qualification === null ? null : treatmentQualificationLabels[qualification];

const registryResolvers: Resolvers = {
  User: {
    registerLines: authenticated((_user, args, context) =>
      registerConnection(context, registerQuery(args.filter), args),
    ),
    registerSummary: authenticated((_user, args, context) =>
      context.rest.get<RestRegisterSummary>('/api/registry/summary', registerQuery(args.filter)),
    ),
  },
  Establishment: {
    registerLines: authenticated((site, args, context) =>
      registerConnection(context, registerQuery(args.filter, [site.id]), args),
    ),
  },
  RegisterLine: {
    operationId: (line) => toGlobalId('Operation', Number(line.id.split('/').pop())),
    missing: (line) => line.missing.map(registerFieldValue),
    missingLabels: (line) => line.missing.map((field) => registerRequiredFieldLabels[field]),
    qualificationLabel: (line) => qualificationLabel(line.qualification),
  },
  RegisterSummary: {
    missing: (summary) =>
      REGISTER_REQUIRED_FIELDS.flatMap((field) => {
        const count = summary.missingByField[field] ?? 0;
        return count === 0
          ? []
          : [{ field: registerFieldValue(field), label: registerRequiredFieldLabels[field], count }];
      }),
  },
  RegisterFinalTreatment: {
    qualificationLabel: (treatment) => qualificationLabel(treatment.qualification),
  },
};

/** The register of outgoing waste, for the `/suivi` screen and for reporting scripts. */
export const registryDomain = defineDomain({ resolvers: [registryResolvers] });
