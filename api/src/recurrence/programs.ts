import {
  expandRecurrence,
  type FieldTable,
  MAX_PROGRAM_OCCURRENCES,
  messages,
  parisDate,
  type RecurrenceProgramValues,
  type recurrenceFields,
} from '@portal/domain';
import type { Db } from '../db/index.ts';
import { unprocessable } from '../hydra/index.ts';
import {
  type CollectionFilter,
  type DefaultItem,
  defineResource,
  type Resource,
} from '../resource/resource.ts';
import { visibleAsContainer } from '../resource/sides.ts';

/**
 * Recurring programs (domain/recurrence.ts) as both kinds store them: a container's delivery program and its
 * rotation program. Each program is a resource of the kit with the same visibility and filters, is read from its
 * recurrence's columns, yields its dates through `expandRecurrence` only, and takes its future occurrences with
 * it when deleted. What each program then creates (deliveries at once, rotations as their dates come) is its
 * own domain's.
 */

/** A program resource: visible to the sides of its container, filtered by container, site and provider. */
export function defineProgramResource<T extends FieldTable>(description: {
  type: string;
  path: string;
  tags: readonly string[];
  fields: T;
  from: string;
  /** SQL of the program's chantier (a delivery program reads its container's). */
  entityColumn: string;
  filters?: readonly CollectionFilter[];
}): Resource<T, DefaultItem> {
  return defineResource({
    type: description.type,
    path: description.path,
    tags: description.tags,
    fields: description.fields,
    from: description.from,
    alias: 'p',
    visible: visibleAsContainer('p', description.entityColumn),
    collection: {
      relations: ['skip', 'companySite', 'provider'],
      order: ['startDate', 'createdAt'],
      ...(description.filters === undefined ? {} : { filters: description.filters }),
    },
  });
}

/** The recurrence's stored values of a validated program, by field name (for `insertRow`). */
export function recurrenceValues(
  program: RecurrenceProgramValues,
): Record<keyof typeof recurrenceFields, unknown> {
  return {
    startDate: program.startDate,
    endDate: program.endDate,
    recurrence: program.recurrence,
    interval: program.interval,
    weekdays: program.weekdays,
    monthPosition: program.monthPosition ?? null,
    monthDay: program.monthDay ?? null,
  };
}

/**
 * The dates of a new program from today on: at least one (422 on `program.endDate` otherwise), at most
 * `MAX_PROGRAM_OCCURRENCES` when `limited` (a program whose dates are all created at once).
 */
export function programDates(program: RecurrenceProgramValues, now: Date, limited: boolean): string[] {
  const dates = expandRecurrence(program, {
    from: parisDate(now),
    limit: limited ? MAX_PROGRAM_OCCURRENCES + 1 : 1,
  });
  if (dates.length === 0) {
    throw unprocessable([
      { propertyPath: 'program.endDate', message: messages.programWithoutDates, code: 'empty' },
    ]);
  }
  if (limited && dates.length > MAX_PROGRAM_OCCURRENCES) {
    throw unprocessable([
      {
        propertyPath: 'program.endDate',
        message: messages.programTooLong(MAX_PROGRAM_OCCURRENCES),
        code: 'too_many',
      },
    ]);
  }
  return dates;
}

/**
 * Deletes a program and its occurrences still to come (from today, in one of `pendingStatuses`); past and
 * started ones stay, without a program.
 */
export async function deleteProgram(
  tx: Db,
  program: { table: string; id: number },
  occurrences: { table: string; pendingStatuses: readonly string[] },
  now: Date,
): Promise<void> {
  await tx.query(
    `delete from ${occurrences.table}
     where program_id = $1 and requested_date >= $2::date and status = any($3::text[])`,
    [program.id, parisDate(now), occurrences.pendingStatuses],
  );
  await tx.query(`delete from ${program.table} where id = $1`, [program.id]);
}
