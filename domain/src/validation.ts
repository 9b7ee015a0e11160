import { z } from 'zod';
import { messages } from './messages.ts';

/** SPEC 5 rules as zod schemas with their exact French messages; the api and the web validate with these. */

export const PASSWORD_MIN_LENGTH = 8;
export const SIRET_MIN_LENGTH = 14;
export const SIRET_MAX_LENGTH = 50;

const hasUpper = /[A-Z]/;
const hasLower = /[a-z]/;
const hasDigit = /[0-9]/;
const hasSpecial = /[^A-Za-z0-9]/;

/** First failing rule wins, in the order a user fixes them: empty, length, format. */
export const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordEmpty)
  .min(PASSWORD_MIN_LENGTH, { message: messages.passwordTooShort, abort: true })
  .refine((v) => hasUpper.test(v) && hasLower.test(v) && hasDigit.test(v) && hasSpecial.test(v), {
    message: messages.passwordFormat,
  });

export const passwordChangeSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: messages.passwordConfirmEmpty }).min(1, messages.passwordConfirmEmpty),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

export { emailSchema, type LoginInput, loginSchema } from './login.ts';

export const phoneSchema = z.string().regex(/^\+?[0-9]+$/, messages.phoneFormat);

export const quantityPattern = /^-?[0-9]+([.,][0-9]+)?$/;
export const quantitySchema = z.string().regex(quantityPattern, messages.quantityFormat);

export const siretSchema = z
  .string({ error: messages.required })
  .regex(/^[0-9]*$/, { message: messages.siretDigitsOnly, abort: true })
  .min(SIRET_MIN_LENGTH, messages.siretTooShort)
  .max(SIRET_MAX_LENGTH, messages.siretTooLong);

/** A decimal with at most `n` digits after the separator (comma or dot). */
export const decimalSchema = (n: number) =>
  z
    .string({ error: messages.required })
    .min(1, messages.required)
    .regex(quantityPattern, messages.quantityFormat)
    .refine((v) => (v.split(/[.,]/)[1] ?? '').length <= n, messages.decimals(n));

export const requiredText = (max = 255) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

/** Luhn check of DOMAIN.md (La Poste's SIREN 356000000 uses a digit sum multiple of 5). Worth a warning only. */
export function siretPassesLuhn(siret: string): boolean {
  if (!/^[0-9]{14}$/.test(siret)) return false;
  if (siret.startsWith('356000000')) {
    return [...siret].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
  }
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(siret[13 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/**
 * A rule across fields runs when those fields are valid themselves, even if others are not: the user sees
 * every message at once, and a malformed field keeps its own message only.
 */
export function whenFieldsValid(...fields: string[]) {
  return (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || fields.includes(String(field));
    });
}

/** A calendar date as the api and the date inputs exchange it. */
export const isoDateSchema = z
  .string({ error: messages.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: messages.dateFormat, abort: true })
  .refine((v) => {
    // Rejects impossible days (2026-02-30) that Date would silently roll over, and the year 0, which the
    // calendar (and PostgreSQL) does not have.
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v) && !v.startsWith('0000');
  }, messages.dateFormat);

export const postcodeSchema = z.string().regex(/^[0-9]{5}$/, messages.postcodeFormat);
