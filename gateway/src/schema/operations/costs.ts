import { amountFor, iri, messages } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { notFoundUserError, unauthenticatedError, userErrorsOfWrite } from '../../errors.ts';
import type { RestOperation, RestOperationCost } from '../../rest/types.ts';
import { mayAs } from '../../viewer/rights.ts';
import { databaseIdOf } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

/** Costs hang off operations (one set each, batched by operation); their totals are exact decimals. */

interface CostsOfOperation {
  cost: RestOperationCost;
  receivedQuantity: string | null;
}

const COST_FIELDS = ['treatmentCost', 'transportCost', 'recyclingRevenue', 'purchasePrice'] as const;

async function costOf(context: GatewayContext, operationId: number): Promise<RestOperationCost | null> {
  const connection = await context.loaders.costsByOperation.load({
    parentId: operationId,
    filters: {},
    window: { first: null, after: null },
  });
  return connection.edges[0]?.node ?? null;
}

const total = (value: CostsOfOperation, field: (typeof COST_FIELDS)[number]) => {
  const price = value.cost[field];
  return price === null || value.receivedQuantity === null ? null : amountFor(value.receivedQuantity, price);
};

export const costResolvers = {
  Operation: {
    costs: async (operation: RestOperation, _args: unknown, context: GatewayContext) => {
      const cost = await costOf(context, operation.id);
      return cost === null ? null : { cost, receivedQuantity: operation.receivedQuantity };
    },
    canEditCosts: (operation: RestOperation, _args: unknown, context: GatewayContext) =>
      mayAs(context, 'provider', 'cost:update', operation),
  },
  OperationCosts: {
    treatmentCost: (value: CostsOfOperation) => value.cost.treatmentCost,
    transportCost: (value: CostsOfOperation) => value.cost.transportCost,
    recyclingRevenue: (value: CostsOfOperation) => value.cost.recyclingRevenue,
    purchasePrice: (value: CostsOfOperation) => value.cost.purchasePrice,
    treatmentTotal: (value: CostsOfOperation) => total(value, 'treatmentCost'),
    transportTotal: (value: CostsOfOperation) => total(value, 'transportCost'),
    recyclingRevenueTotal: (value: CostsOfOperation) => total(value, 'recyclingRevenue'),
    purchaseTotal: (value: CostsOfOperation) => total(value, 'purchasePrice'),
  },
  Mutation: {
    /** `POST /api/operation_costs` the first time, `PATCH /api/operation_costs/{id}` after. */
    async saveOperationCosts(
      _root: unknown,
      {
        input,
      }: { input: { operationId: string } & Partial<Record<(typeof COST_FIELDS)[number], string | null>> },
      context: GatewayContext,
    ) {
      if (context.token === null) throw unauthenticatedError();
      const operationId = databaseIdOf(input.operationId, 'Operation');
      if (operationId === null) return { operation: null, userErrors: [notFoundUserError()] };
      const body = mergePatchOf(input, COST_FIELDS);
      try {
        const existing = await costOf(context, operationId);
        if (existing === null) {
          await context.rest.post('/api/operation_costs', {
            operation: iri('operations', operationId),
            ...body,
          });
        } else {
          await context.rest.patch(`/api/operation_costs/${existing.id}`, body);
        }
        for (const loader of [context.loaders.costsByOperation, context.loaders.operationCosts])
          loader.clearAll();
        return { operation: () => context.loaders.operations.load(operationId), userErrors: [] };
      } catch (error) {
        const userErrors = userErrorsOfWrite(error, messages.costsSaveError, (path) =>
          path === '' ? [] : [path],
        );
        if (userErrors === null) throw error;
        return { operation: null, userErrors };
      }
    },
  },
};
