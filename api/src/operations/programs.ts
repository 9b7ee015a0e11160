import {
  expandRecurrence,
  horizonEnd,
  MAX_PROGRAM_OCCURRENCES,
  messages,
  OPERATION_ACTIONS,
  parisDate,
  ROTATION_PROGRAM_STATUSES,
  rotationProgramFields,
  rotationProgramRequestSchema,
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
  idParams,
  isPlainObject,
  itemId,
  jsonSchemaOf,
  ldItem,
  mergePatchBody,
  noContent,
  parseBody,
  problems,
  sendItem,
  unprocessable,
  violationsFromZod,
} from '../hydra/index.ts';
import { notifyRotationProgram } from '../notifications/notify.ts';
import {
  defineProgramResource,
  deleteProgram,
  programDates,
  recurrenceValues,
} from '../recurrence/programs.ts';
import { byValues } from '../resource/filters.ts';
import { insertRow } from '../resource/sql.ts';
import { skips } from '../skips/resource.ts';
import { assertRequestable, skipOfProducerRequest, syncSkipPlannedWork } from './store.ts';

/**
 * Recurring rotations (domain/rotation-programs.ts): the producer submits a program, its provider validates
 * it, and `materializeRotationPrograms` turns each date within the horizon into a scheduled rotation, at start,
 * every hour and on validation. The unique (program, date) index makes every run idempotent, even when two
 * instances run at once; dates past the end are never expanded.
 */

const rotationPrograms = defineProgramResource({
  type: 'OperationProgram',
  path: '/api/operation_programs',
  tags: ['operations'],
  fields: rotationProgramFields,
  from: 'operation_programs p',
  entityColumn: 'p.company_site_entity_id',
  filters: [byValues('status', ROTATION_PROGRAM_STATUSES, 'p.status')],
});

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
  const programs = await rotationPrograms.rows(db, (params) => [
    `p.status = 'VALIDATED'`,
    `p.end_date >= ${params.add(today)}::date`,
    `p.start_date <= ${params.add(lastDay)}::date`,
    ...(programIds === undefined ? [] : [`p.id = any(${params.add(programIds)}::int[])`]),
  ]);
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
           s.planned_treatment_code, day::date, day::date, $5, $6,
           (select requested_by from operation_programs where id = $6), $7, $7
         from skips s cross join unnest($8::text[]) as day
         where s.id = $1 and s.state <> 'ARCHIVED'
         on conflict (program_id, requested_date) where program_id is not null do nothing
         returning id`,
        [
          program.skip,
          program.companySite,
          program.companySiteEntity,
          program.provider,
          program.comment,
          program.id,
          now,
          dates,
        ],
      );
      if (rows.length > 0) await syncSkipPlannedWork(tx, program.skip, now);
      return rows.length;
    });
    created += inserted;
  }
  return created;
}

const requestBody = z.object({ skip: z.string(), ...rotationProgramRequestSchema.shape });
const patchSchema = z.object({
  status: z.enum(ROTATION_PROGRAM_STATUSES, { error: messages.unknownChoice }),
});

export function registerRotationProgramRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  const tags = ['operations'];
  rotationPrograms.registerSchema(app);
  rotationPrograms.registerCollection(app, context, {
    summary: 'Visible recurring rotation programs: of my containers and those I provide; filter `status[]`',
  });
  rotationPrograms.registerItem(app, context, { summary: 'One visible recurring rotation program' });

  app.post(
    '/api/operation_programs',
    {
      schema: {
        tags,
        summary:
          'The producer (operation:request) submits a recurring rotation program for a complete container on ' +
          'site; it waits for its provider to validate it',
        body: jsonSchemaOf(requestBody),
        response: { 201: ldItem('OperationProgram'), ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      const body = request.body;
      if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
      const skipId = await skipOfProducerRequest(db, policy, body);
      const { program, comment } = parseBody(rotationProgramRequestSchema, body);
      const now = config.now();
      programDates(program, now, false);
      const row = await db.transaction(async (tx) => {
        const skip = await skips.load(tx, skipId, { lock: true });
        assertRequestable(skip, true);
        const id = await insertRow(
          tx,
          { table: 'operation_programs', fields: rotationProgramFields },
          {
            skip: skipId,
            companySite: skip.companySite,
            companySiteEntity: skip.companySiteEntity,
            provider: skip.provider,
            ...recurrenceValues(program),
            comment,
            createdAt: now,
          },
          { requested_by: userId },
        );
        await notifyRotationProgram(tx, id, userId, now);
        return rotationPrograms.load(tx, id);
      });
      reply.header('location', `/api/operation_programs/${row.id}`);
      const [item] = await rotationPrograms.items([row], { db, policy });
      return sendItem(reply, item as never, 201);
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
        response: { 200: ldItem('OperationProgram'), ...problems(401, 403, 404, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const programId = itemId(request.params.id);
      const current = await rotationPrograms.load(db, programId);
      await policy.assertCanActOn(current, 'provider', 'operation:schedule');
      const parsed = patchSchema.safeParse(mergePatchBody(request));
      if (!parsed.success) throw unprocessable(violationsFromZod(parsed.error));
      if (parsed.data.status !== 'VALIDATED') throw conflict(messages.operationCannotBeModified);
      const now = config.now();
      await db.transaction(async (tx) => {
        const stored = await rotationPrograms.load(tx, programId, { lock: true });
        if (stored.status !== 'PENDING') throw conflict(messages.rotationProgramAlreadyValidated);
        await tx.query(
          `update operation_programs set status = 'VALIDATED', validated_at = $2 where id = $1`,
          [programId, now],
        );
      });
      await materializeRotationPrograms(db, now, [programId]);
      const [item] = await rotationPrograms.items([await rotationPrograms.load(db, programId)], {
        db,
        policy,
      });
      return sendItem(reply, item as never);
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
        response: { 204: noContent('Deleted'), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const programId = itemId(request.params.id);
      const current = await rotationPrograms.load(db, programId);
      await policy.assertCanActOn(current, 'producer', 'operation:request');
      const now = config.now();
      await db.transaction(async (tx) => {
        await rotationPrograms.load(tx, programId, { lock: true });
        await deleteProgram(
          tx,
          { table: 'operation_programs', id: programId },
          { table: 'operations', pendingStatuses: OPERATION_ACTIONS.cancel.from },
          now,
        );
        await syncSkipPlannedWork(tx, current.skip, now);
      });
      return reply.status(204).send();
    },
  );
}
