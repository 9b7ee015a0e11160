import type { MonthPosition, RecurrenceProgramValues, RecurrenceType, Weekday } from '@portal/domain';

/**
 * The recurrence of SPEC 3 as the program tables store it (`skip_delivery_programs`, `operation_programs`, alias
 * `p`): one way to read, serialise and write its columns for both kinds of program.
 */
export interface RecurrenceColumns {
  startDate: string;
  endDate: string;
  recurrence: RecurrenceType;
  interval: number;
  weekdays: Weekday[];
  monthPosition: MonthPosition | null;
  monthDay: number | null;
}

/** The columns of a program `p`, named as `RecurrenceColumns`. */
export const RECURRENCE_SELECT = `p.start_date::text as "startDate", p.end_date::text as "endDate", p.recurrence,
  p.repeat_interval as interval, p.weekdays, p.month_position as "monthPosition", p.month_day as "monthDay"`;

/** The columns an insert names, in the order of `recurrenceValues` (`weekdays` is a text[]). */
export const RECURRENCE_INSERT_COLUMNS =
  'start_date, end_date, recurrence, repeat_interval, weekdays, month_position, month_day';

/** The placeholders of those columns from `$first` on: `$4, $5, $6, $7, $8::text[], $9, $10`. */
export function recurrencePlaceholders(first: number): string {
  return Array.from({ length: 7 }, (_, index) => `$${first + index}${index === 4 ? '::text[]' : ''}`).join(
    ', ',
  );
}

export function recurrenceValues(program: RecurrenceProgramValues): unknown[] {
  return [
    program.startDate,
    program.endDate,
    program.recurrence,
    program.interval,
    program.weekdays,
    program.monthPosition ?? null,
    program.monthDay ?? null,
  ];
}

/** The REST fields of a stored recurrence. */
export function recurrenceFields(row: RecurrenceColumns): RecurrenceColumns {
  return {
    startDate: row.startDate,
    endDate: row.endDate,
    recurrence: row.recurrence,
    interval: row.interval,
    weekdays: row.weekdays,
    monthPosition: row.monthPosition,
    monthDay: row.monthDay,
  };
}
