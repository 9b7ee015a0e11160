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
      return {
        type: 'string',
        pattern: '^-?[0-9]+(\\.[0-9]+)?$',
        ...base,
        description: `${field.label} (decimal)`,
      };
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
      return base;
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
    type: 'object',
    required: [
      '@id',
      '@type',
      'id',
      ...names.filter((name) => table[name]?.required === true || table[name]?.kind === 'boolean'),
    ],
    properties: {
      '@context': { type: 'string' },
      '@id': { type: 'string', format: 'iri-reference' },
      '@type': { type: 'string', enum: [type] },
      id: { type: 'integer' },
      ...Object.fromEntries(names.map((name) => [name, fieldSchema(table[name] as FieldSpec)])),
      ...computed,
    },
  };
}

/** An IRI, or a list of them (a computed relation). */
export const iriSchema = (description: string, nullable = false): JsonSchema => ({
  type: 'string',
  format: 'iri-reference',
  description,
  ...(nullable ? { nullable: true } : {}),
});
