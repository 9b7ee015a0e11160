import {
  deliveryActionFor,
  deliveryFields,
  deliveryOrderSchema,
  deliveryProgramFields,
  isoDateSchema,
  MAX_PROGRAM_OCCURRENCES,
  messages,
  parisDate,
  SKIP_DELIVERY_ACTIONS,
  SKIP_DELIVERY_STATUSES,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  BODY_NOT_AN_OBJECT,
  badRequest,
  conflict,
  hydraCollection,
  idParams,
  isPlainObject,
  itemId,
  JSON_LD,
  jsonSchemaOf,
  ldCollection,
  ldItem,
  mergePatchBody,
  noContent,
  notFound,
  parseBody,
  problems,
  referenceId,
  sendItem,
  unprocessable,
  violationsFromZod,
} from '../hydra/index.ts';
import { notifyDeliveryScheduled } from '../notifications/notify.ts';
import {
  defineProgramResource,
  deleteProgram,
  programDates,
  recurrenceValues,
} from '../recurrence/programs.ts';
import { byValues } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import { visibleAsContainer } from '../resource/sides.ts';
import { insertRow } from '../resource/sql.ts';
import { skips } from './resource.ts';

/**
 * Ordering containers (SPEC 4 "Container delivery"): single deliveries or recurring programs whose every date is
 * ordered at once, moved along `domain/deliveries.ts` by the provider, cancelled by the producer.
 */

const deliveries = defineResource({
  type: 'SkipDelivery',
  path: '/api/skip_deliveries',
  tags: ['skips'],
  fields: deliveryFields,
  from: 'skip_deliveries d join skips s on s.id = d.skip_id',
  alias: 'd',
  visible: visibleAsContainer('d', 's.company_site_entity_id'),
  collection: {
    relations: ['skip', 'companySite', 'provider', 'program'],
    order: ['requestedDate', 'scheduledDate', 'createdAt'],
    dates: ['requestedDate', 'scheduledDate'],
    filters: [byValues('status', SKIP_DELIVERY_STATUSES, 'd.status')],
  },
});

const deliveryPrograms = defineProgramResource({
  type: 'SkipDeliveryProgram',
  path: '/api/skip_delivery_programs',
  tags: ['skips'],
  fields: deliveryProgramFields,
  from: 'skip_delivery_programs p join skips s on s.id = p.skip_id',
  entityColumn: 's.company_site_entity_id',
});

/** An ordered container whose deliveries are all gone or done is back to available. */
async function releaseSkipIfIdle(db: Db, skipId: number, now: Date): Promise<void> {
  await db.query(
    `update skips set state = 'AVAILABLE', version = version + 1, updated_at = $2
     where id = $1 and state = 'ORDERED'
       and not exists (select 1 from skip_deliveries where skip_id = $1 and status <> 'VALIDATED')`,
    [skipId, now],
  );
}

/** The body of a delivery's PATCH: the status it moves to and, to schedule, the date. */
const advanceSchema = z.object({
  status: z.enum(SKIP_DELIVERY_STATUSES, { error: messages.unknownChoice }),
  scheduledDate: isoDateSchema.nullish(),
  version: z
    .number({ error: messages.positiveInteger })
    .int(messages.positiveInteger)
    .positive(messages.positiveInteger)
    .nullish(),
});

export function registerDeliveryRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  const tags = ['skips'];
  deliveries.registerSchema(app);
  deliveryPrograms.registerSchema(app);
  deliveries.registerCollection(app, context, {
    summary: 'Visible deliveries: of my containers and those ordered from my sites',
  });
  deliveries.registerItem(app, context, { summary: 'One visible delivery' });
  deliveryPrograms.registerCollection(app, context, { summary: 'Visible recurring delivery programs' });
  deliveryPrograms.registerItem(app, context, { summary: 'One visible recurring delivery program' });

  app.post(
    '/api/skip_deliveries',
    {
      schema: {
        tags,
        summary:
          'Orders a container (skip:order, its producer): once on requestedDate, or on every date of program ' +
          `(at most ${MAX_PROGRAM_OCCURRENCES}); answers the created deliveries as a collection`,
        body: jsonSchemaOf(z.object({ skip: z.string(), ...deliveryOrderSchema.shape })),
        response: { 201: ldCollection('SkipDelivery'), ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      const body = request.body;
      if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
      if (body.skip === null || body.skip === undefined || body.skip === '') {
        throw unprocessable([{ propertyPath: 'skip', message: messages.required, code: 'required' }]);
      }
      const skipId = referenceId(body.skip, 'skips');
      if (skipId === null) throw notFound();
      await policy.assertCanActAsSkipProducer(await skips.load(db, skipId), 'skip:order');
      const order = parseBody(deliveryOrderSchema, body);

      const now = config.now();
      const { program } = order;
      let dates: string[];
      if (program) dates = programDates(program, now, true);
      else {
        const requestedDate = order.requestedDate as string;
        if (requestedDate < parisDate(now)) {
          throw unprocessable([
            { propertyPath: 'requestedDate', message: messages.requestedDateInPast, code: 'past' },
          ]);
        }
        dates = [requestedDate];
      }

      const { rows, programId } = await db.transaction(async (tx) => {
        const skip = await skips.load(tx, skipId, { lock: true });
        if (skip.state === 'ARCHIVED') {
          throw unprocessable([
            { propertyPath: 'skip', message: messages.archivedSkipCannotBeOrdered, code: 'archived' },
          ]);
        }
        if (skip.provider === null) {
          throw unprocessable([
            { propertyPath: 'skip', message: messages.skipNeedsProviderToOrder, code: 'no_provider' },
          ]);
        }
        const programId = program
          ? await insertRow(
              tx,
              { table: 'skip_delivery_programs', fields: deliveryProgramFields },
              {
                skip: skipId,
                companySite: skip.companySite,
                provider: skip.provider,
                ...recurrenceValues(program),
                comment: order.comment,
                createdAt: now,
              },
              { ordered_by: userId },
            )
          : null;
        // One delivery a day per container: dates already ordered are left out, not doubled.
        const created = await tx.query<{ id: number }>(
          `insert into skip_deliveries (skip_id, company_site_id, provider_site_id, program_id, requested_date,
             comment, ordered_by, created_at, updated_at)
           select $1, $2, $3, $4, day::date, $6, $7, $8, $8 from unnest($5::text[]) as day
           on conflict (skip_id, requested_date) do nothing
           returning id`,
          [skipId, skip.companySite, skip.provider, programId, dates, order.comment, userId, now],
        );
        if (created.length === 0) {
          throw unprocessable([
            {
              propertyPath: program ? 'program.startDate' : 'requestedDate',
              message: messages.deliveryAlreadyOrdered,
              code: 'duplicate',
            },
          ]);
        }
        if (skip.state === 'AVAILABLE') {
          await tx.query(
            `update skips set state = 'ORDERED', version = version + 1, updated_at = $2 where id = $1`,
            [skipId, now],
          );
        }
        const createdIds = created.map((row) => row.id);
        const rows = await deliveries.rows(tx, (params) => [`d.id = any(${params.add(createdIds)}::int[])`]);
        rows.sort((a, b) => a.requestedDate.localeCompare(b.requestedDate) || a.id - b.id);
        return { rows, programId };
      });
      const first = rows[0];
      if (first === undefined) throw notFound();
      reply.header(
        'location',
        programId === null ? `/api/skip_deliveries/${first.id}` : `/api/skip_delivery_programs/${programId}`,
      );
      return reply
        .status(201)
        .type(JSON_LD)
        .send(
          hydraCollection({
            type: 'SkipDelivery',
            url: '/api/skip_deliveries',
            members: await deliveries.items(rows, { db, policy }),
            totalItems: rows.length,
            pagination: { enabled: false },
          }),
        );
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/skip_deliveries/:id',
    {
      schema: {
        tags,
        summary:
          'The provider (operation:schedule) moves a delivery: ORDERED → AWAITING_SCHEDULING → SCHEDULED (with ' +
          'scheduledDate, not before the day of ordering; again to move the date) → VALIDATED; else 409',
        params: idParams(),
        body: jsonSchemaOf(advanceSchema),
        response: { 200: ldItem('SkipDelivery'), ...problems(401, 403, 404, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const deliveryId = itemId(request.params.id);
      await policy.assertCanActOnDelivery(await deliveries.load(db, deliveryId), 'provider');
      const parsed = advanceSchema.safeParse(mergePatchBody(request));
      if (!parsed.success) throw unprocessable(violationsFromZod(parsed.error));
      const { status, scheduledDate, version } = parsed.data;
      const now = config.now();
      const row = await db.transaction(async (tx) => {
        const stored = await deliveries.load(tx, deliveryId, { lock: true });
        if (version !== undefined && version !== null && version !== stored.version) {
          throw conflict(messages.concurrentModification);
        }
        const action = deliveryActionFor(stored.status, status, 'provider');
        if (action === null) throw conflict(messages.operationCannotBeModified);
        let scheduled = stored.scheduledDate;
        if (action === 'schedule' || action === 'reschedule') {
          if (!scheduledDate) {
            throw unprocessable([
              { propertyPath: 'scheduledDate', message: messages.required, code: 'required' },
            ]);
          }
          if (scheduledDate < parisDate(new Date(stored.createdAt))) {
            throw unprocessable([
              { propertyPath: 'scheduledDate', message: messages.scheduledBeforeOrder, code: 'before_order' },
            ]);
          }
          scheduled = scheduledDate;
        }
        await tx.query(
          `update skip_deliveries set status = $2, scheduled_date = $3, version = version + 1, updated_at = $4,
             validated_at = case when $2 = 'VALIDATED' then $4 else validated_at end
           where id = $1`,
          [deliveryId, status, scheduled, now],
        );
        if (action === 'schedule' || action === 'reschedule') {
          await notifyDeliveryScheduled(tx, deliveryId, policy.userId, now);
        }
        if (action === 'validate') {
          // Delivered: the container is on site.
          await tx.query(
            `update skips set state = 'AVAILABLE', version = version + 1, updated_at = $2
             where id = $1 and state = 'ORDERED'`,
            [stored.skip, now],
          );
        }
        return deliveries.load(tx, deliveryId);
      });
      const [item] = await deliveries.items([row], { db, policy });
      return sendItem(reply, item as never);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/skip_deliveries/:id',
    {
      schema: {
        tags,
        summary: 'The producer (skip:order) cancels a delivery not yet scheduled; 409 after',
        params: idParams(),
        response: { 204: noContent('Cancelled'), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const deliveryId = itemId(request.params.id);
      await callerOf(request).policy.assertCanActOnDelivery(
        await deliveries.load(db, deliveryId),
        'producer',
      );
      await db.transaction(async (tx) => {
        const stored = await deliveries.load(tx, deliveryId, { lock: true });
        if (deliveryActionFor(stored.status, null, 'producer') === null) {
          throw conflict(messages.operationCannotBeModified);
        }
        await tx.query('delete from skip_deliveries where id = $1', [deliveryId]);
        await releaseSkipIfIdle(tx, stored.skip, config.now());
      });
      return reply.status(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/skip_delivery_programs/:id',
    {
      schema: {
        tags,
        summary:
          'The producer (skip:order) deletes a program and its future deliveries not yet scheduled; the past ' +
          'and scheduled ones stay, without a program',
        params: idParams(),
        response: { 204: noContent('Deleted'), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const programId = itemId(request.params.id);
      const current = await deliveryPrograms.load(db, programId);
      await callerOf(request).policy.assertCanActOnDelivery(current, 'producer');
      const now = config.now();
      await db.transaction(async (tx) => {
        await skips.load(tx, current.skip, { lock: true });
        await deleteProgram(
          tx,
          { table: 'skip_delivery_programs', id: programId },
          {
            table: 'skip_deliveries',
            pendingStatuses: SKIP_DELIVERY_ACTIONS.cancel.from,
          },
          now,
        );
        await releaseSkipIfIdle(tx, current.skip, now);
      });
      return reply.status(204).send();
    },
  );
}
