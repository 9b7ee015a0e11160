import {
  COST_FIELDS,
  type CostField,
  costFieldLabels,
  type TreatmentFamily,
  treatmentFamilyLabels,
} from '@portal/domain';
import { type JsonSchema, jsonResponse, problems } from '../hydra/index.ts';
import { decimalSchema, ldObjectSchema, listSchema, objectSchema } from '../resource/schemas.ts';
import { pathParamsSchema, ROLES, scopeQuerySchema } from './scope.ts';

/**
 * The pieces of the dashboard's answers, for the OpenAPI document: figures are computed (no stored resource),
 * each answer an object of `@type` its figure's name. Tonnes and euros travel as exact decimal text.
 */

export const tonnesSchema = (description = 'Tonnes') => decimalSchema(description);
export const countSchema = (description: string): JsonSchema => ({
  type: 'integer',
  minimum: 0,
  description,
});

/** Each cost of the operations times their received tonnes, rounded to the cent per operation, summed. */
export const costProperties = Object.fromEntries(
  COST_FIELDS.map((field) => [field, decimalSchema(`${costFieldLabels[field]}, € HT`)]),
) as Record<CostField, JsonSchema>;

export const familySchema: JsonSchema = {
  type: 'string',
  enum: Object.keys(treatmentFamilyLabels) as TreatmentFamily[],
  description: 'The treatment family of the final code (TRANSIT: not final)',
};

/** A flow (second level waste): its code and label, null for operations without a waste. */
export const flowProperties = {
  flow: { type: 'string', nullable: true, description: 'The flow (code of the second level waste)' },
  label: { type: 'string', nullable: true, description: 'The label of the flow' },
} satisfies Record<string, JsonSchema>;

export const monthSchema: JsonSchema = { type: 'integer', minimum: 1, maximum: 12 };

/** The tonnes of a final treatment code. */
export const treatmentSchema = objectSchema({
  family: familySchema,
  treatmentCode: { type: 'string', description: 'The final treatment code (`R 3`)' },
  tonnes: tonnesSchema(),
  operations: countSchema('Operations with tonnes under this code'),
});

/** The period and side every figure carries. */
export const periodProperties = (withMonth: boolean): Record<string, JsonSchema> => ({
  year: { type: 'integer' },
  ...(withMonth ? { month: monthSchema } : {}),
  role: { type: 'string', enum: [...ROLES] },
});

const rate = (description: string) =>
  decimalSchema(`${description}, a percentage with one decimal; null without known final tonnes`, true);

/** The figures of a summary (a year, or a month): operations, tonnes, costs, valorisation and CO2. */
export const summaryProperties: Record<string, JsonSchema> = {
  operations: countSchema('Realised operations'),
  tonnes: tonnesSchema('Received tonnes'),
  costs: objectSchema(costProperties),
  valorisation: objectSchema(
    {
      materialTonnes: tonnesSchema('Final tonnes of material recovery'),
      energyTonnes: tonnesSchema('Final tonnes of energy recovery (R 1)'),
      disposalTonnes: tonnesSchema('Final tonnes of disposal (D codes)'),
      transitTonnes: tonnesSchema('Tonnes under a transit code, not followed further'),
      valorisationRate: rate('Material and energy recovery over the known final tonnes'),
      materialRate: rate('Material recovery over the known final tonnes'),
      energyRate: rate('Energy recovery over the known final tonnes'),
    },
    'By the final treatment codes (transit apart)',
  ),
  co2: objectSchema(
    {
      emitted: decimalSchema('t CO2e emitted'),
      avoided: decimalSchema('t CO2e avoided (negative), never netted with the emitted'),
      uncovered: tonnesSchema('Tonnes without a CO2 factor'),
      factorsVersion: { type: 'string', description: 'The version of CO2_FACTORS (domain/impacts.ts)' },
      uncertainty: { type: 'string' },
    },
    'CO2 of the final treatments, from the factors of domain/impacts.ts',
  ),
};

/** A list of lines, each with `properties`. */
export const linesSchema = (properties: Record<string, JsonSchema>, description?: string) =>
  listSchema(objectSchema(properties), description);

/**
 * A figure's answer: a plain JSON object (it is sent as `application/json`) of `@type` `type`, with `properties`
 * (its period and side among them).
 */
export const figureResponse = (type: string, description: string, properties: Record<string, JsonSchema>) =>
  jsonResponse(description, ldObjectSchema(type, properties));

/**
 * The schema of a figure's route of a period (`{userId}/year/{year}` or `{userId}/month/{year}/{month}`): its path,
 * the scope of its query, its answer (the period and side, then `properties`) and its problems.
 */
export function figureRouteSchema(
  figure: string,
  summary: string,
  period: 'year' | 'month',
  properties: Record<string, JsonSchema>,
) {
  const month = period === 'month';
  return {
    tags: ['dashboard'],
    summary,
    params: month ? pathParamsSchema('userId', 'year', 'month') : pathParamsSchema('userId', 'year'),
    querystring: scopeQuerySchema(),
    response: {
      200: figureResponse(figure, `The figures of the ${period}`, {
        ...periodProperties(month),
        ...properties,
      }),
      ...problems(400, 401, 404),
    },
  };
}
