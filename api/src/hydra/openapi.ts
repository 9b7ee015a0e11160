import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { type CollectionSpec, MAX_SEARCH_LENGTH } from './collection.ts';
import { MERGE_PATCH_CONTENT_TYPE } from './merge-patch.ts';
import { defaultTitle } from './problem.ts';

/**
 * A zod schema as JSON Schema for the OpenAPI document. Route schemas only document: bodies are validated by
 * the zod schemas in the handlers, which carry the French messages of @portal/domain.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'openapi-3.0',
  });
  return nullableOnTypes(rest) as Record<string, unknown>;
}

/**
 * OpenAPI 3.0 lets only a schema with a `type` be `nullable`: a nullable union (an optional reference: an IRI or
 * an id) says it on each of its typed members instead.
 */
function nullableOnTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableOnTypes);
  if (typeof schema !== 'object' || schema === null) return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, nullableOnTypes(value)] as const);
  const result: Record<string, unknown> = Object.fromEntries(entries);
  if (result.nullable === true && result.type === undefined && Array.isArray(result.anyOf)) {
    delete result.nullable;
    result.anyOf = result.anyOf.map((member) =>
      typeof member === 'object' && member !== null ? nullableOnTypes({ ...member, nullable: true }) : member,
    );
  }
  return result;
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

const problemSchema = {
  description: 'application/problem+json',
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    detail: { type: 'string' },
    status: { type: 'integer' },
    requestId: {
      type: 'string',
      description: "The request's id (its traceparent's trace id), for the user to quote to support",
    },
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

/** `{id}` of a path: an integer (`me` too where the path is about the caller). */
export const idParams = (name = 'id', allowMe = false) =>
  ({
    type: 'object',
    properties: { [name]: { type: 'string', pattern: allowMe ? '^([0-9]+|me)$' : '^[0-9]+$' } },
    required: [name],
  }) as const;

/** The path of one of a user's own items (`/api/users/{id}/<items>/{itemId}`): the user (`me` or its id), the item. */
export const userItemParams = (item: string) =>
  ({
    type: 'object',
    required: ['id', item],
    properties: {
      id: { type: 'string', pattern: '^(me|[0-9]{1,9})$' },
      [item]: { type: 'string', pattern: '^[0-9]{1,9}$' },
    },
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

/** A JSON Schema of the OpenAPI document (3.0: `nullable` marks what may be null). */
export type JsonSchema = Record<string, unknown>;

const LD_JSON = 'application/ld+json';
const PROBLEM = 'application/problem+json';

/** The shared component schemas of the Hydra conventions: a problem and a collection's view. */
export function registerHydraSchemas(app: FastifyInstance): void {
  app.addSchema({ $id: 'Problem', ...problemSchema, description: undefined });
  app.addSchema({
    $id: 'HydraView',
    type: 'object',
    description: 'The pages of a paginated collection (absent when `pagination=false`)',
    required: ['@id', '@type', 'hydra:first', 'hydra:last'],
    properties: {
      '@id': { type: 'string' },
      '@type': { type: 'string', enum: ['hydra:PartialCollectionView'] },
      'hydra:first': { type: 'string' },
      'hydra:last': { type: 'string' },
      'hydra:previous': { type: 'string' },
      'hydra:next': { type: 'string' },
    },
  });
}

/** A documented problem answer of `status` (`application/problem+json`). */
export const problemResponse = (status: number, description = defaultTitle(status)) => ({
  description,
  content: { [PROBLEM]: { schema: { $ref: 'Problem#' } } },
});

/** Documented problem answers, by status. */
export function problems(...statuses: number[]): Record<number, ReturnType<typeof problemResponse>> {
  return Object.fromEntries(statuses.map((status) => [status, problemResponse(status)]));
}

/** A JSON-LD item of the component schema `type` (registered by its resource). */
export const ldItem = (type: string, description = type) => ({
  description,
  content: { [LD_JSON]: { schema: { $ref: `${type}#` } } },
});

/** A JSON-LD answer of an inline schema (an item that is not a resource of its own: a computed summary). */
export const ldObject = (description: string, schema: JsonSchema) => ({
  description,
  content: { [LD_JSON]: { schema } },
});

/** The schema of a Hydra collection of `items`. */
export function collectionSchema(items: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['@context', '@id', '@type', 'hydra:member', 'hydra:totalItems'],
    properties: {
      '@context': { type: 'string' },
      '@id': { type: 'string' },
      '@type': { type: 'string', enum: ['hydra:Collection'] },
      'hydra:member': { type: 'array', items },
      'hydra:totalItems': { type: 'integer', minimum: 0 },
      'hydra:view': { $ref: 'HydraView#' },
    },
  };
}

/** A Hydra collection of the component schema `type`. */
export const ldCollection = (type: string, description = `hydra:Collection of ${type}`) =>
  ldObject(description, collectionSchema({ $ref: `${type}#` }));

/** A plain JSON answer (not a resource: a token, a computed list). */
export const jsonResponse = (description: string, schema: JsonSchema) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An answer without a body. */
export const noContent = (description: string) => ({ description, type: 'null' }) as const;

/**
 * The operationId of a route without one, as API Platform names them: the path's segments, then the method
 * (`api_skips_get_collection`, `api_skips_id_get`, `api_skips_id_patch`), so generated clients get stable names.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/^:/, '').replace(/[^A-Za-z0-9]+/g, '_'));
  const verb = method.toLowerCase();
  const collection = verb === 'get' && !url.split('/').pop()?.startsWith(':');
  return `${segments.join('_')}_${verb}${collection ? '_collection' : ''}`;
}

/** Gives every documented route an operationId (explicit ones stay). Install before registering routes. */
export function nameOperations(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
    if (schema === undefined || schema.hide === true || schema.operationId !== undefined) return;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    // Fastify's automatic HEAD twin of a GET is not documented; its schema object must stay its own.
    if (method === 'HEAD') return;
    route.schema = { ...schema, operationId: operationIdOf(String(method), route.url) };
  });
}
