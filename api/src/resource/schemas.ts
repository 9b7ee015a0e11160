import { type FieldSpec, type FieldTable, fieldNames } from '@portal/domain';
import type { JsonSchema } from '../hydra/index.ts';

/** The OpenAPI (3.0) schema of a field's REST value, described by its French label. */
export function fieldSchema(field: FieldSpec): JsonSchema {
  const nullable = field.required !== true && field.kind !== 'boolean' ? { nullable: true } : {};
  const base = { description: field.label, ...nullable };
  switch (field.kind) {
    case 'text':
      return { type: 'string', ...base };
    case 'code':
      return { type: 'string', ...base, description: `${field.label} (code of the official list)` };
    case 'decimal':
      return decimalSchema(field.label, field.required !== true);
    case 'number':
      return { type: 'number', ...base };
    case 'integer':
      return { type: 'integer', ...base };
    case 'boolean':
      return { type: 'boolean', ...base };
    case 'date':
      return { type: 'string', format: 'date', ...base };
    case 'timestamp':
      return { type: 'string', format: 'date-time', ...base };
    case 'enum':
      return { type: 'string', enum: [...(field.values ?? [])], ...base };
    case 'list':
      return {
        type: 'array',
        items: { type: 'string', ...(field.values === undefined ? {} : { enum: [...field.values] }) },
        description: field.label,
      };
    case 'reference':
      return {
        type: 'string',
        format: 'iri-reference',
        ...base,
        description: `${field.label}: IRI of ${field.reference?.resource ?? 'a resource'}`,
      };
    case 'json':
      // Any JSON value, null included: OpenAPI 3.0's `nullable` needs a type beside it.
      return { description: field.label };
  }
}

/**
 * The component schema of a resource's JSON-LD item: `@id`, `@type`, `id`, each field of its table, and the
 * fields the api computes for the caller (`computed`).
 */
export function itemSchema(type: string, table: FieldTable, computed: Record<string, JsonSchema> = {}) {
  const names = fieldNames(table);
  return {
    $id: type,
    ...ldObjectSchema(
      type,
      {
        id: { type: 'integer' },
        ...Object.fromEntries(names.map((name) => [name, fieldSchema(table[name] as FieldSpec)])),
        ...computed,
      },
      ['id', ...names.filter((name) => table[name]?.required === true || table[name]?.kind === 'boolean')],
    ),
  };
}

/**
 * The schema of a JSON-LD object of `@type` `type` (an item that is no stored resource: a computed answer, an
 * entry of an official list): `@id`, `@type` and `properties`, every one of them present unless `required` says
 * which are. `@context` is there when it is sent alone, not inside a collection.
 */
export function ldObjectSchema(
  type: string,
  properties: Record<string, JsonSchema>,
  required: readonly string[] = Object.keys(properties),
): JsonSchema {
  return {
    type: 'object',
    required: ['@id', '@type', ...required],
    properties: {
      '@context': { type: 'string' },
      '@id': { type: 'string', format: 'iri-reference' },
      '@type': { type: 'string', enum: [type] },
      ...properties,
    },
  };
}

/** A plain object whose `properties` are all present (null where nullable). */
export const objectSchema = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...(description === undefined ? {} : { description }),
});

/** A list of `items`. */
export const listSchema = (items: JsonSchema, description?: string): JsonSchema => ({
  type: 'array',
  items,
  ...(description === undefined ? {} : { description }),
});

/** A decimal as the api sends it: text, exact (`"2.460"`), where a JSON number would round. */
export const decimalSchema = (description: string, nullable = false): JsonSchema => ({
  type: 'string',
  pattern: '^-?[0-9]+(\\.[0-9]+)?$',
  description: `${description} (decimal)`,
  ...(nullable ? { nullable: true } : {}),
});

/** A text, or null. */
export const textSchema = (description: string, nullable = false): JsonSchema => ({
  type: 'string',
  description,
  ...(nullable ? { nullable: true } : {}),
});

/** An IRI, or a list of them (a computed relation). */
export const iriSchema = (description: string, nullable = false): JsonSchema => ({
  type: 'string',
  format: 'iri-reference',
  description,
  ...(nullable ? { nullable: true } : {}),
});
