import { z } from 'zod';

/**
 * A zod schema as JSON Schema for the OpenAPI document. Route schemas only document: bodies are validated by
 * the zod schemas in the handlers, which carry the French messages of @portal/domain.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

export const problemSchema = {
  description: 'application/problem+json',
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    detail: { type: 'string' },
    status: { type: 'integer' },
    violations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          propertyPath: { type: 'string' },
          message: { type: 'string' },
          code: { type: 'string' },
        },
      },
    },
  },
} as const;

export const itemResponse = (description: string) => ({ description, type: 'object' }) as const;

/** `{id}` of a path: an integer (`me` too where the path is about the caller). */
export const idParams = (name = 'id', allowMe = false) =>
  ({
    type: 'object',
    properties: { [name]: { type: 'string', pattern: allowMe ? '^([0-9]+|me)$' : '^[0-9]+$' } },
    required: [name],
  }) as const;

/** The query parameters shared by every collection. */
export function collectionQuerySchema(
  extra: { relations?: readonly string[]; order?: readonly string[] } = {},
) {
  const properties: Record<string, unknown> = {
    pagination: { type: 'boolean', description: 'false returns every item' },
    page: { type: 'integer', minimum: 1 },
    itemsPerPage: { type: 'integer', minimum: 1, maximum: 500 },
    'id[]': { type: 'array', items: { type: 'string' }, description: 'ids or IRIs' },
  };
  for (const relation of extra.relations ?? []) {
    properties[`${relation}[]`] = { type: 'array', items: { type: 'string' }, description: 'ids or IRIs' };
  }
  for (const field of extra.order ?? []) {
    properties[`order[${field}]`] = { type: 'string', enum: ['asc', 'desc'] };
  }
  return { type: 'object', properties };
}
