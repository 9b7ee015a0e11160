import { formatTraceparent, newSpanId, newTraceId } from '@portal/domain/trace-context';
import type { FetchFunction, GraphQLResponse } from 'relay-runtime';
import { type GraphQLErrorEntry, GraphQLRequestError, UnauthenticatedError } from './errors.ts';

export const GRAPHQL_ENDPOINT = '/graphql';

export interface FetchGraphQLOptions {
  /** Called once per request that finds the session missing or expired, before the request fails. */
  onUnauthenticated: () => void;
  endpoint?: string;
}

interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: GraphQLErrorEntry[];
}

/**
 * Sends persisted operations: relay-compiler writes each operation's text to persisted-queries.json and leaves
 * only its id in the artifact, so the body is `{doc_id, variables}`. The session travels in the httpOnly cookie.
 * Each request starts a W3C trace (`traceparent`): its trace id is the request id of the gateway's and the
 * api's logs, and a failure carries it, for the user to quote to support.
 */
export function createFetchFunction(options: FetchGraphQLOptions): FetchFunction {
  const endpoint = options.endpoint ?? GRAPHQL_ENDPOINT;
  return async (params, variables) => {
    if (!params.id) {
      throw new Error(`Operation ${params.name} has no persisted id: run relay-compiler with persistConfig.`);
    }
    const requestId = newTraceId();
    const traceparent = formatTraceparent({ traceId: requestId, parentId: newSpanId(), flags: '01' });
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', traceparent },
        body: JSON.stringify({ doc_id: params.id, variables }),
      });
    } catch (error) {
      // No answer (offline, the gateway unreachable): still a request the user may quote.
      throw new GraphQLRequestError(`${params.name}: ${String(error)}`, null, [], requestId);
    }
    const body = await readGraphQLBody(response);
    const errors = body?.errors ?? [];
    if (response.status === 401 || errors.some((error) => error.extensions?.code === 'UNAUTHENTICATED')) {
      options.onUnauthenticated();
      throw new UnauthenticatedError(`${params.name}: session missing or expired`);
    }
    if (!body || body.data == null) {
      const detail = errors.map((error) => error.message).join('; ') || `HTTP ${response.status}`;
      throw new GraphQLRequestError(`${params.name}: ${detail}`, response.status, errors, requestId);
    }
    // A root field nulled by an error beneath it (a non-null field failed, and GraphQL nulls its parents up to a
    // nullable one): committing it would null that record for every screen, `viewer` first, whose loss reads as a
    // signed-out user. The request fails instead; the screen shows its error and the rest of the store stands.
    const data = body.data;
    const nulledRoot = errors.find(
      (error) => (error.path?.length ?? 0) > 1 && data[String(error.path?.[0])] === null,
    );
    if (nulledRoot) {
      throw new GraphQLRequestError(
        `${params.name}: ${nulledRoot.message}`,
        response.status,
        errors,
        requestId,
      );
    }
    // Other partial data (e.g. UPSTREAM_ERROR on one nullable field) is committed: the failed fields are null.
    return body as GraphQLResponse;
  };
}

async function readGraphQLBody(response: Response): Promise<GraphQLBody | null> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as GraphQLBody) : null;
  } catch {
    return null;
  }
}
