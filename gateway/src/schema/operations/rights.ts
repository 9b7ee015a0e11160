import {
  COMPLETION_EDITABLE_STATUSES,
  OPERATION_ACTIONS,
  type OperationActionName,
  operationActionsFrom,
} from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import type { RestOperation } from '../../rest/types.ts';
import { mayAsProducer, mayAsProvider } from '../skips/rights.ts';

/**
 * What the api would allow on an operation, to show only the buttons it would accept: the moves of
 * `domain/operations.ts` from the current status, for the sides the viewer holds with each move's permission.
 * The api decides again on every write.
 */
export async function viewerOperationActions(
  context: GatewayContext,
  operation: RestOperation,
): Promise<OperationActionName[]> {
  const candidates = (['provider', 'producer'] as const).flatMap((actor) =>
    operationActionsFrom(operation.status, actor).map((name) => ({ actor, name })),
  );
  // All at once: every operation of a page then asks for its sites in the same batch, whatever its status
  // (one after the other, each status would reach the site loader after a different number of awaits).
  const allowed = await Promise.all(
    candidates.map(({ actor, name }) => {
      const { permission } = OPERATION_ACTIONS[name];
      return actor === 'provider'
        ? mayAsProvider(context, permission, operation.provider)
        : mayAsProducer(context, permission, operation.companySite, () => operation.companySiteEntity);
    }),
  );
  return candidates.filter((_, index) => allowed[index]).map(({ name }) => name);
}

/** The provider fills in the completion while the operation is scheduled or accepted. */
export async function mayEditCompletion(context: GatewayContext, operation: RestOperation): Promise<boolean> {
  return (
    COMPLETION_EDITABLE_STATUSES.includes(operation.status) &&
    (await mayAsProvider(context, 'operation:complete', operation.provider))
  );
}
