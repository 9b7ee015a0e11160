import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getNamedType, isLeafType, isObjectType, parse } from 'graphql';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/errors.ts';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { QUERY_LIMITS, queryLimitErrors } from '../src/query-limits.ts';
import { buildSchema } from '../src/schema/index.ts';
import { post, startTestGateway, type TestGateway, tempDir } from './helpers.ts';

const schema = buildSchema();
const bearer = { authorization: 'Bearer script-token' };
const session = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };

/** A page of the viewer's operations, as the web's pagination queries ask for one. */
const PAGE_ID = 'operations-page';
const PAGE_TEXT = `query OperationsPage($count: Int = 50, $cursor: String) {
  viewer { operations(first: $count, after: $cursor) { edges { node { id } } } }
}`;

/** A deeper document than the depth limit allows (13 levels). */
const TOO_DEEP = `{ viewer { establishments { edges { node { entities { edges { node {
  establishment { entities { edges { node { establishment { name } } } } } } } } } } } } }`;

const ids = (count: number) => Array.from({ length: count }, (_, i) => `unknown-${i}`);

const dir = tempDir('gateway-limits-');
const persistedFile = dir.write('persisted-queries.json', JSON.stringify({ [PAGE_ID]: PAGE_TEXT }));

let production: TestGateway;
beforeAll(async () => {
  production = await startTestGateway({ NODE_ENV: 'production', PERSISTED_QUERIES_FILE: persistedFile });
});
afterAll(async () => {
  await production.close();
  dir.remove();
});
afterEach(() => {
  // Every refusal comes before any REST call: none is mocked, and none may be left pending either.
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

async function script(query: string, variables: Record<string, unknown> = {}) {
  return post(`${production.url}/graphql`, { query, variables }, { headers: bearer });
}

function expectRefused(answer: Awaited<ReturnType<typeof script>>, message: RegExp): void {
  expect(answer.status).toBe(400);
  expect(answer.body.data).toBeUndefined();
  expect(answer.body.errors).toHaveLength(1);
  expect(answer.body.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
  expect(answer.body.errors[0].message).toMatch(message);
  expect(answer.body.errors[0].message).not.toMatch(/syntax error/i);
}

describe('the limits of a document', () => {
  it('refuses nodes(ids:) with more ids than one list may hold, in a variable or in the document', async () => {
    expectRefused(
      await script('query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ids(20_000) }),
      /'ids' of 'nodes' holds 20000 items/,
    );
    // In a document, so many ids are more tokens than a request may send; the list's own limit holds too.
    expectRefused(await script(`{ nodes(ids: ${JSON.stringify(ids(1001))}) { id } }`), /tokens/);
    expect(queryLimitErrors(schema, parse(`{ nodes(ids: ${JSON.stringify(ids(1001))}) { id } }`))).toEqual([
      expect.objectContaining({
        code: 'QUERY_TOO_COSTLY',
        message: expect.stringMatching(/'ids' of 'nodes' holds 1001 items, more than the 1000/),
      }),
    ]);
  });

  it('answers nodes(ids:) with 1,000 ids', async () => {
    // Ids that are no global id are null without a REST call.
    const answer = await script('query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ids(1000) });
    expect(answer.status).toBe(200);
    expect(answer.body.data.nodes).toHaveLength(1000);
  });

  it('refuses a first above 1,000, in the document or in a variable', async () => {
    expectRefused(
      await script('{ viewer { operations(first: 1001) { totalCount } } }'),
      /'operations\(first: 1001\)' asks for more than the 1000 items.*'after'/,
    );
    expectRefused(
      await script('query Codes($n: Int) { wasteCodes(first: $n) { code } }', { n: 1_000_000 }),
      /'wasteCodes\(first: 1000000\)'/,
    );
  });

  it('refuses a persisted query whose variables ask for too many items, each time, whatever came between', async () => {
    const ask = (count: number) =>
      post(`${production.url}/graphql`, { doc_id: PAGE_ID, variables: { count } }, { cookies: session });
    expectRefused(await ask(5000), /'operations\(first: 5000\)'/);
    const allowed = await ask(20);
    expect(JSON.stringify(allowed.body)).not.toContain(ErrorCode.queryTooCostly);
    expectRefused(await ask(5000), /'operations\(first: 5000\)'/);
  });

  it('counts list lengths in the cost: lists within lists are refused', async () => {
    expectRefused(
      await script(`{ viewer { establishments(first: 1000) { edges { node {
        operations(first: 1000) { edges { node { id } } } } } } } }`),
      /may resolve \d+ fields, more than the 50000/,
    );
    // Aliases multiply too.
    const pages = Array.from(
      { length: 15 },
      (_, i) => `p${i}: operations(first: 1000) { edges { node { id status requestedDate } } }`,
    );
    expectRefused(await script(`{ viewer { ${pages.join(' ')} } }`), /may resolve \d+ fields/);
  });

  it('lets a script read a page of 1,000 operations with every field of their own', () => {
    const operation = schema.getType('Operation');
    if (!isObjectType(operation)) throw new Error('no Operation type');
    const fields = Object.values(operation.getFields())
      .filter((field) => isLeafType(getNamedType(field.type)) && field.args.length === 0)
      .map((field) => field.name);
    expect(fields.length).toBeGreaterThan(20);
    const page = `{ viewer { operations(first: 1000) { totalCount pageInfo { hasNextPage endCursor }
      edges { cursor node { ${fields.join(' ')} skip { name } } } } } }`;
    expect(queryLimitErrors(schema, parse(page))).toEqual([]);
  });

  it('lets a script read a page of 1,000 register lines with every field of article 2, and no more', () => {
    /** Every field of a type, its records' fields too, as a script asking for all of it writes them. */
    const everything = (name: string): string => {
      const type = schema.getType(name);
      if (!isObjectType(type)) throw new Error(`no ${name} type`);
      return Object.values(type.getFields())
        .map((field) => {
          const named = getNamedType(field.type);
          return isLeafType(named) ? field.name : `${field.name} { ${everything(named.name)} }`;
        })
        .join(' ');
    };
    const page = (first: number) =>
      parse(`{ viewer { registerLines(first: ${first}, filter: { from: "2025-01-01", to: "2025-12-31" }) {
        totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ${everything('RegisterLine')} } } } } }`);
    expect(queryLimitErrors(schema, page(1000))).toEqual([]);
    // Records of records are still items: a page of register lines within a page of establishments is refused.
    const nested = parse(`{ viewer { establishments(first: 1000) { edges { node {
      registerLines(first: 1000) { edges { node { shipmentDate } } } } } } } }`);
    expect(queryLimitErrors(schema, nested)).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/may resolve \d+ fields/) }),
    ]);
  });

  it('costs fragments spread in fragments once each, so that doubling them cannot hold the gateway', () => {
    const fragments = Array.from({ length: 60 }, (_, i) =>
      i === 59 ? `fragment F${i} on User { email }` : `fragment F${i} on User { ...F${i + 1} ...F${i + 1} }`,
    );
    const document = parse(`{ viewer { ...F0 } } ${fragments.join(' ')}`);
    expect(queryLimitErrors(schema, document)).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/may resolve \d+ fields/) }),
    ]);
  });

  it('refuses a document deeper than the depth limit, before any REST call', async () => {
    expectRefused(await script(TOO_DEEP), /depth limit of 10 exceeded/i);
  });

  it('refuses more aliases than the limit', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: viewer { email }`).join(' ');
    expectRefused(await script(`{ ${aliases} }`), /aliases limit of 15/i);
  });

  it('refuses a document of more tokens than the limit', async () => {
    const fields = Array.from({ length: 1100 }, () => 'email').join(' ');
    expectRefused(await script(`{ viewer { ${fields} } }`), /more than the 1000 tokens/);
  });
});

describe("the web's persisted queries", () => {
  const file = fileURLToPath(new URL('../../web/persisted-queries.json', import.meta.url));

  it('all stay within the limits, with the variables they default to', () => {
    let queries: Record<string, string>;
    try {
      queries = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new Error(`${file} is missing: run npm run relay first`);
    }
    expect(Object.keys(queries).length).toBeGreaterThan(0);
    const refused = Object.entries(queries).flatMap(([id, text]) =>
      queryLimitErrors(schema, parse(text, { maxTokens: QUERY_LIMITS.maxTokens })).map(
        ({ message }) => `${id}: ${message}`,
      ),
    );
    expect(refused).toEqual([]);
  });
});
