import { operationCostsSchema } from './cost-rules.ts';
import { type CostField, costFieldLabels } from './costs.ts';
import { defineFields } from './fields.ts';
import { operationOutletFields } from './operation-rules.ts';

const cost = (name: CostField, column: string) =>
  ({
    kind: 'decimal',
    column,
    label: `${costFieldLabels[name]} (€ HT par tonne)`,
    rule: operationCostsSchema.shape[name],
    writers: ['provider'],
  }) as const;

/**
 * The costs of an operation as stored (`operation_costs`): one set per operation, each cost in euro excluding tax
 * per tonne with 2 decimals, or null. The provider writes them (SPEC 3 "Costs").
 */
export const operationCostFields = defineFields<'provider'>()({
  operation: {
    kind: 'reference',
    column: 'operation_id',
    label: 'Opération',
    required: true,
    reference: operationOutletFields.operation.reference,
  },
  treatmentCost: cost('treatmentCost', 'treatment_cost'),
  transportCost: cost('transportCost', 'transport_cost'),
  recyclingRevenue: cost('recyclingRevenue', 'recycling_revenue'),
  purchasePrice: cost('purchasePrice', 'purchase_price'),
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Modifiés le', required: true },
});
