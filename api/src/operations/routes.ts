import { messages, type OperationType, operationRequestSchema, parisDate } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  BODY_NOT_AN_OBJECT,
  badRequest,
  conflict,
  idParams,
  isPlainObject,
  itemId,
  jsonSchemaOf,
  ldItem,
  parseBody,
  problems,
  sendItem,
  unprocessable,
} from '../hydra/index.ts';
import { notifyOperation } from '../notifications/notify.ts';
import { skips } from '../skips/resource.ts';
import { registerDeclarationRoutes } from './declarations.ts';
import { registerOperationListRoutes } from './lists.ts';
import { patchOperation, patchSchema } from './moves.ts';
import { registerOutletRoutes } from './outlets.ts';
import { type OperationRow, operationItemOf, operations, outletSchema } from './resource.ts';
import { assertRequestable, skipOfProducerRequest, syncSkipPlannedWork } from './store.ts';
import { registerTransporterRoutes } from './transporters.ts';

/**
 * Operations (SPEC 3, 4, 7): a producer asks for a rotation or the retirement of a container; its provider
 * puts the request on hold, accepts it (with or without a date) or declines it, then completes it with the
 * real quantity, date and final outlets; the producer validates or cancels. Every move is one row of
 * `OPERATION_ACTIONS` (domain/operations.ts), checked under a row lock so that two people acting at once
 * never half-apply: the second is told the operation cannot be modified.
 */

async function sendOperation(db: Db, reply: FastifyReply, row: OperationRow, status = 200) {
  return sendItem(reply, await operationItemOf(db, row), status);
}

export function registerOperationRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  const tags = ['operations'];

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
      await notifyOperation(tx, created.id, null, userId, now);
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
          'saves its completion (provider: receivedQuantity, realInterventionDate, bsdNumber, the transporter, ' +
          'comment, finalOutlets replaced as a whole); COMPLETED needs all of them and balanced outlets. The ' +
          'transporter is `transporterSite` (one of transporter_choices: its name, SIRET and address are copied) ' +
          'or `transporterName`, `transporterSiret`, `transporterAddress` entered by hand; ' +
          '`transporterReceiptNumber` either way. The eco-organisation (`ecoOrganisationName`, ' +
          '`ecoOrganisationSiren`) and the broker (`brokerName`, `brokerSiret`, `brokerReceiptNumber`), where there ' +
          'is one, each need their name once anything else of them is given. A move the status does not allow is a 409; a stale `version` too',
        params: idParams(),
        body: jsonSchemaOf(patchSchema),
        response: { 200: ldItem('Operation'), ...problems(401, 403, 404, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const row = await patchOperation(context, request, itemId(request.params.id));
      return sendOperation(db, reply, row);
    },
  );

  registerDeclarationRoutes(app, context);
  registerOutletRoutes(app, context);
  registerTransporterRoutes(app, context);
  registerOperationListRoutes(app);
}
