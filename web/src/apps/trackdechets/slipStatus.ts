import { SLIP_NOT_CREATED } from '@portal/domain/trackdechets';

/**
 * The colour of a slip status' badge (its label always says it in words): a slip to create or in draft, on its
 * way, done, or stopped (refused, cancelled, traceability lost).
 */
export function slipStatusPalette(code: string): string {
  if (code === SLIP_NOT_CREATED) return 'orange';
  if (code === 'DRAFT') return 'gray';
  if (code.includes('REFUSED') || code === 'CANCELED' || code === 'NO_TRACEABILITY') return 'red';
  if (['PROCESSED', 'FOLLOWED_WITH_PNTTD', 'GROUPED'].includes(code)) return 'green';
  return 'blue';
}
