import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from './helpers.ts';

/**
 * `/api/docs.json` is what OpenAPI-driven clients and gateways read: it must pass a well-kept linter's
 * recommended rules (Redocly's), and every route must name its operation and type what it answers, so that no
 * generated client needs a hand patch.
 */

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Record<string, unknown>> };
};

let api: TestApi;
let document: Document;

beforeAll(async () => {
  api = await createTestApi({ seedDemo: false });
  const response = await api.app.inject({ method: 'GET', url: '/api/docs.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
});

afterAll(() => api?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** A schema says what it holds: a reference, a type with properties or items, or a scalar type. */
function typed(
  schema: Record<string, unknown> | undefined,
  schemas: Record<string, Record<string, unknown>>,
) {
  if (schema === undefined) return false;
  const reference = schema.$ref;
  if (typeof reference === 'string') return typed(schemas[reference.split('/').pop() ?? ''], schemas);
  if (Array.isArray(schema.allOf) || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return true;
  if (schema.type === 'object') {
    return schema.properties !== undefined || schema.additionalProperties !== undefined;
  }
  if (schema.type === 'array') return schema.items !== undefined;
  return typeof schema.type === 'string';
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  });

  it('names every operation, once', () => {
    const ids = operations().map(
      ({ path, method, operation }) => operation.operationId ?? `${method} ${path}`,
    );
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9_]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('types every answer that has a body', () => {
    const schemas = document.components?.schemas ?? {};
    const untyped = operations().flatMap(({ path, method, operation }) =>
      Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
        Object.entries(response.content ?? {})
          .filter(([, media]) => !typed(media.schema, schemas))
          .map(([type]) => `${method.toUpperCase()} ${path} ${status} ${type}`),
      ),
    );
    expect(untyped).toEqual([]);
  });

  it('sends resources as JSON-LD with their IRIs described', () => {
    const skip = document.paths['/api/skips/{id}']?.get?.responses?.['200']?.content;
    expect(Object.keys(skip ?? {})).toEqual(['application/ld+json']);
    const properties = document.components?.schemas?.Skip?.properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(properties.companySite).toMatchObject({ type: 'string', format: 'iri-reference' });
    expect(properties['@id']).toMatchObject({ type: 'string' });
  });
});
