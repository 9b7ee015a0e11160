import { amountFor, COST_FIELDS, type CostField, iri, messages } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { notFoundUserError, refusalOf } from '../../errors.ts';
import type { RestOperationCost } from '../../rest/types.ts';
import { mayAs } from '../../viewer/rights.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

/** Costs hang off operations (one set each, batched by operation); their totals are exact decimals. */

/** The costs of an operation, with the quantity they are multiplied by. */
export interface CostsOfOperation {
  cost: RestOperationCost;
  receivedQuantity: string | null;
}

async function costOf(context: GatewayContext, operationId: number): Promise<RestOperationCost | null> {
  const connection = await context.loaders.costsByOperation.load({
    parentId: operationId,
    filters: {},
    window: { first: null, after: null },
  });
  return connection.edges[0]?.node ?? null;
}

const total = (value: CostsOfOperation, field: CostField) => {
  const price = value.cost[field];
  return price === null || value.receivedQuantity === null ? null : amountFor(value.receivedQuantity, price);
};

export const costResolvers: Resolvers = {
  Operation: {
    costs: async (operation, _args, context) => {
      const cost = await costOf(context, operation.id);
      return cost === null ? null : { cost, receivedQuantity: operation.receivedQuantity };
    },
    canEditCosts: (operation, _args, context) => mayAs(context, 'provider', 'cost:update', operation),
  },
  OperationCosts: {
    treatmentCost: (value) => value.cost.treatmentCost,
    transportCost: (value) => value.cost.transportCost,
    recyclingRevenue: (value) => value.cost.recyclingRevenue,
    purchasePrice: (value) => value.cost.purchasePrice,
    treatmentTotal: (value) => total(value, 'treatmentCost'),
    transportTotal: (value) => total(value, 'transportCost'),
    recyclingRevenueTotal: (value) => total(value, 'recyclingRevenue'),
    purchaseTotal: (value) => total(value, 'purchasePrice'),
  },
  Mutation: {
    /** `POST /api/operation_costs` the first time, `PATCH /api/operation_costs/{id}` after. */
    saveOperationCosts: authenticated(async (_root, { input }, context) => {
      const operationId = databaseIdOf(input.operationId, 'Operation');
      if (operationId === null) return { operation: null, userErrors: [notFoundUserError()] };
      const body = mergePatchOf(input, COST_FIELDS);
      try {
        const existing = await costOf(context, operationId);
        if (existing === null) {
          await context.rest.post(
            '/api/operation_costs',
            { operation: iri('operations', operationId), ...body },
            { idempotencyKey: input.clientMutationId },
          );
        } else {
          await context.rest.patch(`/api/operation_costs/${existing.id}`, body);
        }
        for (const loader of [context.loaders.costsByOperation, context.loaders.operationCosts])
          loader.clearAll();
        return { operation: () => context.loaders.operations.load(operationId), userErrors: [] };
      } catch (error) {
        const userErrors = refusalOf(error, messages.costsSaveError, (path) => (path === '' ? [] : [path]));
        return { operation: null, userErrors };
      }
    }),
  },
};
