import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, login, type Session } from './helpers.ts';

/**
 * Whatever a client sends, the api answers with a status it means: never a 5xx, and every refusal is a French
 * `application/problem+json`. Generated over every route of the OpenAPI document (its path parameters, its
 * query parameters and its body) with hostile values, as each demo user and without a session. Seeded: a failure
 * prints the seed and path that replay it (`HOSTILE_SEED`, `HOSTILE_RUNS` widen a run by hand).
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const SEED = Number(process.env.HOSTILE_SEED ?? 20260302);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 20);

/** Each route and caller draws its own values, from the one seed. */
const seedOf = (label: string) =>
  [...label].reduce((hash, char) => (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0, SEED);

const api = await createTestApi();
afterAll(() => api.close());

const document = (await get(api, '/api/docs.json')).json<OpenApiDocument>();
const callers: [string, Session | undefined][] = [
  ['sans session', undefined],
  ...(await Promise.all(
    ['producteur@demo.fr', 'prestataire@demo.fr', 'transporteur@demo.fr', 'chantier@demo.fr'].map(
      async (email) => [email, await login(api, email)] as [string, Session],
    ),
  )),
];

/** Every documented operation; signing out last, since it ends the caller's session. */
const operations = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  )
  .sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));

const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref === undefined ? schema : document.components.schemas[schema.$ref.split('/').pop() ?? ''];

/** Values that have broken parsers elsewhere: NUL and control characters, impossible dates, huge numbers... */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '2026-01-01\u0000',
  '\u0001\u001f\u007f',
  '\t\r\n',
  '%00',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '0000-01-01',
  '2026-02-29T24:00',
  '2026-01-01T23:60',
  '2026-01-01T10:00:00+99:00',
  '2026-01-01T10:00:00.1234567890123456789Z',
  '275760-09-14',
  '-2026-01-01',
  '99999999999',
  '2147483648',
  '9007199254740993',
  '9'.repeat(400),
  '1e309',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  '/api/skips/1',
  '/api/companies/1',
  '/api/users/1',
  '/api/company_sites/1/company_site_entities/1',
  '/api/operations/99999999999',
  '/api/../../etc/passwd',
  'http://ailleurs.test/api/skips/1',
  'a'.repeat(10_000),
  'é'.repeat(3000),
  '😀'.repeat(1000),
  '\ud800',
  'a\udfff',
  "' or 1=1 --",
  '%_\\',
  '__proto__',
  'constructor',
  '',
  ' ',
  'all',
  'null',
  'me',
  'true',
  'asc',
];
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));

/** What a parameter of this schema would accept, so that hostile values also reach past the first check. */
function plausible(schema: Schema | undefined): fc.Arbitrary<string> {
  const values = [
    ...(schema?.enum ?? []).map(String),
    ...(resolve(schema?.items)?.enum ?? []).map(String),
    '2026-03-01',
    '2025',
    '3',
    'asc',
    'desc',
    'false',
  ];
  return fc.oneof(fc.constantFrom(...values), fc.integer({ min: 1, max: 60 }).map(String));
}

function hostileText(schema?: Schema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: plausible(schema) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    // A plausible value with a control character inside.
    {
      weight: 2,
      arbitrary: fc
        .tuple(plausible(schema), controlCharacter, fc.boolean())
        .map(([value, control, before]) => (before ? control + value : value + control)),
    },
  );
}

/** A JSON value where the body expects one of this schema: text, numbers out of range, the wrong shape. */
function hostileJson(schema?: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: hostileText(schema) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, true, false, null, {}, []),
    },
    { weight: 1, arbitrary: fc.array(hostileText(schema), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('@id', 'id', '__proto__'), hostileText()) },
  );
}

interface HostileRequest {
  url: string;
  body?: string | FormData;
  contentType?: string;
}

/**
 * Percent-encoded as a client would; a lone surrogate (which has no UTF-8 form) becomes what a hostile client
 * sends instead: an invalid (high) or truncated (low) UTF-8 sequence.
 */
const encode = (value: string) =>
  value
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((part, index) => {
      if (index % 2 === 0) return encodeURIComponent(part);
      return part.charCodeAt(0) < 0xdc00 ? '%ED%A0%80' : '%E0%A4%A';
    })
    .join('');

/** Long runs shortened (`(a)×10000`), so that a failure prints a readable counterexample. */
const abbreviate = (text: string) =>
  text
    .replace(/(.{1,12}?)\1{19,}/gs, (run, unit: string) => `(${unit})×${run.length / unit.length}`)
    .slice(0, 600);

function described(request: HostileRequest): HostileRequest {
  const body =
    request.body instanceof FormData
      ? JSON.stringify([...request.body.entries()].map(([name, value]) => [name, String(value)]))
      : request.body;
  return Object.assign(request, {
    [fc.toStringMethod]: () =>
      abbreviate(`${request.url} ${request.contentType ?? ''} ${body === undefined ? '' : abbreviate(body)}`),
  });
}

function pathWith(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => encode(values[name] ?? ''));
}

/** A parameter's name as given, and the ways a client may mangle it (`[]` added or dropped, nested). */
const queryNames = (parameters: Parameter[]) => {
  const names = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  return [
    ...names,
    ...names.map((name) => (name.endsWith('[]') ? name.slice(0, -2) : `${name}[]`)),
    ...names.slice(0, 3).map((name) => `${name}[0][x]`),
    '__proto__',
    'constructor[prototype]',
    'order[inconnu]',
  ];
};

function hostileRequest(path: string, operation: Operation, callerId: number): fc.Arbitrary<HostileRequest> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const pathValues = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [
        parameter.name,
        fc.oneof(hostileText(parameter.schema), fc.constantFrom('me', String(callerId))),
      ]),
    ),
  );
  const schemaOf = new Map(parameters.map((parameter) => [parameter.name, parameter.schema]));
  const names = queryNames(parameters);
  const query = fc.array(
    fc
      .constantFrom(...names)
      .chain((name) =>
        fc
          .oneof(hostileText(schemaOf.get(name)), fc.array(hostileText(schemaOf.get(name)), { maxLength: 3 }))
          .map((value) => [name, value] as const),
      ),
    { minLength: names.length > 6 ? 1 : 0, maxLength: 6 },
  );
  const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const body = bodyOf(contentType, resolve(media?.schema));
  return fc.tuple(pathValues, query, body).map(([values, entries, payload]) => {
    const search = entries
      .flatMap(([name, value]) => [value].flat().map((one) => `${encode(name)}=${encode(one)}`))
      .join('&');
    return described({ url: `${pathWith(path, values)}${search === '' ? '' : `?${search}`}`, ...payload });
  });
}

function bodyOf(
  contentType: string | undefined,
  schema: Schema | undefined,
): fc.Arbitrary<Omit<HostileRequest, 'url'>> {
  if (contentType === undefined) return fc.constant({});
  const properties = Object.entries(schema?.properties ?? {});
  const fields = fc.array(
    fc.oneof(
      ...properties.map(([name, property]) =>
        hostileJson(resolve(property)).map((value) => [name, value] as const),
      ),
      hostileJson().map((value) => ['__proto__', value] as const),
    ),
    { maxLength: 8 },
  );
  if (contentType === 'multipart/form-data') {
    return fields.map((entries) => {
      const form = new FormData();
      for (const [name, value] of entries) {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        const property = schema?.properties?.[name];
        if (property?.type === 'array' && resolve(property.items)?.format === 'binary') {
          form.append(name, new Blob([text]), text.slice(0, 50));
        } else {
          form.append(name, text);
        }
      }
      return { body: form };
    });
  }
  const object = fields.map((entries) => JSON.stringify(Object.fromEntries(entries)));
  const malformed = fc.constantFrom(
    '[]',
    '"texte"',
    '1',
    'null',
    '{"a":',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
  );
  return fc
    .tuple(fc.oneof({ weight: 4, arbitrary: object }, { weight: 1, arbitrary: malformed }), fc.boolean())
    .map(([body, wrongType]) => ({ body, contentType: wrongType ? 'text/plain' : contentType }));
}

/** Why an answer is not acceptable, or undefined when it is. */
function fault(response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `${status}: ${response.body.slice(0, 300)}`;
  if (status < 400) return undefined;
  if (!String(response.headers['content-type']).startsWith('application/problem+json')) {
    return `${status} as ${response.headers['content-type']}: ${response.body.slice(0, 300)}`;
  }
  const problem = response.json<{ status?: unknown; title?: unknown; detail?: unknown }>();
  if (problem.status !== status || typeof problem.title !== 'string' || typeof problem.detail !== 'string') {
    return `${status}, a problem without status, title or detail: ${response.body.slice(0, 300)}`;
  }
  // Fastify's and ajv's own messages are English.
  if (/\b(must|should|querystring|Unexpected|expected)\b/.test(`${problem.title} ${problem.detail}`)) {
    return `${status}, not in French: ${problem.detail}`;
  }
  return undefined;
}

describe.each(callers)('hostile requests as %s', (name, session) => {
  it.each(operations.map((entry) => [`${entry.method} ${entry.path}`, entry] as const))(
    '%s: no 5xx, every refusal a French problem',
    async (label, { path, method, operation }) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(path, operation, session?.userId ?? 1), async (request) => {
          const headers: Record<string, string> = {};
          if (session !== undefined) headers.authorization = `Bearer ${session.token}`;
          if (request.contentType !== undefined) headers['content-type'] = request.contentType;
          const response = await api.app.inject({
            method: method as 'GET',
            url: request.url,
            headers,
            ...(request.body === undefined ? {} : { payload: request.body }),
          });
          if (process.env.HOSTILE_DEBUG)
            console.log(`STAT ${response.statusCode} ${method} ${request.url.slice(0, 120)}`);
          const problem = fault(response);
          if (problem !== undefined) throw new Error(`${method} ${abbreviate(request.url)}: ${problem}`);
        }),
        { seed: seedOf(`${name} ${label}`), numRuns: RUNS },
      );
    },
    60_000,
  );
});

describe('the requests that answered 500', () => {
  /**
   * A session of its own for the fixed cases, opened after the generated ones: they sign their callers out, end
   * their users' other sessions, and fail logins.
   */
  let reader: Session;
  beforeAll(async () => {
    reader = await login(api, 'producteur@demo.fr');
  });

  it.each([
    ['/api/company_sites?q=%00', 'q'],
    ['/api/skips?q=%00', 'q'],
    ['/api/operations?requestedDate[before]=2026-02-30', 'requestedDate[before]'],
    ['/api/skip_deliveries?requestedDate[before]=2026-02-30', 'requestedDate[before]'],
    ['/api/skips?id[]=99999999999', 'id'],
  ])('%s: a French 400 naming the parameter', async (url, name) => {
    const response = await get(api, url, reader);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json<{ detail: string }>().detail).toContain(`« ${name} »`);
  });
});
