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
  const allowed: OperationActionName[] = [];
  for (const actor of ['provider', 'producer'] as const) {
    for (const name of operationActionsFrom(operation.status, actor)) {
      const { permission } = OPERATION_ACTIONS[name];
      const may =
        actor === 'provider'
          ? await mayAsProvider(context, permission, operation.provider)
          : await mayAsProducer(
              context,
              permission,
              operation.companySite,
              () => operation.companySiteEntity,
            );
      if (may) allowed.push(name);
    }
  }
  return allowed;
}

/** The provider fills in the completion while the operation is scheduled or accepted. */
export async function mayEditCompletion(context: GatewayContext, operation: RestOperation): Promise<boolean> {
  return (
    COMPLETION_EDITABLE_STATUSES.includes(operation.status) &&
    (await mayAsProvider(context, 'operation:complete', operation.provider))
  );
}
