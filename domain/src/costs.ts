import { thousandths } from './operations.ts';

/** Costs of an operation (SPEC 3 "Costs"): each in euro excluding tax per tonne, set by the provider. */
export const COST_FIELDS = ['treatmentCost', 'transportCost', 'recyclingRevenue', 'purchasePrice'] as const;
export type CostField = (typeof COST_FIELDS)[number];
export const costFieldLabels: Record<CostField, string> = {
  treatmentCost: 'Coût de traitement',
  transportCost: 'Coût de transport',
  recyclingRevenue: 'Recette de recyclage',
  purchasePrice: 'Prix de rachat',
};

/**
 * What a price per tonne comes to for a quantity, in euros with 2 decimals, exactly (tonnes in thousandths
 * times cents, rounded half up to the cent): `amountFor('2.460', '85.50')` is `210.33`.
 */
export function amountFor(tonnes: string, eurosPerTonne: string): string {
  const cents = thousandths(eurosPerTonne) / 10n; // thousandths of a euro → cents
  const product = thousandths(tonnes) * cents; // cents × thousandths of a tonne
  const negative = product < 0n;
  const absolute = negative ? -product : product;
  const roundedCents = (absolute + 500n) / 1000n;
  const digits = roundedCents.toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Cents of a euro amount written with a dot or a comma (`12,5` → 1250n; a third decimal is dropped): amounts
 * add up exactly, never through floating point.
 */
export function cents(euros: string): bigint {
  return thousandths(euros) / 10n;
}

/** Cents as euros with 2 decimals (`1250n` → `12.50`, `-5n` → `-0.05`). */
export function fromCents(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * What a set of costs comes to once the revenues are taken off: treatment and transport less the recycling
 * revenue and the buy-back price, in cents (negative when the revenues are the larger).
 */
export function netCostCents(costs: Record<CostField, bigint>): bigint {
  return costs.treatmentCost + costs.transportCost - costs.recyclingRevenue - costs.purchasePrice;
}
