import {
  COMPLETION_EDITABLE_STATUSES,
  completionProblems,
  HISTORY_FILTER_KEYS,
  HISTORY_FILTERS,
  isoDateSchema,
  messages,
  OPERATION_ACTIONS,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  type OperationActionName,
  type OperationActor,
  type OperationStatus,
  type OperationType,
  OUTLET_QUANTITY_UNITS,
  operationActionFor,
  operationCompletionSchema,
  operationRequestSchema,
  operationStatusLabels,
  operationTypeLabels,
  outletQuantityUnitLabels,
  parisDate,
  qualificationOf,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { type Db, SqlParams } from '../db/index.ts';
import {
  BODY_NOT_AN_OBJECT,
  badRequest,
  type CollectionSpec,
  codeListFilter,
  collectionQuerySchema,
  enumFilter,
  enumListFilter,
  fetchPage,
  filterConditions,
  forbidden,
  hydraCollection,
  hydraItem,
  idParams,
  isPlainObject,
  itemId,
  itemResponse,
  JSON_LD,
  jsonSchemaOf,
  mergePatchBody,
  notFound,
  parseBody,
  parseCollectionQuery,
  problemSchema,
  type RawQuery,
  sendCollection,
  sendItem,
  unprocessable,
  type Violation,
  violationsFromZod,
} from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { codeIndex } from '../reference/codes.ts';
import { conflict, loadSkip } from '../skips/routes.ts';
import {
  assertRequestable,
  loadOperation,
  OPERATION_SELECT,
  type OperationRow,
  operationItem,
  operationTarget,
  outletItem,
  outletsOf,
  replaceOutlets,
  skipOfProducerRequest,
  syncSkipPlannedWork,
} from './store.ts';

/**
 * Operations (SPEC 3, 4, 7): a producer asks for a rotation or the retirement of a container; its provider
 * puts the request on hold, accepts it (with or without a date) or declines it, then completes it with the
 * real quantity, date and final outlets; the producer validates or cancels. Every move is one row of
 * `OPERATION_ACTIONS` (domain/operations.ts), checked under a row lock so that two people acting at once
 * never half-apply: the second is told the operation cannot be modified.
 */

const spec: CollectionSpec = {
  relations: ['companySite', 'companySiteEntity', 'provider', 'skip', 'thirdLevelWaste'],
  order: ['createdAt', 'requestedDate', 'interventionDate', 'updatedAt'],
  dates: ['createdAt', 'requestedDate', 'interventionDate', 'realInterventionDate'],
};
const columns = {
  id: 'o.id',
  relations: {
    companySite: 'o.company_site_id',
    companySiteEntity: 'o.company_site_entity_id',
    provider: 'o.provider_site_id',
    skip: 'o.skip_id',
    thirdLevelWaste: 'o.third_level_waste_id',
  },
  dates: {
    createdAt: { column: 'o.created_at', type: 'timestamptz' },
    requestedDate: { column: 'o.requested_date', type: 'date' },
    interventionDate: { column: 'o.intervention_date', type: 'date' },
    realInterventionDate: { column: 'o.real_intervention_date', type: 'date' },
  },
} as const;
const orderColumns = {
  createdAt: 'o.created_at',
  requestedDate: 'o.requested_date',
  interventionDate: 'o.intervention_date',
  updatedAt: 'o.updated_at',
};

/** The moves and completion fields of a PATCH (merge-patch: absent is untouched, null clears). */
const patchSchema = operationCompletionSchema.extend({
  status: z.enum(OPERATION_STATUSES, { error: messages.unknownChoice }).optional(),
  interventionDate: isoDateSchema.nullish(),
  version: z
    .number({ error: messages.positiveInteger })
    .int(messages.positiveInteger)
    .positive(messages.positiveInteger)
    .nullish(),
});
const COMPLETION_FIELDS = Object.keys(operationCompletionSchema.shape) as (keyof z.infer<
  typeof operationCompletionSchema
>)[];

const visibleCondition = (policy: Policy, params: SqlParams) =>
  policy.visibleSkipCondition(
    { site: 'o.company_site_id', entity: 'o.company_site_entity_id', provider: 'o.provider_site_id' },
    params,
  );

async function sendOperation(db: Db, reply: FastifyReply, row: OperationRow, status = 200) {
  const outlets = await outletsOf(db, [row.id]);
  return sendItem(reply, operationItem(row, outlets.get(row.id) ?? []), status);
}

/** The actor the caller acts as for a move: the side that may make it; 403 when neither may. */
async function actorFor(
  policy: Policy,
  row: OperationRow,
  to: OperationStatus,
): Promise<{ actor: OperationActor; action: OperationActionName | null }> {
  const sides = await policy.assertSkipVisible(operationTarget(row));
  for (const actor of ['provider', 'producer'] as const) {
    if (!sides[actor]) continue;
    const action = operationActionFor(row.status, to, actor);
    if (action !== null) return { actor, action };
  }
  // A side the caller holds but no move from here: the operation cannot be modified (409), not a 403.
  const actor = sides.provider ? 'provider' : 'producer';
  const other = actor === 'provider' ? 'producer' : 'provider';
  if (operationActionFor(row.status, to, other) !== null && !sides[other]) throw forbidden();
  return { actor, action: null };
}

export function registerOperationRoutes(app: FastifyInstance, { db, config, reference }: ApiContext): void {
  const tags = ['operations'];
  const { treatmentCodes, wasteCodes } = codeIndex(reference);

  /** A producer's request on a container: POST /api/operations and POST /api/skip/retirement. */
  async function requestOperation(request: FastifyRequest, reply: FastifyReply, type?: OperationType) {
    const { policy, userId } = callerOf(request);
    const body = request.body;
    if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
    const skipId = await skipOfProducerRequest(db, policy, body);
    const values = parseBody(operationRequestSchema, type === undefined ? body : { ...body, type });
    const now = config.now();
    if (values.requestedDate < parisDate(now)) {
      throw unprocessable([
        { propertyPath: 'requestedDate', message: messages.requestedDateInPast, code: 'past' },
      ]);
    }
    const row = await db.transaction(async (tx) => {
      const skip = await loadSkip(tx, skipId, true);
      assertRequestable(skip, values.type === 'ROTATION');
      const open = await tx.maybeOne<{ id: number }>(
        `select id from operations where skip_id = $1
           and status in ('REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED', 'COMPLETED')`,
        [skipId],
      );
      if (open !== null) throw conflict(messages.skipHasOpenOperation);
      const inserted = await tx.one<{ id: number }>(
        `insert into operations (type, skip_id, company_site_id, company_site_entity_id, provider_site_id,
           third_level_waste_id, waste_code, dangerous, planned_treatment_code, requested_date, comment,
           requested_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) returning id`,
        [
          values.type,
          skipId,
          skip.siteId,
          skip.entityId,
          skip.providerSiteId,
          skip.thirdLevelWasteId,
          skip.wasteCode,
          skip.dangerous,
          skip.plannedTreatmentCode,
          values.requestedDate,
          values.comment,
          userId,
          now,
        ],
      );
      const created = await loadOperation(tx, inserted.id);
      await syncSkipPlannedWork(tx, created.skipId, now);
      return created;
    });
    reply.header('location', operationItem(row, [])['@id']);
    return sendOperation(db, reply, row, 201);
  }

  const requestBody = jsonSchemaOf(z.object({ skip: z.string(), ...operationRequestSchema.shape }));

  app.get(
    '/api/operations',
    {
      schema: {
        tags,
        summary:
          'Visible operations: of my sites (a limited-entity user: my chantiers) and those I provide; filters ' +
          '`status[]`, `type[]`, `history` (a key of filters/operation), `wasteCode[]` (official codes; an ' +
          "operation without its own code has its waste type's, as the dashboard counts it)",
        querystring: {
          ...collectionQuerySchema(spec),
          properties: {
            ...collectionQuerySchema(spec).properties,
            'status[]': { type: 'array', items: { type: 'string', enum: [...OPERATION_STATUSES] } },
            'type[]': { type: 'array', items: { type: 'string', enum: [...OPERATION_TYPES] } },
            history: { type: 'string', enum: [...HISTORY_FILTER_KEYS] },
            'wasteCode[]': { type: 'array', items: { type: 'string' } },
          },
        },
        response: { 200: itemResponse('hydra:Collection of Operation') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const raw = request.query as RawQuery;
      const query = parseCollectionQuery(raw, spec);
      const statuses = enumListFilter(raw, 'status', OPERATION_STATUSES);
      const types = enumListFilter(raw, 'type', OPERATION_TYPES);
      const history = enumFilter(raw, 'history', HISTORY_FILTER_KEYS);
      const codes = codeListFilter(raw, 'wasteCode', wasteCodes, messages.unknownWasteCode);
      const params = new SqlParams();
      const where = [await visibleCondition(policy, params), ...filterConditions(query, columns, params)];
      if (statuses !== undefined) where.push(`o.status = any(${params.add(statuses)}::text[])`);
      if (history !== undefined && history !== 'all') {
        where.push(`o.status = any(${params.add([...HISTORY_FILTERS[history].statuses])}::text[])`);
      }
      if (types !== undefined) where.push(`o.type = any(${params.add(types)}::text[])`);
      if (codes !== undefined) {
        where.push(
          `coalesce(o.waste_code, (select w.waste_code from third_level_wastes w where w.id = o.third_level_waste_id))
             = any(${params.add(codes)}::text[])`,
        );
      }
      const { rows, totalItems } = await fetchPage<OperationRow>(db, {
        select: OPERATION_SELECT,
        from: 'operations o',
        where,
        params,
        // Newest request first unless asked otherwise.
        order: query.order.length > 0 ? query.order : [{ field: 'createdAt', direction: 'desc' }],
        orderColumns,
        tieBreaker: 'o.id desc',
        pagination: query.pagination,
      });
      const outlets = await outletsOf(
        db,
        rows.map((row) => row.id),
      );
      return sendCollection(reply, request, {
        type: 'Operation',
        members: rows.map((row) => operationItem(row, outlets.get(row.id) ?? [])),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operations/:id',
    {
      schema: {
        tags,
        summary: 'One visible operation, with its final outlets',
        params: idParams(),
        response: { 200: itemResponse('Operation'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await loadOperation(db, itemId(request.params.id));
      await callerOf(request).policy.assertSkipVisible(operationTarget(row));
      return sendOperation(db, reply, row);
    },
  );

  app.post(
    '/api/operations',
    {
      schema: {
        tags,
        summary:
          'The producer (operation:request) asks for a rotation or a retirement of a container on site; a ' +
          'rotation needs every mandatory field of the container; one open operation per container',
        body: requestBody,
        response: {
          201: itemResponse('Operation'),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
        },
      },
    },
    (request, reply) => requestOperation(request, reply),
  );

  app.post(
    '/api/skip/retirement',
    {
      schema: {
        tags: ['operations', 'skips'],
        summary:
          'The producer asks for the definitive retirement of a container (an operation of type RETIREMENT)',
        body: jsonSchemaOf(z.object({ skip: z.string(), requestedDate: z.string(), comment: z.string() })),
        response: {
          201: itemResponse('Operation'),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
        },
      },
    },
    (request, reply) => requestOperation(request, reply, 'RETIREMENT'),
  );

  app.patch<{ Params: { id: string } }>(
    '/api/operations/:id',
    {
      schema: {
        tags,
        summary:
          'Moves an operation (`status`, with `interventionDate` to schedule) along domain/operations.ts, and ' +
          'saves its completion (provider: receivedQuantity, realInterventionDate, bsdNumber, transporter, ' +
          'comment, finalOutlets replaced as a whole); COMPLETED needs all of them and balanced outlets. A ' +
          'move the status does not allow is a 409; a stale `version` too',
        params: idParams(),
        body: jsonSchemaOf(patchSchema),
        response: {
          200: itemResponse('Operation'),
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const operationId = itemId(request.params.id);
      const current = await loadOperation(db, operationId);
      await policy.assertSkipVisible(operationTarget(current));
      const body = mergePatchBody(request);
      const parsed = patchSchema.safeParse(body);
      if (!parsed.success) throw unprocessable(violationsFromZod(parsed.error));
      const patch = parsed.data;
      const completing = COMPLETION_FIELDS.some((field) => Object.hasOwn(body, field));
      if (patch.status === undefined && !completing) throw unprocessable([noChangeViolation()]);

      const violations: Violation[] = [];
      // Each code from the official list, each qualification one its code allows (the only one by default).
      const finalOutlets = patch.finalOutlets?.map((outlet, index) => {
        const code = treatmentCodes.get(outlet.treatmentCode);
        if (code === undefined) {
          violations.push({
            propertyPath: `finalOutlets.${index}.treatmentCode`,
            message: messages.unknownTreatmentCode,
            code: 'unknown_code',
          });
          return outlet;
        }
        if (outlet.qualification !== null && !code.operationModes.includes(outlet.qualification)) {
          violations.push({
            propertyPath: `finalOutlets.${index}.qualification`,
            message: messages.qualificationNotOfCode,
            code: 'qualification',
          });
        }
        return { ...outlet, qualification: qualificationOf(outlet.qualification, code.operationModes) };
      });
      if (violations.length > 0) throw unprocessable(violations);

      const now = config.now();
      const today = parisDate(now);
      const row = await db.transaction(async (tx) => {
        const stored = await loadOperation(tx, operationId, true);
        if (patch.version !== undefined && patch.version !== null && patch.version !== stored.version) {
          throw conflict(messages.concurrentModification);
        }
        const requestDay = parisDate(new Date(stored.createdAt));
        let action: OperationActionName | null = null;
        if (patch.status !== undefined) {
          const decided = await actorFor(policy, stored, patch.status);
          if (decided.action === null) throw conflict(messages.operationCannotBeModified);
          action = decided.action;
          await policy.assertCan(OPERATION_ACTIONS[action].permission);
        }
        if (completing) {
          await policy.assertCanActOnOperation(operationTarget(stored), 'provider', 'operation:complete');
          if (!COMPLETION_EDITABLE_STATUSES.includes(stored.status)) {
            throw conflict(messages.operationCannotBeModified);
          }
        }

        let interventionDate = stored.interventionDate;
        if (action === 'schedule' || action === 'reschedule') {
          if (!patch.interventionDate) {
            throw unprocessable([
              { propertyPath: 'interventionDate', message: messages.required, code: 'required' },
            ]);
          }
          if (patch.interventionDate < requestDay) {
            throw unprocessable([
              {
                propertyPath: 'interventionDate',
                message: messages.interventionBeforeRequest,
                code: 'before_request',
              },
            ]);
          }
          interventionDate = patch.interventionDate;
        }

        const pick = <K extends keyof typeof patch>(key: K, fallback: unknown) =>
          Object.hasOwn(body, key) ? (patch[key] ?? null) : fallback;
        const completion = {
          receivedQuantity: pick('receivedQuantity', stored.receivedQuantity) as string | null,
          realInterventionDate: pick('realInterventionDate', stored.realInterventionDate) as string | null,
          bsdNumber: pick('bsdNumber', stored.bsdNumber) as string | null,
          transporter: pick('transporter', stored.transporter) as string | null,
          providerComment: pick('comment', stored.providerComment) as string | null,
        };
        if (completion.realInterventionDate !== null && Object.hasOwn(body, 'realInterventionDate')) {
          if (completion.realInterventionDate < requestDay) {
            violations.push({
              propertyPath: 'realInterventionDate',
              message: messages.interventionBeforeRequest,
              code: 'before_request',
            });
          } else if (completion.realInterventionDate > today) {
            violations.push({
              propertyPath: 'realInterventionDate',
              message: messages.interventionDateInFuture,
              code: 'future',
            });
          }
        }
        const outlets = finalOutlets ?? (await outletsOf(tx, [operationId])).get(operationId) ?? [];
        if (action === 'complete') {
          // A final code that allows several qualifications needs one chosen (the register says which).
          outlets.forEach((outlet, index) => {
            const modes = treatmentCodes.get(outlet.treatmentCode)?.operationModes ?? [];
            if (outlet.qualification === null && modes.length > 1) {
              violations.push({
                propertyPath: `finalOutlets.${index}.qualification`,
                message: messages.qualificationRequired,
                code: 'qualification',
              });
            }
          });
          for (const [propertyPath, message] of completionProblems({
            ...completion,
            finalOutlets: outlets,
          })) {
            violations.push({ propertyPath, message, code: 'incomplete' });
          }
        }
        if (violations.length > 0) throw unprocessable(violations);

        const status = patch.status ?? stored.status;
        await tx.query(
          `update operations set status = $2, intervention_date = $3, received_quantity = $4::numeric,
             real_intervention_date = $5::date, bsd_number = $6, transporter = $7, provider_comment = $8,
             version = version + 1, updated_at = $9,
             completed_at = case when $2 = 'COMPLETED' then $9 else completed_at end,
             validated_at = case when $2 = 'REALISED' then $9 else validated_at end
           where id = $1`,
          [
            operationId,
            status,
            interventionDate,
            completion.receivedQuantity,
            completion.realInterventionDate,
            completion.bsdNumber,
            completion.transporter,
            completion.providerComment,
            now,
          ],
        );
        if (finalOutlets !== undefined) await replaceOutlets(tx, operationId, finalOutlets);
        const updated = await loadOperation(tx, operationId);
        if (updated.status !== stored.status) {
          await syncSkipPlannedWork(
            tx,
            updated.skipId,
            now,
            updated.type === 'RETIREMENT' && updated.status === 'REALISED',
          );
        }
        return updated;
      });
      return sendOperation(db, reply, row);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operation/:id/operation_final_outlet_links',
    {
      schema: {
        tags,
        summary: 'The final outlets of a visible operation, in order',
        params: idParams(),
        response: { 200: itemResponse('hydra:Collection of OperationFinalOutletLink'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const operationId = itemId(request.params.id);
      const row = await loadOperation(db, operationId);
      await callerOf(request).policy.assertSkipVisible(operationTarget(row));
      const outlets = (await outletsOf(db, [operationId])).get(operationId) ?? [];
      return reply.type(JSON_LD).send(
        hydraCollection({
          type: 'OperationFinalOutletLink',
          url: request.url,
          members: outlets.map(outletItem),
          totalItems: outlets.length,
          pagination: { enabled: false },
        }),
      );
    },
  );

  app.get<{ Params: { id: string; lid: string } }>(
    '/api/operation/:id/operation_final_outlet_links/:lid',
    {
      schema: {
        tags,
        summary: 'One final outlet of a visible operation',
        params: {
          type: 'object',
          properties: { id: { type: 'string' }, lid: { type: 'string' } },
          required: ['id', 'lid'],
        },
        response: { 200: itemResponse('OperationFinalOutletLink'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const operationId = itemId(request.params.id);
      const outletId = itemId(request.params.lid);
      const row = await loadOperation(db, operationId);
      await callerOf(request).policy.assertSkipVisible(operationTarget(row));
      const outlet = (await outletsOf(db, [operationId])).get(operationId)?.find((o) => o.id === outletId);
      if (outlet === undefined) throw notFound();
      return sendItem(reply, outletItem(outlet));
    },
  );

  app.get(
    '/api/filters/operation',
    {
      schema: {
        tags,
        summary: 'The filters of the operations history (SPEC 4), the statuses and types, with French labels',
        response: { 200: itemResponse('OperationFilters') },
      },
    },
    async (_request, reply) =>
      sendItem(
        reply,
        hydraItem('OperationFilters', '/api/filters/operation', {
          history: HISTORY_FILTER_KEYS.map((key) => ({
            key,
            label: HISTORY_FILTERS[key].label,
            statuses: [...HISTORY_FILTERS[key].statuses],
          })),
          statuses: OPERATION_STATUSES.map((code) => ({ code, label: operationStatusLabels[code] })),
          types: OPERATION_TYPES.map((code) => ({ code, label: operationTypeLabels[code] })),
        }),
      ),
  );

  app.get(
    '/api/operation_quantity_units',
    {
      schema: {
        tags,
        summary: 'Units of an outlet quantity: tonnes or a percentage of the operation',
        response: { 200: itemResponse('hydra:Collection of OperationQuantityUnit') },
      },
    },
    async (request, reply) =>
      reply.type(JSON_LD).send(
        hydraCollection({
          type: 'OperationQuantityUnit',
          url: request.url,
          members: OUTLET_QUANTITY_UNITS.map((code) =>
            hydraItem('OperationQuantityUnit', `/api/operation_quantity_units/${code}`, {
              id: code,
              label: outletQuantityUnitLabels[code],
            }),
          ),
          totalItems: OUTLET_QUANTITY_UNITS.length,
          pagination: { enabled: false },
        }),
      ),
  );
}

function noChangeViolation(): Violation {
  return { propertyPath: '', message: messages.noChange, code: 'no_change' };
}
