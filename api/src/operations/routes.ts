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
  collectionSchema,
  conflict,
  hydraCollection,
  hydraItem,
  idParams,
  isPlainObject,
  itemId,
  JSON_LD,
  jsonSchemaOf,
  ldCollection,
  ldItem,
  ldObject,
  mergePatchBody,
  notFound,
  parseBody,
  problems,
  sendItem,
  unprocessable,
  type Violation,
  violationsFromZod,
} from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { codeIndex } from '../reference/codes.ts';
import { skips } from '../skips/resource.ts';
import {
  type OperationRow,
  operationItem,
  operations,
  outletItem,
  outletSchema,
  outletsOf,
} from './resource.ts';
import { assertRequestable, replaceOutlets, skipOfProducerRequest, syncSkipPlannedWork } from './store.ts';

/**
 * Operations (SPEC 3, 4, 7): a producer asks for a rotation or the retirement of a container; its provider
 * puts the request on hold, accepts it (with or without a date) or declines it, then completes it with the
 * real quantity, date and final outlets; the producer validates or cancels. Every move is one row of
 * `OPERATION_ACTIONS` (domain/operations.ts), checked under a row lock so that two people acting at once
 * never half-apply: the second is told the operation cannot be modified.
 */

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

async function sendOperation(db: Db, reply: FastifyReply, row: OperationRow, status = 200) {
  const outlets = await outletsOf(db, [row.id]);
  return sendItem(reply, operationItem(row, outlets.get(row.id) ?? []), status);
}

/** A list of codes with their French labels. */
const labelledCodes = (codes: readonly string[]) => ({
  type: 'array',
  items: {
    type: 'object',
    required: ['code', 'label'],
    properties: { code: { type: 'string', enum: [...codes] }, label: { type: 'string' } },
  },
});

export function registerOperationRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, reference } = context;
  const tags = ['operations'];
  const { treatmentCodes } = codeIndex(reference);

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
      const skip = await skips.load(tx, skipId, { lock: true });
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
          skip.companySite,
          skip.companySiteEntity,
          skip.provider,
          skip.thirdLevelWaste,
          skip.wasteCode,
          skip.dangerous,
          skip.plannedTreatmentCode,
          values.requestedDate,
          values.comment,
          userId,
          now,
        ],
      );
      const created = await operations.load(tx, inserted.id);
      await syncSkipPlannedWork(tx, created.skip, now);
      return created;
    });
    reply.header('location', `/api/operations/${row.id}`);
    return sendOperation(db, reply, row, 201);
  }

  const requestBody = jsonSchemaOf(z.object({ skip: z.string(), ...operationRequestSchema.shape }));

  operations.registerSchema(app);
  app.addSchema(outletSchema);
  operations.registerCollection(app, context, {
    summary:
      'Visible operations: of my sites (a limited-entity user: my chantiers) and those I provide; filters ' +
      '`status[]`, `type[]`, `history` (a key of filters/operation), `wasteCode[]` (official codes)',
  });
  operations.registerItem(app, context, { summary: 'One visible operation, with its final outlets' });

  app.post(
    '/api/operations',
    {
      schema: {
        tags,
        summary:
          'The producer (operation:request) asks for a rotation or a retirement of a container on site; a ' +
          'rotation needs every mandatory field of the container; one open operation per container',
        body: requestBody,
        response: { 201: ldItem('Operation'), ...problems(400, 401, 403, 404, 409, 422) },
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
        response: { 201: ldItem('Operation'), ...problems(400, 401, 403, 404, 409, 422) },
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
        response: { 200: ldItem('Operation'), ...problems(401, 403, 404, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const operationId = itemId(request.params.id);
      const current = await operations.load(db, operationId);
      await policy.assertSkipVisible(current);
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
        const stored = await operations.load(tx, operationId, { lock: true });
        if (patch.version !== undefined && patch.version !== null && patch.version !== stored.version) {
          throw conflict(messages.concurrentModification);
        }
        const requestDay = parisDate(new Date(stored.createdAt));
        let action: OperationActionName | null = null;
        if (patch.status !== undefined) {
          const decided = await policy.operationMove(stored, patch.status);
          if (decided.action === null) throw conflict(messages.operationCannotBeModified);
          action = decided.action;
          await policy.assertCan(OPERATION_ACTIONS[action].permission);
        }
        if (completing) {
          await policy.assertCanActOn(stored, 'provider', 'operation:complete');
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
        const updated = await operations.load(tx, operationId);
        if (updated.status !== stored.status) {
          await syncSkipPlannedWork(
            tx,
            updated.skip,
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
        response: { 200: ldCollection('OperationFinalOutletLink'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const operationId = itemId(request.params.id);
      const row = await operations.load(db, operationId);
      await callerOf(request).policy.assertSkipVisible(row);
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
        response: { 200: ldItem('OperationFinalOutletLink'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const operationId = itemId(request.params.id);
      const outletId = itemId(request.params.lid);
      const row = await operations.load(db, operationId);
      await callerOf(request).policy.assertSkipVisible(row);
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
        response: {
          200: ldObject('The history filters, statuses and types of operations, with French labels', {
            type: 'object',
            required: ['@id', '@type', 'history', 'statuses', 'types'],
            properties: {
              '@context': { type: 'string' },
              '@id': { type: 'string' },
              '@type': { type: 'string', enum: ['OperationFilters'] },
              history: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['key', 'label', 'statuses'],
                  properties: {
                    key: { type: 'string', enum: [...HISTORY_FILTER_KEYS] },
                    label: { type: 'string' },
                    statuses: { type: 'array', items: { type: 'string', enum: [...OPERATION_STATUSES] } },
                  },
                },
              },
              statuses: labelledCodes(OPERATION_STATUSES),
              types: labelledCodes(OPERATION_TYPES),
            },
          }),
          ...problems(401),
        },
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
        response: {
          200: ldObject(
            'hydra:Collection of OperationQuantityUnit',
            collectionSchema({
              type: 'object',
              required: ['@id', '@type', 'id', 'label'],
              properties: {
                '@id': { type: 'string' },
                '@type': { type: 'string', enum: ['OperationQuantityUnit'] },
                id: { type: 'string', enum: [...OUTLET_QUANTITY_UNITS] },
                label: { type: 'string' },
              },
            }),
          ),
          ...problems(401),
        },
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
