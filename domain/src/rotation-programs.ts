import { z } from 'zod';
import { defineFields } from './fields.ts';
import { messages } from './messages.ts';
import { recurrenceFields, recurrenceProgramSchema } from './recurrence-rules.ts';
import { skipSideFields } from './skips.ts';

/**
 * Recurring rotations (SPEC 3 "Recurring rotation / program", SPEC 4: pending or validated, can be deleted).
 * The producer submits one; its provider validates it; from then on each date of the recurrence becomes a
 * scheduled rotation once it comes within the horizon below, so the provider always sees the next weeks
 * planned, and a program never fills years of rows ahead of time.
 */
export const ROTATION_PROGRAM_STATUSES = ['PENDING', 'VALIDATED'] as const;
export type RotationProgramStatus = (typeof ROTATION_PROGRAM_STATUSES)[number];
export const rotationProgramStatusLabels: Record<RotationProgramStatus, string> = {
  PENDING: 'En attente de validation',
  VALIDATED: 'Validé',
};

/** Occurrences are created for the dates from today to this many days ahead (both included). */
export const ROTATION_PROGRAM_HORIZON_DAYS = 14;

/** The program a producer submits: the recurrence of SPEC 3 and a comment for the provider. */
export const rotationProgramRequestSchema = z.object({
  program: recurrenceProgramSchema,
  comment: z
    .string({ error: messages.required })
    .trim()
    .max(2000, messages.maxLength(2000))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type RotationProgramRequestInput = z.input<typeof rotationProgramRequestSchema>;

/** The last day of the horizon that starts on `today` (`YYYY-MM-DD`). */
export function horizonEnd(today: string, days = ROTATION_PROGRAM_HORIZON_DAYS): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A recurring rotation program's stored fields (`operation_programs p`). */
export const rotationProgramFields = defineFields()({
  ...skipSideFields(),
  status: {
    kind: 'enum',
    column: 'status',
    label: 'Statut',
    required: true,
    values: ROTATION_PROGRAM_STATUSES,
  },
  ...recurrenceFields,
  comment: { kind: 'text', column: 'comment', label: 'Commentaire' },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Demandé le', required: true },
  validatedAt: { kind: 'timestamp', column: 'validated_at', label: 'Validé le' },
});
