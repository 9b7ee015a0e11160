import {
  expandRecurrence,
  horizonEnd,
  iri,
  MAX_PROGRAM_OCCURRENCES,
  messages,
  parisDate,
  ROTATION_PROGRAM_STATUSES,
  type RotationProgramStatus,
  rotationProgramRequestSchema,
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
import { entityIri } from '../entities/serialize.ts';
import {
  BODY_NOT_AN_OBJECT,
  badRequest,
  type CollectionSpec,
  collectionQuerySchema,
  enumListFilter,
  fetchPage,
  filterConditions,
  hydraItem,
  idParams,
  isPlainObject,
  itemId,
  itemResponse,
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
  violationsFromZod,
} from '../hydra/index.ts';
import type { SkipTarget } from '../policy/index.ts';
import { conflict, loadSkip } from '../skips/routes.ts';
import { assertRequestable, skipOfProducerRequest, syncSkipPlannedWork } from './store.ts';

/**
 * Recurring rotations (domain/rotation-programs.ts): the producer submits a program, its provider validates
 * it, and `materializeRotationPrograms` turns each date within the horizon into a scheduled rotation, at start,
 * every hour and on validation. The unique (program, date) index makes every run idempotent, even when two
 * instances run at once; dates past the end are never expanded.
 */

interface ProgramRow extends RecurrenceColumns {
  id: number;
  skipId: number;
  siteId: number;
  entityId: number | null;
  providerSiteId: number | null;
  status: RotationProgramStatus;
  comment: string | null;
  requestedBy: number | null;
  createdAt: Date | string;
  validatedAt: Date | string | null;
}

const PROGRAM_SELECT = `p.id, p.skip_id as "skipId", p.company_site_id as "siteId",
  p.company_site_entity_id as "entityId", p.provider_site_id as "providerSiteId", p.status, ${RECURRENCE_SELECT},
  p.comment, p.requested_by as "requestedBy", p.created_at as "createdAt", p.validated_at as "validatedAt"`;

const timestamp = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function programItem(row: ProgramRow) {
  return hydraItem('OperationProgram', iri('operation_programs', row.id), {
    id: row.id,
    skip: iri('skips', row.skipId),
    companySite: iri('company_sites', row.siteId),
    companySiteEntity: row.entityId === null ? null : entityIri(row.siteId, row.entityId),
    provider: row.providerSiteId === null ? null : iri('company_sites', row.providerSiteId),
    status: row.status,
    ...recurrenceFields(row),
    comment: row.comment,
    createdAt: timestamp(row.createdAt),
    validatedAt: timestamp(row.validatedAt),
  });
}

const targetOf = (row: ProgramRow): SkipTarget => ({
  siteId: row.siteId,
  entityId: row.entityId,
  providerSiteId: row.providerSiteId,
});

async function loadProgram(db: Db, programId: number, lock = false): Promise<ProgramRow> {
  const row = await db.maybeOne<ProgramRow>(
    `select ${PROGRAM_SELECT} from operation_programs p where p.id = $1${lock ? ' for update' : ''}`,
    [programId],
  );
  if (row === null) throw notFound();
  return row;
}

/**
 * Creates the occurrences of validated programs (all, or `programIds`) whose dates fall between today and the
 * horizon: scheduled rotations on their date, with the container's waste as it is then. Returns how many.
 */
export async function materializeRotationPrograms(
  db: Db,
  now: Date,
  programIds?: readonly number[],
): Promise<number> {
  const today = parisDate(now);
  const lastDay = horizonEnd(today);
  const programs = await db.query<ProgramRow>(
    `select ${PROGRAM_SELECT} from operation_programs p
     where p.status = 'VALIDATED' and p.end_date >= $1::date and p.start_date <= $2::date
       ${programIds === undefined ? '' : 'and p.id = any($3::int[])'}`,
    programIds === undefined ? [today, lastDay] : [today, lastDay, programIds],
  );
  let created = 0;
  for (const program of programs) {
    const dates = expandRecurrence(
      { ...program, endDate: program.endDate < lastDay ? program.endDate : lastDay },
      { from: today, limit: MAX_PROGRAM_OCCURRENCES },
    );
    if (dates.length === 0) continue;
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        `insert into operations (type, status, skip_id, company_site_id, company_site_entity_id, provider_site_id,
           third_level_waste_id, waste_code, dangerous, planned_treatment_code, requested_date, intervention_date,
           comment, program_id, requested_by, created_at, updated_at)
         select 'ROTATION', 'SCHEDULED', s.id, $2, $3, $4, s.third_level_waste_id, s.waste_code, s.dangerous,
           s.planned_treatment_code, day::date, day::date, $5, $6, $7, $8, $8
         from skips s cross join unnest($9::text[]) as day
         where s.id = $1 and s.state <> 'ARCHIVED'
         on conflict (program_id, requested_date) where program_id is not null do nothing
         returning id`,
        [
          program.skipId,
          program.siteId,
          program.entityId,
          program.providerSiteId,
          program.comment,
          program.id,
          program.requestedBy,
          now,
          dates,
        ],
      );
      if (rows.length > 0) await syncSkipPlannedWork(tx, program.skipId, now);
      return rows.length;
    });
    created += inserted;
  }
  return created;
}

const spec: CollectionSpec = {
  relations: ['skip', 'companySite', 'provider'],
  order: ['createdAt', 'startDate'],
};

const requestBody = z.object({ skip: z.string(), ...rotationProgramRequestSchema.shape });
const patchSchema = z.object({
  status: z.enum(ROTATION_PROGRAM_STATUSES, { error: messages.unknownChoice }),
});

export function registerRotationProgramRoutes(app: FastifyInstance, { db, config }: ApiContext): void {
  const tags = ['operations'];

  app.get(
    '/api/operation_programs',
    {
      schema: {
        tags,
        summary:
          'Visible recurring rotation programs: of my containers and those I provide; filter `status[]`',
        querystring: {
          ...collectionQuerySchema(spec),
          properties: {
            ...collectionQuerySchema(spec).properties,
            'status[]': { type: 'array', items: { type: 'string', enum: [...ROTATION_PROGRAM_STATUSES] } },
          },
        },
        response: { 200: itemResponse('hydra:Collection of OperationProgram') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const raw = request.query as RawQuery;
      const query = parseCollectionQuery(raw, spec);
      const statuses = enumListFilter(raw, 'status', ROTATION_PROGRAM_STATUSES);
      const params = new SqlParams();
      const where = [
        await policy.visibleSkipCondition(
          { site: 'p.company_site_id', entity: 'p.company_site_entity_id', provider: 'p.provider_site_id' },
          params,
        ),
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
      if (statuses !== undefined) where.push(`p.status = any(${params.add(statuses)}::text[])`);
      const { rows, totalItems } = await fetchPage<ProgramRow>(db, {
        select: PROGRAM_SELECT,
        from: 'operation_programs p',
        where,
        params,
        order: query.order,
        orderColumns: { createdAt: 'p.created_at', startDate: 'p.start_date' },
        tieBreaker: 'p.id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'OperationProgram',
        members: rows.map(programItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operation_programs/:id',
    {
      schema: {
        tags,
        summary: 'One visible recurring rotation program',
        params: idParams(),
        response: { 200: itemResponse('OperationProgram'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await loadProgram(db, itemId(request.params.id));
      await callerOf(request).policy.assertSkipVisible(targetOf(row));
      return sendItem(reply, programItem(row));
    },
  );

  app.post(
    '/api/operation_programs',
    {
      schema: {
        tags,
        summary:
          'The producer (operation:request) submits a recurring rotation program for a complete container on ' +
          'site; it waits for its provider to validate it',
        body: jsonSchemaOf(requestBody),
        response: {
          201: itemResponse('OperationProgram'),
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
      const skipId = await skipOfProducerRequest(db, policy, body);
      const { program, comment } = parseBody(rotationProgramRequestSchema, body);
      const now = config.now();
      if (expandRecurrence(program, { from: parisDate(now), limit: 1 }).length === 0) {
        throw unprocessable([
          { propertyPath: 'program.endDate', message: messages.programWithoutDates, code: 'empty' },
        ]);
      }
      const row = await db.transaction(async (tx) => {
        const skip = await loadSkip(tx, skipId, true);
        assertRequestable(skip, true);
        const inserted = await tx.one<{ id: number }>(
          `insert into operation_programs (skip_id, company_site_id, company_site_entity_id, provider_site_id,
             ${RECURRENCE_INSERT_COLUMNS}, comment, requested_by, created_at)
           values ($1, $2, $3, $4, ${recurrencePlaceholders(5)}, $12, $13, $14) returning id`,
          [
            skipId,
            skip.siteId,
            skip.entityId,
            skip.providerSiteId,
            ...recurrenceValues(program),
            comment,
            userId,
            now,
          ],
        );
        return loadProgram(tx, inserted.id);
      });
      reply.header('location', iri('operation_programs', row.id));
      return sendItem(reply, programItem(row), 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/operation_programs/:id',
    {
      schema: {
        tags,
        summary:
          'The provider (operation:schedule) validates a pending program (`{"status": "VALIDATED"}`): its ' +
          'rotations within the horizon are created at once, the next ones as their dates come; 409 after',
        params: idParams(),
        body: jsonSchemaOf(patchSchema),
        response: {
          200: itemResponse('OperationProgram'),
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
      const programId = itemId(request.params.id);
      const current = await loadProgram(db, programId);
      await policy.assertCanActOnOperation(targetOf(current), 'provider', 'operation:schedule');
      const parsed = patchSchema.safeParse(mergePatchBody(request));
      if (!parsed.success) throw unprocessable(violationsFromZod(parsed.error));
      if (parsed.data.status !== 'VALIDATED') throw conflict(messages.operationCannotBeModified);
      const now = config.now();
      await db.transaction(async (tx) => {
        const stored = await loadProgram(tx, programId, true);
        if (stored.status !== 'PENDING') throw conflict(messages.rotationProgramAlreadyValidated);
        await tx.query(
          `update operation_programs set status = 'VALIDATED', validated_at = $2 where id = $1`,
          [programId, now],
        );
      });
      await materializeRotationPrograms(db, now, [programId]);
      return sendItem(reply, programItem(await loadProgram(db, programId)));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/operation_programs/:id',
    {
      schema: {
        tags,
        summary:
          'The producer (operation:request) deletes a program and its future rotations not yet started; the ' +
          'past and completed ones stay, without a program',
        params: idParams(),
        response: { 204: { type: 'null' }, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const programId = itemId(request.params.id);
      const current = await loadProgram(db, programId);
      await policy.assertCanActOnOperation(targetOf(current), 'producer', 'operation:request');
      const now = config.now();
      await db.transaction(async (tx) => {
        await loadProgram(tx, programId, true);
        await tx.query(
          `delete from operations
           where program_id = $1 and requested_date >= $2::date
             and status in ('REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED')`,
          [programId, parisDate(now)],
        );
        await tx.query('delete from operation_programs where id = $1', [programId]);
        await syncSkipPlannedWork(tx, current.skipId, now);
      });
      return reply.status(204).send();
    },
  );
}
