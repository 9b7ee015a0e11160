import type { GatewayContext } from '../../../context.ts';
import type { UserError } from '../../../errors.ts';
import type { RestSkip } from '../../../rest/types.ts';

/** What the skip mutations share: their failed payload, and what a write makes the request read again. */

export function skipFailed(userErrors: UserError[]) {
  return { skip: null, skipEdge: null, userErrors };
}

/** A write changed this skip: later fields of the request read the api's answer, and lists again. */
export function refreshSkip(context: GatewayContext, skipId: number, skip: RestSkip | null): void {
  const { skips, skipsBySite, skipsByEntity } = context.loaders;
  skips.clear(skipId);
  if (skip !== null) skips.prime(skipId, skip);
  skipsBySite.clearAll();
  skipsByEntity.clearAll();
}

/**
 * A write changed deliveries, and so perhaps the state of their skip (ORDERED until a delivery is validated,
 * AVAILABLE again when none is left): later fields of the request read them again.
 */
export function refreshDeliveries(context: GatewayContext): void {
  const { skips, skipDeliveries, deliveriesBySkip, deliveriesBySite, skipsBySite, skipsByEntity } =
    context.loaders;
  for (const loader of [
    skips,
    skipDeliveries,
    deliveriesBySkip,
    deliveriesBySite,
    skipsBySite,
    skipsByEntity,
  ]) {
    loader.clearAll();
  }
}
