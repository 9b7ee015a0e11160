import { z } from 'zod';
import { messages } from './messages.ts';
import { decimalSchema, quantityPattern } from './validation.ts';

/** The rule of an operation's costs (`costs.ts` holds their facts), apart so that screens showing costs load no zod. */

const MAX_EUROS_PER_TONNE = 1_000_000;

/** A price per tonne: zero or more, at most 2 decimals, comma or dot; blank is "not set". */
const priceSchema = z.preprocess(
  (value) => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && value.trim() === '') return null;
    return value;
  },
  decimalSchema(2)
    .refine((v) => !quantityPattern.test(v) || !v.startsWith('-'), messages.negativeValue)
    .refine(
      (v) => !quantityPattern.test(v) || Number(v.replace(',', '.')) <= MAX_EUROS_PER_TONNE,
      messages.valueTooLarge,
    )
    .transform((v) => v.replace(',', '.'))
    .nullable(),
);

export const operationCostsSchema = z.object({
  treatmentCost: priceSchema.optional(),
  transportCost: priceSchema.optional(),
  recyclingRevenue: priceSchema.optional(),
  purchasePrice: priceSchema.optional(),
});
export type OperationCostsInput = z.input<typeof operationCostsSchema>;
