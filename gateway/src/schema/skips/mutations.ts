import { idFromIri, iri, messages } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import {
  ErrorCode,
  type FieldPathOf,
  notFoundUserError,
  type UserError,
  unauthenticatedError,
  userErrorsOfWrite,
} from '../../errors.ts';
import { nullOn404 } from '../../rest/errors.ts';
import { unwrapCollection } from '../../rest/hydra.ts';
import type { RestSkip, RestSkipDelivery } from '../../rest/types.ts';
import { offsetCursor } from '../connections.ts';
import { databaseIdOf, type NodeType, toGlobalId } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

/** `SkipFieldsInput`: absent fields are left out of the REST body, null ones sent as null (cleared). */
type SkipFieldsInput = Partial<
  Record<(typeof VALUE_FIELDS)[number] | keyof typeof REFERENCE_FIELDS, unknown>
> & {
  entityId?: string | null;
};

interface CreateSkipInput {
  establishmentId: string;
  fields: SkipFieldsInput;
}

interface UpdateSkipInput {
  id: string;
  fields: SkipFieldsInput;
}

interface ArchiveSkipInput {
  id: string;
  archived: boolean;
}

interface RecurrenceProgramInput {
  startDate: string;
  endDate: string;
  recurrence: string;
  interval: number;
  weekdays?: string[] | null;
  monthPosition?: string | null;
  monthDay?: number | null;
}

interface OrderSkipDeliveryInput {
  skipId: string;
  requestedDate?: string | null;
  comment?: string | null;
  program?: RecurrenceProgramInput | null;
}

interface AdvanceSkipDeliveryInput {
  id: string;
  status: string;
  scheduledDate?: string | null;
}

/** Fields sent to the api as they are given. */
const VALUE_FIELDS = [
  'name',
  'unit',
  'volume',
  'ecoOrganisation',
  'plannedTreatmentCode',
  'fillingLevel',
  'estimatedFullQuantity',
  'packageCount',
  'dangerous',
  'persistentOrganicPollutants',
  'consistency',
  'wasteCode',
  'providerReceiptNumber',
  'providerReceiptValidity',
  'capNumber',
  'adrMention',
  'adrNumber',
] as const;

/** Fields that name another resource by its global id: the api takes its IRI under another name. */
const REFERENCE_FIELDS = {
  skipTypeId: { property: 'skipType', type: 'SkipType', resource: 'skip_types' },
  firstLevelWasteId: { property: 'firstLevelWaste', type: 'FirstLevelWaste', resource: 'first_level_wastes' },
  secondLevelWasteId: {
    property: 'secondLevelWaste',
    type: 'SecondLevelWaste',
    resource: 'second_level_wastes',
  },
  thirdLevelWasteId: { property: 'thirdLevelWaste', type: 'ThirdLevelWaste', resource: 'third_level_wastes' },
  providerId: { property: 'provider', type: 'Establishment', resource: 'company_sites' },
} as const satisfies Record<string, { property: string; type: NodeType; resource: string }>;

/** The input path of each REST property the input names otherwise. */
const INPUT_PATHS: Record<string, string[]> = {
  companySite: ['establishmentId'],
  companySiteEntity: ['fields', 'entityId'],
  archived: ['archived'],
  ...Object.fromEntries(
    Object.entries(REFERENCE_FIELDS).map(([field, { property }]) => [property, ['fields', field]]),
  ),
};

/** A violation of a skip write on the input field the user typed it in (`skipType` is `fields.skipTypeId`). */
const skipFieldPath: FieldPathOf = (propertyPath) =>
  propertyPath === '' ? [] : (INPUT_PATHS[propertyPath] ?? ['fields', ...propertyPath.split('.')]);

/** A delivery order's violations: `skip` is `skipId`; `program.endDate` is already the input's path. */
const deliveryFieldPath: FieldPathOf = (propertyPath) =>
  propertyPath === '' ? [] : propertyPath === 'skip' ? ['skipId'] : propertyPath.split('.');

function noChange(): UserError {
  return { field: [], message: messages.noChange, code: 'NO_CHANGE' };
}

function unknownReference(field: string): UserError {
  return { field: ['fields', field], message: messages.notFound, code: ErrorCode.notFound };
}

/**
 * The REST body of the given skip fields: values as they are, global ids as IRIs (a chantier's IRI names
 * its site, given by `siteIdOf` only when a chantier is set). An id of another type is a userError on its
 * field, before any write.
 */
async function skipBody(
  fields: SkipFieldsInput,
  siteIdOf: () => Promise<number | null>,
): Promise<{ body: Record<string, unknown>; userErrors: UserError[] }> {
  const body: Record<string, unknown> = mergePatchOf(fields, VALUE_FIELDS);
  const userErrors: UserError[] = [];
  for (const [field, { property, type, resource }] of Object.entries(REFERENCE_FIELDS)) {
    const value = fields[field as keyof typeof REFERENCE_FIELDS];
    if (value === undefined) continue;
    if (value === null) {
      body[property] = null;
      continue;
    }
    const id = typeof value === 'string' ? databaseIdOf(value, type) : null;
    if (id === null) userErrors.push(unknownReference(field));
    else body[property] = iri(resource, id);
  }
  if (fields.entityId === null) body.companySiteEntity = null;
  else if (fields.entityId !== undefined) {
    const entityId = databaseIdOf(fields.entityId, 'Entity');
    const siteId = entityId === null ? null : await siteIdOf();
    if (entityId === null || siteId === null) userErrors.push(unknownReference('entityId'));
    else body.companySiteEntity = `${iri('company_sites', siteId)}/company_site_entities/${entityId}`;
  }
  return { body, userErrors };
}

/** A write changed this skip: later fields of the request read the api's answer, and lists again. */
function refreshSkip(context: GatewayContext, skipId: number, skip: RestSkip | null): void {
  const { skips, skipsBySite, skipsByEntity } = context.loaders;
  skips.clear(skipId);
  if (skip !== null) skips.prime(skipId, skip);
  skipsBySite.clearAll();
  skipsByEntity.clearAll();
}

/**
 * A write changed deliveries, and so perhaps the state of their skip (ORDERED until a delivery is validated,
 * AVAILABLE again when none is left): later fields of the request read them again.
 */
function refreshDeliveries(context: GatewayContext): void {
  const { skips, skipDeliveries, deliveriesBySkip, deliveriesBySite, skipsBySite, skipsByEntity } =
    context.loaders;
  for (const loader of [
    skips,
    skipDeliveries,
    deliveriesBySkip,
    deliveriesBySite,
    skipsBySite,
    skipsByEntity,
  ]) {
    loader.clearAll();
  }
}

function skipFailed(userErrors: UserError[]) {
  return { skip: null, skipEdge: null, userErrors };
}

/** The refusal of a write as userErrors, or the error itself for what stays a GraphQL error. */
function refusal(error: unknown, fallbackMessage: string, fieldPath?: FieldPathOf): UserError[] {
  const userErrors = userErrorsOfWrite(error, fallbackMessage, fieldPath);
  if (userErrors === null) throw error;
  return userErrors;
}

export const skipMutations = {
  Mutation: {
    /** `POST /api/skips`; the api validates every field and checks the policy. */
    async createSkip(_root: unknown, { input }: { input: CreateSkipInput }, context: GatewayContext) {
      if (context.token === null) throw unauthenticatedError();
      const siteId = databaseIdOf(input.establishmentId, 'Establishment');
      if (siteId === null) return skipFailed([notFoundUserError()]);
      const { body, userErrors } = await skipBody(input.fields, async () => siteId);
      if (userErrors.length > 0) return skipFailed(userErrors);
      try {
        const skip = await context.rest.post<RestSkip>('/api/skips', {
          companySite: iri('company_sites', siteId),
          ...body,
        });
        if (skip === null) throw new Error('POST /api/skips: no body');
        refreshSkip(context, skip.id, skip);
        // Lists of containers are latest first: the new one is their first edge (@prependEdge).
        return { skip, skipEdge: { cursor: offsetCursor(0), node: skip }, userErrors: [] };
      } catch (error) {
        return skipFailed(refusal(error, messages.skipCreateError, skipFieldPath));
      }
    },

    /** `PATCH /api/skips/{id}` with the given fields only; the api tells the producer's from the provider's. */
    async updateSkip(_root: unknown, { input }: { input: UpdateSkipInput }, context: GatewayContext) {
      if (context.token === null) throw unauthenticatedError();
      const skipId = databaseIdOf(input.id, 'Skip');
      if (skipId === null) return skipFailed([notFoundUserError()]);
      try {
        const { body, userErrors } = await skipBody(input.fields, async () =>
          idFromIri((await context.loaders.skips.load(skipId))?.companySite),
        );
        if (userErrors.length > 0) return skipFailed(userErrors);
        if (Object.keys(body).length === 0) return skipFailed([noChange()]);
        const skip = await context.rest.patch<RestSkip>(`/api/skips/${skipId}`, body);
        refreshSkip(context, skipId, skip);
        return { skip, skipEdge: null, userErrors: [] };
      } catch (error) {
        return skipFailed(refusal(error, messages.skipUpdateError, skipFieldPath));
      }
    },

    /** `PATCH /api/skips/{id}` with `{"archived": true}` (state ARCHIVED) or `false` (restored). */
    async archiveSkip(_root: unknown, { input }: { input: ArchiveSkipInput }, context: GatewayContext) {
      if (context.token === null) throw unauthenticatedError();
      const skipId = databaseIdOf(input.id, 'Skip');
      if (skipId === null) return skipFailed([notFoundUserError()]);
      try {
        const skip = await context.rest.patch<RestSkip>(`/api/skips/${skipId}`, { archived: input.archived });
        refreshSkip(context, skipId, skip);
        return { skip, skipEdge: null, userErrors: [] };
      } catch (error) {
        return skipFailed(refusal(error, messages.skipArchiveError, skipFieldPath));
      }
    },

    /** `DELETE /api/skips/{id}`. */
    async deleteSkip(_root: unknown, { input }: { input: { id: string } }, context: GatewayContext) {
      if (context.token === null) throw unauthenticatedError();
      const skipId = databaseIdOf(input.id, 'Skip');
      if (skipId === null) return { deletedSkipId: null, userErrors: [notFoundUserError()] };
      try {
        await context.rest.delete(`/api/skips/${skipId}`);
        refreshSkip(context, skipId, null);
        return { deletedSkipId: toGlobalId('Skip', skipId), userErrors: [] };
      } catch (error) {
        return { deletedSkipId: null, userErrors: refusal(error, messages.skipDeleteError) };
      }
    },

    /** `POST /api/skip_deliveries`: one delivery, or a program and one delivery per date of its recurrence. */
    async orderSkipDelivery(
      _root: unknown,
      { input }: { input: OrderSkipDeliveryInput },
      context: GatewayContext,
    ) {
      if (context.token === null) throw unauthenticatedError();
      const failed = (userErrors: UserError[]) => ({ deliveries: [], program: null, skip: null, userErrors });
      const skipId = databaseIdOf(input.skipId, 'Skip');
      if (skipId === null) return failed([notFoundUserError()]);
      const { program } = input;
      const body = {
        skip: iri('skips', skipId),
        ...mergePatchOf(input, ['requestedDate', 'comment']),
        ...(program
          ? {
              program: {
                startDate: program.startDate,
                endDate: program.endDate,
                recurrence: program.recurrence,
                interval: program.interval,
                ...mergePatchOf(program, ['weekdays', 'monthPosition', 'monthDay']),
              },
            }
          : {}),
      };
      try {
        // The api answers the created deliveries as a collection (one, or every date of the program).
        const answer = await context.rest.post<unknown>('/api/skip_deliveries', body);
        const deliveries = unwrapCollection<RestSkipDelivery>(answer).items;
        refreshDeliveries(context);
        const { skipDeliveries, skipDeliveryPrograms, skips } = context.loaders;
        for (const delivery of deliveries) skipDeliveries.prime(delivery.id, delivery);
        const programIri = deliveries.find((delivery) => delivery.program)?.program ?? null;
        return {
          deliveries,
          // Lazy: read (one call each) only when the payload selects them.
          program: () => (programIri === null ? null : skipDeliveryPrograms.load(programIri)),
          skip: () => skips.load(skipId),
          userErrors: [],
        };
      } catch (error) {
        return failed(
          refusal(
            error,
            program ? messages.programSubmitError : messages.deliveryOrderError,
            deliveryFieldPath,
          ),
        );
      }
    },

    /** `PATCH /api/skip_deliveries/{id}`: the provider moves the status along (409 when it may not). */
    async advanceSkipDelivery(
      _root: unknown,
      { input }: { input: AdvanceSkipDeliveryInput },
      context: GatewayContext,
    ) {
      if (context.token === null) throw unauthenticatedError();
      const deliveryId = databaseIdOf(input.id, 'SkipDelivery');
      if (deliveryId === null) return { delivery: null, userErrors: [notFoundUserError()] };
      try {
        const delivery = await context.rest.patch<RestSkipDelivery>(`/api/skip_deliveries/${deliveryId}`, {
          status: input.status,
          ...mergePatchOf(input, ['scheduledDate'] as const),
        });
        // A validated delivery makes its skip available again.
        refreshDeliveries(context);
        context.loaders.skipDeliveries.prime(deliveryId, delivery);
        return { delivery, userErrors: [] };
      } catch (error) {
        return { delivery: null, userErrors: refusal(error, messages.deliveryUpdateError) };
      }
    },

    /** `DELETE /api/skip_deliveries/{id}`: the producer cancels a delivery not yet scheduled (409 after). */
    async cancelSkipDelivery(_root: unknown, { input }: { input: { id: string } }, context: GatewayContext) {
      if (context.token === null) throw unauthenticatedError();
      const deliveryId = databaseIdOf(input.id, 'SkipDelivery');
      if (deliveryId === null) {
        return { cancelledDeliveryId: null, skip: null, userErrors: [notFoundUserError()] };
      }
      try {
        // Its container, read before (one batched call): the answer names it as it is after.
        const skipIri = (await nullOn404(context.loaders.skipDeliveries.load(deliveryId)))?.skip ?? null;
        await context.rest.delete(`/api/skip_deliveries/${deliveryId}`);
        refreshDeliveries(context);
        return {
          cancelledDeliveryId: toGlobalId('SkipDelivery', deliveryId),
          skip: () => (skipIri === null ? null : context.loaders.skips.load(skipIri)),
          userErrors: [],
        };
      } catch (error) {
        return {
          cancelledDeliveryId: null,
          skip: null,
          userErrors: refusal(error, messages.deliveryUpdateError),
        };
      }
    },

    /**
     * `DELETE /api/skip_delivery_programs/{id}`, which removes the program's future deliveries not yet
     * scheduled and keeps the others (they stand alone after it). The api answers 204: the removed ones are
     * the program's deliveries that its skip no longer has (one call before, one after, whatever their number).
     */
    async deleteSkipDeliveryProgram(
      _root: unknown,
      { input }: { input: { id: string } },
      context: GatewayContext,
    ) {
      if (context.token === null) throw unauthenticatedError();
      const failed = (userErrors: UserError[]) => ({
        deletedProgramId: null,
        deletedDeliveryIds: [],
        skip: null,
        userErrors,
      });
      const programId = databaseIdOf(input.id, 'SkipDeliveryProgram');
      if (programId === null) return failed([notFoundUserError()]);
      const programIri = iri('skip_delivery_programs', programId);
      try {
        const before = (
          await context.rest.getCollection<RestSkipDelivery>('/api/skip_deliveries', {
            'program[]': [programId],
            pagination: false,
          })
        ).items.filter((delivery) => delivery.program === programIri);
        await context.rest.delete(`/api/skip_delivery_programs/${programId}`);
        const skipIds = [...new Set(before.map((delivery) => idFromIri(delivery.skip)))].filter(
          (id): id is number => id !== null,
        );
        const remaining = new Set<number>();
        if (skipIds.length > 0) {
          const after = await context.rest.getCollection<RestSkipDelivery>('/api/skip_deliveries', {
            'skip[]': skipIds,
            pagination: false,
          });
          for (const delivery of after.items) remaining.add(delivery.id);
        }
        refreshDeliveries(context);
        const [skipId] = skipIds;
        return {
          deletedProgramId: toGlobalId('SkipDeliveryProgram', programId),
          skip: () => (skipId === undefined ? null : context.loaders.skips.load(skipId)),
          deletedDeliveryIds: before
            .filter((delivery) => !remaining.has(delivery.id))
            .map((delivery) => toGlobalId('SkipDelivery', delivery.id)),
          userErrors: [],
        };
      } catch (error) {
        return failed(refusal(error, messages.programDeleteError));
      }
    },
  },
};
