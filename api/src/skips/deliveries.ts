import {
  deliveryActionFor,
  deliveryOrderSchema,
  expandRecurrence,
  iri,
  isoDateSchema,
  MAX_PROGRAM_OCCURRENCES,
  messages,
  parisDate,
  SKIP_DELIVERY_STATUSES,
  type SkipDeliveryStatus,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { type Db, SqlParams } from '../db/index.ts';
import {
  RECURRENCE_INSERT_COLUMNS,
  RECURRENCE_SELECT,
  type RecurrenceColumns,
  recurrenceFields,
  recurrencePlaceholders,
  recurrenceValues,
} from '../db/recurrence-columns.ts';
import {
  BODY_NOT_AN_OBJECT,
  badRequest,
  type CollectionSpec,
  collectionQuerySchema,
  enumListFilter,
  fetchPage,
  filterConditions,
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
  referenceId,
  sendCollection,
  sendItem,
  unprocessable,
  violationsFromZod,
} from '../hydra/index.ts';
import type { Policy, SkipTarget } from '../policy/index.ts';
import { conflict, loadSkip, skipTarget } from './routes.ts';

/**
 * Ordering containers (SPEC 4 "Container delivery"): single deliveries or recurring programs expanded by
 * `expandRecurrence`, moved along `domain/deliveries.ts` by the provider, cancelled by the producer.
 */

interface DeliveryRow {
  id: number;
  skipId: number;
  siteId: number;
  entityId: number | null;
  providerSiteId: number | null;
  programId: number | null;
  requestedDate: string;
  scheduledDate: string | null;
  status: SkipDeliveryStatus;
  comment: string | null;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  validatedAt: Date | string | null;
}

const DELIVERY_SELECT = `d.id, d.skip_id as "skipId", d.company_site_id as "siteId",
  s.company_site_entity_id as "entityId", d.provider_site_id as "providerSiteId", d.program_id as "programId",
  d.requested_date::text as "requestedDate", d.scheduled_date::text as "scheduledDate", d.status, d.comment,
  d.version, d.created_at as "createdAt", d.updated_at as "updatedAt", d.validated_at as "validatedAt"`;
const DELIVERY_FROM = 'skip_deliveries d join skips s on s.id = d.skip_id';

interface ProgramRow extends RecurrenceColumns {
  id: number;
  skipId: number;
  siteId: number;
  entityId: number | null;
  providerSiteId: number | null;
  comment: string | null;
  createdAt: Date | string;
}

const PROGRAM_SELECT = `p.id, p.skip_id as "skipId", p.company_site_id as "siteId",
  s.company_site_entity_id as "entityId", p.provider_site_id as "providerSiteId", ${RECURRENCE_SELECT},
  p.comment, p.created_at as "createdAt"`;
const PROGRAM_FROM = 'skip_delivery_programs p join skips s on s.id = p.skip_id';

const timestamp = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const siteIri = (id: number | null) => (id === null ? null : iri('company_sites', id));

function deliveryItem(row: DeliveryRow) {
  return hydraItem('SkipDelivery', iri('skip_deliveries', row.id), {
    id: row.id,
    skip: iri('skips', row.skipId),
    companySite: iri('company_sites', row.siteId),
    provider: siteIri(row.providerSiteId),
    requestedDate: row.requestedDate,
    scheduledDate: row.scheduledDate,
    status: row.status,
    program: row.programId === null ? null : iri('skip_delivery_programs', row.programId),
    comment: row.comment,
    version: row.version,
    createdAt: timestamp(row.createdAt),
    updatedAt: timestamp(row.updatedAt),
    validatedAt: timestamp(row.validatedAt),
  });
}

function programItem(row: ProgramRow) {
  return hydraItem('SkipDeliveryProgram', iri('skip_delivery_programs', row.id), {
    id: row.id,
    skip: iri('skips', row.skipId),
    companySite: iri('company_sites', row.siteId),
    provider: siteIri(row.providerSiteId),
    ...recurrenceFields(row),
    comment: row.comment,
    createdAt: timestamp(row.createdAt),
  });
}

const targetOf = (row: {
  siteId: number;
  entityId: number | null;
  providerSiteId: number | null;
}): SkipTarget => ({
  siteId: row.siteId,
  entityId: row.entityId,
  providerSiteId: row.providerSiteId,
});

async function loadDelivery(db: Db, deliveryId: number, lock = false): Promise<DeliveryRow> {
  const row = await db.maybeOne<DeliveryRow>(
    `select ${DELIVERY_SELECT} from ${DELIVERY_FROM} where d.id = $1${lock ? ' for update of d' : ''}`,
    [deliveryId],
  );
  if (row === null) throw notFound();
  return row;
}

async function loadProgram(db: Db, programId: number): Promise<ProgramRow> {
  const row = await db.maybeOne<ProgramRow>(`select ${PROGRAM_SELECT} from ${PROGRAM_FROM} where p.id = $1`, [
    programId,
  ]);
  if (row === null) throw notFound();
  return row;
}

/** An ordered container whose deliveries are all gone or done is back to available. */
async function releaseSkipIfIdle(db: Db, skipId: number, now: Date): Promise<void> {
  await db.query(
    `update skips set state = 'AVAILABLE', version = version + 1, updated_at = $2
     where id = $1 and state = 'ORDERED'
       and not exists (select 1 from skip_deliveries where skip_id = $1 and status <> 'VALIDATED')`,
    [skipId, now],
  );
}

const visibleCondition = (policy: Policy, params: SqlParams, table: 'd' | 'p') =>
  policy.visibleSkipCondition(
    {
      site: `${table}.company_site_id`,
      entity: 's.company_site_entity_id',
      provider: `${table}.provider_site_id`,
    },
    params,
  );

const deliverySpec: CollectionSpec = {
  relations: ['skip', 'companySite', 'provider', 'program'],
  order: ['requestedDate', 'scheduledDate', 'createdAt'],
  dates: ['requestedDate', 'scheduledDate'],
};
const deliveryColumns = {
  id: 'd.id',
  relations: {
    skip: 'd.skip_id',
    companySite: 'd.company_site_id',
    provider: 'd.provider_site_id',
    program: 'd.program_id',
  },
  dates: {
    requestedDate: { column: 'd.requested_date', type: 'date' },
    scheduledDate: { column: 'd.scheduled_date', type: 'date' },
  },
} as const;

const programSpec: CollectionSpec = {
  relations: ['skip', 'companySite', 'provider'],
  order: ['startDate', 'createdAt'],
};

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

export function registerDeliveryRoutes(app: FastifyInstance, { db, config }: ApiContext): void {
  const tags = ['skips'];

  app.get(
    '/api/skip_deliveries',
    {
      schema: {
        tags,
        summary: 'Visible deliveries: of my containers and those ordered from my sites',
        querystring: {
          ...collectionQuerySchema(deliverySpec),
          properties: {
            ...collectionQuerySchema(deliverySpec).properties,
            'status[]': { type: 'array', items: { type: 'string', enum: [...SKIP_DELIVERY_STATUSES] } },
          },
        },
        response: { 200: itemResponse('hydra:Collection of SkipDelivery') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const raw = request.query as RawQuery;
      const query = parseCollectionQuery(raw, deliverySpec);
      const statuses = enumListFilter(raw, 'status', SKIP_DELIVERY_STATUSES);
      const params = new SqlParams();
      const where = [
        await visibleCondition(policy, params, 'd'),
        ...filterConditions(query, deliveryColumns, params),
      ];
      if (statuses !== undefined) where.push(`d.status = any(${params.add(statuses)}::text[])`);
      const { rows, totalItems } = await fetchPage<DeliveryRow>(db, {
        select: DELIVERY_SELECT,
        from: DELIVERY_FROM,
        where,
        params,
        order: query.order,
        orderColumns: {
          requestedDate: 'd.requested_date',
          scheduledDate: 'd.scheduled_date',
          createdAt: 'd.created_at',
        },
        tieBreaker: 'd.id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'SkipDelivery',
        members: rows.map(deliveryItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/skip_deliveries/:id',
    {
      schema: {
        tags,
        summary: 'One visible delivery',
        params: idParams(),
        response: { 200: itemResponse('SkipDelivery'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await loadDelivery(db, itemId(request.params.id));
      await callerOf(request).policy.assertSkipVisible(targetOf(row));
      return sendItem(reply, deliveryItem(row));
    },
  );

  app.post(
    '/api/skip_deliveries',
    {
      schema: {
        tags,
        summary:
          'Orders a container (skip:order, its producer): once on requestedDate, or on every date of program ' +
          `(at most ${MAX_PROGRAM_OCCURRENCES}); answers the created deliveries as a collection`,
        body: jsonSchemaOf(z.object({ skip: z.string(), ...deliveryOrderSchema.shape })),
        response: {
          201: itemResponse('hydra:Collection of SkipDelivery'),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          422: problemSchema,
        },
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
      const current = await loadSkip(db, skipId);
      await policy.assertCanActAsSkipProducer(skipTarget(current), 'skip:order');
      const order = parseBody(deliveryOrderSchema, body);

      const today = parisDate(config.now());
      const { program } = order;
      let dates: string[];
      if (program) {
        dates = expandRecurrence(program, { from: today, limit: MAX_PROGRAM_OCCURRENCES + 1 });
        if (dates.length === 0) {
          throw unprocessable([
            { propertyPath: 'program.endDate', message: messages.programWithoutDates, code: 'empty' },
          ]);
        }
        if (dates.length > MAX_PROGRAM_OCCURRENCES) {
          throw unprocessable([
            {
              propertyPath: 'program.endDate',
              message: messages.programTooLong(MAX_PROGRAM_OCCURRENCES),
              code: 'too_many',
            },
          ]);
        }
      } else {
        const requestedDate = order.requestedDate as string;
        if (requestedDate < today) {
          throw unprocessable([
            { propertyPath: 'requestedDate', message: messages.requestedDateInPast, code: 'past' },
          ]);
        }
        dates = [requestedDate];
      }

      const now = config.now();
      const { rows, programId } = await db.transaction(async (tx) => {
        const skip = await loadSkip(tx, skipId, true);
        if (skip.state === 'ARCHIVED') {
          throw unprocessable([
            { propertyPath: 'skip', message: messages.archivedSkipCannotBeOrdered, code: 'archived' },
          ]);
        }
        if (skip.providerSiteId === null) {
          throw unprocessable([
            { propertyPath: 'skip', message: messages.skipNeedsProviderToOrder, code: 'no_provider' },
          ]);
        }
        let programId: number | null = null;
        if (program) {
          const inserted = await tx.one<{ id: number }>(
            `insert into skip_delivery_programs (skip_id, company_site_id, provider_site_id,
               ${RECURRENCE_INSERT_COLUMNS}, comment, ordered_by, created_at)
             values ($1, $2, $3, ${recurrencePlaceholders(4)}, $11, $12, $13) returning id`,
            [
              skipId,
              skip.siteId,
              skip.providerSiteId,
              ...recurrenceValues(program),
              order.comment,
              userId,
              now,
            ],
          );
          programId = inserted.id;
        }
        // One delivery a day per container: dates already ordered are left out, not doubled.
        const created = await tx.query<{ id: number }>(
          `insert into skip_deliveries (skip_id, company_site_id, provider_site_id, program_id, requested_date,
             comment, ordered_by, created_at, updated_at)
           select $1, $2, $3, $4, day::date, $6, $7, $8, $8 from unnest($5::text[]) as day
           on conflict (skip_id, requested_date) do nothing
           returning id`,
          [skipId, skip.siteId, skip.providerSiteId, programId, dates, order.comment, userId, now],
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
        const rows = await tx.query<DeliveryRow>(
          `select ${DELIVERY_SELECT} from ${DELIVERY_FROM} where d.id = any($1::int[])
           order by d.requested_date, d.id`,
          [created.map((row) => row.id)],
        );
        return { rows, programId };
      });
      const first = rows[0] as DeliveryRow;
      reply.header(
        'location',
        programId === null ? iri('skip_deliveries', first.id) : iri('skip_delivery_programs', programId),
      );
      return reply
        .status(201)
        .type(JSON_LD)
        .send(
          hydraCollection({
            type: 'SkipDelivery',
            url: '/api/skip_deliveries',
            members: rows.map(deliveryItem),
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
        response: {
          200: itemResponse('SkipDelivery'),
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const deliveryId = itemId(request.params.id);
      const current = await loadDelivery(db, deliveryId);
      await callerOf(request).policy.assertCanActOnDelivery(targetOf(current), 'provider');
      const parsed = advanceSchema.safeParse(mergePatchBody(request));
      if (!parsed.success) throw unprocessable(violationsFromZod(parsed.error));
      const { status, scheduledDate, version } = parsed.data;
      const now = config.now();
      const row = await db.transaction(async (tx) => {
        const stored = await loadDelivery(tx, deliveryId, true);
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
        if (action === 'validate') {
          // Delivered: the container is on site.
          await tx.query(
            `update skips set state = 'AVAILABLE', version = version + 1, updated_at = $2
             where id = $1 and state = 'ORDERED'`,
            [stored.skipId, now],
          );
        }
        return loadDelivery(tx, deliveryId);
      });
      return sendItem(reply, deliveryItem(row));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/skip_deliveries/:id',
    {
      schema: {
        tags,
        summary: 'The producer (skip:order) cancels a delivery not yet scheduled; 409 after',
        params: idParams(),
        response: { 204: { type: 'null' }, 403: problemSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request, reply) => {
      const deliveryId = itemId(request.params.id);
      const current = await loadDelivery(db, deliveryId);
      await callerOf(request).policy.assertCanActOnDelivery(targetOf(current), 'producer');
      await db.transaction(async (tx) => {
        const stored = await loadDelivery(tx, deliveryId, true);
        if (deliveryActionFor(stored.status, null, 'producer') === null) {
          throw conflict(messages.operationCannotBeModified);
        }
        await tx.query('delete from skip_deliveries where id = $1', [deliveryId]);
        await releaseSkipIfIdle(tx, stored.skipId, config.now());
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/skip_delivery_programs',
    {
      schema: {
        tags,
        summary: 'Visible recurring delivery programs',
        querystring: collectionQuerySchema(programSpec),
        response: { 200: itemResponse('hydra:Collection of SkipDeliveryProgram') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const query = parseCollectionQuery(request.query as RawQuery, programSpec);
      const params = new SqlParams();
      const where = [
        await visibleCondition(policy, params, 'p'),
        ...filterConditions(
          query,
          {
            id: 'p.id',
            relations: {
              skip: 'p.skip_id',
              companySite: 'p.company_site_id',
              provider: 'p.provider_site_id',
            },
          },
          params,
        ),
      ];
      const { rows, totalItems } = await fetchPage<ProgramRow>(db, {
        select: PROGRAM_SELECT,
        from: PROGRAM_FROM,
        where,
        params,
        order: query.order,
        orderColumns: { startDate: 'p.start_date', createdAt: 'p.created_at' },
        tieBreaker: 'p.id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'SkipDeliveryProgram',
        members: rows.map(programItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/skip_delivery_programs/:id',
    {
      schema: {
        tags,
        summary: 'One visible recurring delivery program',
        params: idParams(),
        response: { 200: itemResponse('SkipDeliveryProgram'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await loadProgram(db, itemId(request.params.id));
      await callerOf(request).policy.assertSkipVisible(targetOf(row));
      return sendItem(reply, programItem(row));
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
        response: { 204: { type: 'null' }, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const programId = itemId(request.params.id);
      const current = await loadProgram(db, programId);
      await callerOf(request).policy.assertCanActOnDelivery(targetOf(current), 'producer');
      const now = config.now();
      await db.transaction(async (tx) => {
        await loadSkip(tx, current.skipId, true);
        await tx.query(
          `delete from skip_deliveries
           where program_id = $1 and status in ('ORDERED', 'AWAITING_SCHEDULING') and requested_date >= $2::date`,
          [programId, parisDate(now)],
        );
        await tx.query('delete from skip_delivery_programs where id = $1', [programId]);
        await releaseSkipIfIdle(tx, current.skipId, now);
      });
      return reply.status(204).send();
    },
  );
}
