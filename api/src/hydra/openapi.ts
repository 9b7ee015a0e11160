import { z } from 'zod';
import { type CollectionSpec, MAX_SEARCH_LENGTH } from './collection.ts';
import { MERGE_PATCH_CONTENT_TYPE } from './merge-patch.ts';

/**
 * A zod schema as JSON Schema for the OpenAPI document. Route schemas only document: bodies are validated by
 * the zod schemas in the handlers, which carry the French messages of @portal/domain.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/**
 * The documented body of a PATCH: every field of `shape` optional, as `application/merge-patch+json` (absent
 * fields are untouched, `null` clears).
 */
export function mergePatchDoc(shape: z.ZodRawShape) {
  return {
    content: { [MERGE_PATCH_CONTENT_TYPE]: { schema: jsonSchemaOf(z.object(shape).partial()) } },
  };
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
export function collectionQuerySchema(extra: CollectionSpec = {}) {
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
  for (const field of extra.dates ?? []) {
    for (const bound of ['after', 'before']) {
      properties[`${field}[${bound}]`] = { type: 'string', format: 'date', description: 'inclusive' };
    }
  }
  if (extra.search === true) {
    properties.q = {
      type: 'string',
      maxLength: MAX_SEARCH_LENGTH,
      description: 'case- and accent-insensitive search; every word must match',
    };
  }
  return { type: 'object', properties };
}
