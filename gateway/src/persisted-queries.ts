import { readFileSync } from 'node:fs';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GraphQLError, type GraphQLSchema, parse, specifiedRules, validate } from 'graphql';
import type { NodeEnv } from './config.ts';
import { ErrorCode } from './errors.ts';
import type { Logger } from './logger.ts';

/** relay-compiler's persisted documents: sha256 id to query text. */
export type PersistedQueries = ReadonlyMap<string, string>;

/** Read once at start. A missing file means no persisted queries (the web is not built yet). */
export function loadPersistedQueries(file: string, logger: Logger): PersistedQueries {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    logger.warn('no persisted queries file: only bearer-token requests can query the graph in production', {
      file,
    });
    return new Map();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`PERSISTED_QUERIES_FILE ${file} is not valid JSON: ${String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`PERSISTED_QUERIES_FILE ${file} must be an object of id to query text`);
  }
  const queries = new Map<string, string>();
  for (const [id, query] of Object.entries(parsed)) {
    if (typeof query !== 'string')
      throw new Error(`PERSISTED_QUERIES_FILE ${file}: the query of ${id} is not text`);
    queries.set(id, query);
  }
  logger.info('persisted queries loaded', { file, count: queries.size });
  return queries;
}

/** Limits of arbitrary documents (scripts with a personal token); the web's persisted queries are ours. */
export const RAW_DOCUMENT_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 5000,
  maxDirectives: 50,
  maxTokens: 1000,
} as const;

const armorRules = new ApolloArmor({
  maxDepth: { n: RAW_DOCUMENT_LIMITS.maxDepth },
  maxAliases: { n: RAW_DOCUMENT_LIMITS.maxAliases },
  costLimit: { maxCost: RAW_DOCUMENT_LIMITS.maxCost },
  maxDirectives: { n: RAW_DOCUMENT_LIMITS.maxDirectives },
  // Enforced below through graphql's own parser option; Apollo's plugins are not used here.
  maxTokens: { enabled: false },
  blockFieldSuggestion: { enabled: false },
}).protect().validationRules;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function refuse(res: Response, errors: { message: string; code: string }[]): void {
  res.status(400).json({ errors: errors.map(({ message, code }) => ({ message, extensions: { code } })) });
}

/** Parse and validate a raw document within the limits; the refusals, or null when it may run. */
function checkRawDocument(schema: GraphQLSchema, query: string): { message: string; code: string }[] | null {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query, { maxTokens: RAW_DOCUMENT_LIMITS.maxTokens });
  } catch (error) {
    const message = error instanceof GraphQLError ? error.message : String(error);
    return [{ message, code: 'GRAPHQL_PARSE_FAILED' }];
  }
  const errors = validate(schema, document, [...specifiedRules, ...armorRules]);
  if (errors.length === 0) return null;
  return errors.map((error) => ({ message: error.message, code: 'GRAPHQL_VALIDATION_FAILED' }));
}

export interface GraphQLRequestGuardOptions {
  queries: PersistedQueries;
  nodeEnv: NodeEnv;
  schema: GraphQLSchema;
}

/**
 * Runs before Apollo on /graphql. A persisted id (`doc_id`, also `id` or `documentId`) becomes its query
 * text; an unknown id is a 400. A raw `query` must come with an `Authorization: Bearer` token in production
 * (browsers use persisted ids only) and must stay within RAW_DOCUMENT_LIMITS.
 */
export function graphqlRequestGuard(options: GraphQLRequestGuardOptions): RequestHandler {
  const { queries, nodeEnv, schema } = options;
  return (req: Request, res: Response, next: NextFunction) => {
    const bearer = /^Bearer\s+\S+/i.test(req.headers.authorization ?? '');
    let params: Record<string, unknown>;
    let url: URL | undefined;
    if (req.method === 'GET') {
      url = new URL(req.url, 'http://gateway.invalid');
      params = Object.fromEntries(url.searchParams);
    } else {
      // Apollo needs a body even for the non-JSON requests its CSRF prevention refuses.
      if (req.body === undefined) req.body = {};
      if (!isRecord(req.body)) return next();
      params = req.body;
    }

    const documentId =
      nonEmptyText(params.doc_id) ?? nonEmptyText(params.documentId) ?? nonEmptyText(params.id);
    if (documentId !== undefined) {
      const query = queries.get(documentId);
      if (query === undefined) {
        return refuse(res, [
          { message: `Unknown persisted query '${documentId}'`, code: ErrorCode.persistedQueryNotFound },
        ]);
      }
      if (url === undefined) {
        const { doc_id: _docId, documentId: _documentId, id: _id, ...rest } = params;
        req.body = { ...rest, query };
      } else {
        for (const name of ['doc_id', 'documentId', 'id']) url.searchParams.delete(name);
        url.searchParams.set('query', query);
        req.url = `${url.pathname}${url.search}`;
      }
      return next();
    }

    const rawQuery = nonEmptyText(params.query);
    if (rawQuery === undefined) return next();
    if (nodeEnv === 'production' && !bearer) {
      return refuse(res, [
        {
          message:
            'Only persisted queries are accepted; arbitrary documents need an Authorization: Bearer token',
          code: ErrorCode.persistedQueryRequired,
        },
      ]);
    }
    const refusals = checkRawDocument(schema, rawQuery);
    if (refusals !== null) return refuse(res, refusals);
    return next();
  };
}
