import { z } from 'zod';
import { defineFields } from './fields.ts';
import { messages } from './messages.ts';
import { MONTH_POSITIONS, RECURRENCE_INTERVAL_MAX, RECURRENCE_TYPES, WEEKDAYS } from './recurrence.ts';
import { isoDateSchema, whenFieldsValid } from './validation.ts';

/** The rules of recurring programs (`recurrence.ts` holds their calendar), apart so that dates load no zod. */

/**
 * A program as a user enters it (SPEC 3, SPEC 9), with its French messages: the end not before the start,
 * an interval of 1 to 52, weekdays for a weekly program, a day of the month or a position and one weekday for
 * a monthly one.
 */
export const recurrenceProgramSchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    recurrence: z.enum(RECURRENCE_TYPES, { error: messages.recurrenceTypeInvalid }),
    interval: z
      .number({ error: messages.recurrenceInterval })
      .int(messages.recurrenceInterval)
      .min(1, messages.recurrenceInterval)
      .max(RECURRENCE_INTERVAL_MAX, messages.recurrenceInterval),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: messages.weekdayInvalid }), { error: messages.weekdayInvalid })
      .nullish()
      // Each day once, Monday first, whatever order the user ticked them in.
      .transform((days) => WEEKDAYS.filter((day) => days?.includes(day))),
    monthPosition: z.enum(MONTH_POSITIONS, { error: messages.monthPositionInvalid }).nullish(),
    monthDay: z
      .number({ error: messages.monthDayRange })
      .int(messages.monthDayRange)
      .min(1, messages.monthDayRange)
      .max(31, messages.monthDayRange)
      .nullish(),
  })
  .superRefine(
    (program, context) => {
      if (program.endDate < program.startDate) {
        context.addIssue({ code: 'custom', message: messages.endBeforeStart, path: ['endDate'] });
      }
    },
    { when: whenFieldsValid('startDate', 'endDate') },
  )
  .superRefine(
    (program, context) => {
      if (program.recurrence === 'WEEK' && program.weekdays.length === 0) {
        context.addIssue({
          code: 'custom',
          message: messages.recurrenceWeekdaysRequired,
          path: ['weekdays'],
        });
      }
    },
    { when: whenFieldsValid('recurrence', 'weekdays') },
  )
  .superRefine(
    (program, context) => {
      if (program.recurrence !== 'MONTH') return;
      const byDay = program.monthDay !== null && program.monthDay !== undefined;
      const byPosition = program.monthPosition !== null && program.monthPosition !== undefined;
      if (byDay === byPosition) {
        context.addIssue({
          code: 'custom',
          message: messages.recurrenceMonthDayOrPosition,
          path: [byDay ? 'monthPosition' : 'monthDay'],
        });
      } else if (byPosition && program.weekdays.length !== 1) {
        context.addIssue({ code: 'custom', message: messages.recurrenceOneWeekday, path: ['weekdays'] });
      }
    },
    { when: whenFieldsValid('recurrence', 'weekdays', 'monthDay', 'monthPosition') },
  );

export type RecurrenceProgramInput = z.input<typeof recurrenceProgramSchema>;
export type RecurrenceProgramValues = z.output<typeof recurrenceProgramSchema>;

/** A stored program's recurrence, as every program table holds it (read-only: written from `recurrenceProgramSchema`). */
export const recurrenceFields = defineFields()({
  startDate: { kind: 'date', column: 'start_date', label: 'Date de début', required: true },
  endDate: { kind: 'date', column: 'end_date', label: 'Date de fin', required: true },
  recurrence: {
    kind: 'enum',
    column: 'recurrence',
    label: 'Récurrence',
    required: true,
    values: RECURRENCE_TYPES,
  },
  interval: { kind: 'integer', column: 'repeat_interval', label: 'Intervalle', required: true },
  weekdays: { kind: 'list', column: 'weekdays', label: 'Jours de la semaine', values: WEEKDAYS },
  monthPosition: {
    kind: 'enum',
    column: 'month_position',
    label: 'Position dans le mois',
    values: MONTH_POSITIONS,
  },
  monthDay: { kind: 'integer', column: 'month_day', label: 'Jour du mois' },
});
