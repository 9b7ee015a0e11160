import { readFileSync } from 'node:fs';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import type { NodeEnv } from './config.ts';
import { ErrorCode, sendGraphErrors } from './errors.ts';
import type { Logger } from './logger.ts';
import { QUERY_LIMITS, queryLimitErrors, tokenLimitError } from './query-limits.ts';

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

type Refusal = { message: string; code: string };

function refuse(res: Response, errors: Refusal[]): void {
  sendGraphErrors(res, 400, errors);
}

/**
 * Parse and validate a raw document, then hold it to the limits; the refusals, or null when it may run.
 * Field suggestions ("Did you mean ...?") tell the schema, so only development gives them.
 */
function checkRawDocument(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown>,
  suggestions: boolean,
): Refusal[] | null {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: QUERY_LIMITS.maxTokens });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return [tokenLimitError(error) ?? { message: error.message, code: 'GRAPHQL_PARSE_FAILED' }];
  }
  const errors = validate(schema, document, specifiedRules, { hideSuggestions: !suggestions });
  if (errors.length > 0)
    return errors.map((error) => ({ message: error.message, code: 'GRAPHQL_VALIDATION_FAILED' }));
  const refusals = queryLimitErrors(schema, document, variables);
  return refusals.length > 0 ? refusals : null;
}

/** The request's variables: an object in a POST body, JSON text in a GET's query string. */
function variablesOf(params: Record<string, unknown>): Record<string, unknown> {
  let { variables } = params;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      // Apollo refuses malformed variables itself.
      return {};
    }
  }
  return isRecord(variables) ? variables : {};
}

/** A request's persisted query, once the guard has let it through. */
export interface PersistedRequest {
  id: string;
  /** Its operation's name (`DashboardFiguresQuery`). */
  operationName: string | null;
}

const persistedRequests = new WeakMap<Request, PersistedRequest>();

/** The persisted query a request asked for (undefined: a raw document, or none). */
export function persistedRequestOf(req: Request): PersistedRequest | undefined {
  return persistedRequests.get(req);
}

function operationNameOf(document: DocumentNode): string | null {
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION) return definition.name?.value ?? null;
  return null;
}

/** The longest variables (as JSON) whose persisted query's refusals are kept. */
const MAX_REMEMBERED_VARIABLES = 1_024;

export interface GraphQLRequestGuardOptions {
  queries: PersistedQueries;
  nodeEnv: NodeEnv;
  schema: GraphQLSchema;
}

/**
 * Runs before Apollo on /graphql. A persisted id (`doc_id`, also `id` or `documentId`) becomes its query
 * text; an unknown id is a 400. A raw `query` must come with an `Authorization: Bearer` token in production
 * (browsers use persisted ids only) and stays within QUERY_LIMITS. A persisted query's shape is ours; the
 * variables it comes with (its `first`) are held to the limits like a raw document's.
 */
export function graphqlRequestGuard(options: GraphQLRequestGuardOptions): RequestHandler {
  const { queries, nodeEnv, schema } = options;
  const suggestions = nodeEnv === 'development';
  const parsed = new Map<string, DocumentNode>();
  // A persisted query's refusals depend on its variables only: the same screen asked again (a reload, polling,
  // every user's dashboard) is not walked again. Requests with long variables (a form's input) are walked.
  const refusalsOf = new LRUCache<string, Refusal[]>({ max: 2_000 });
  const persistedRefusals = (id: string, document: DocumentNode, variables: Record<string, unknown>) => {
    const text = JSON.stringify(variables);
    if (text.length > MAX_REMEMBERED_VARIABLES)
      return queryLimitErrors(schema, document, variables, 'variables');
    const key = `${id}\n${text}`;
    let refusals = refusalsOf.get(key);
    if (refusals === undefined) {
      refusals = queryLimitErrors(schema, document, variables, 'variables');
      refusalsOf.set(key, refusals);
    }
    return refusals;
  };
  const persistedDocument = (id: string, query: string) => {
    let document = parsed.get(id);
    if (document === undefined) {
      document = parse(query);
      parsed.set(id, document);
    }
    return document;
  };
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
      const document = persistedDocument(documentId, query);
      const refusals = persistedRefusals(documentId, document, variablesOf(params));
      if (refusals.length > 0) return refuse(res, refusals);
      persistedRequests.set(req, { id: documentId, operationName: operationNameOf(document) });
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
    const refusals = checkRawDocument(schema, rawQuery, variablesOf(params), suggestions);
    if (refusals !== null) return refuse(res, refusals);
    return next();
  };
}
