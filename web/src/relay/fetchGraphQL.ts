import type { FetchFunction, GraphQLResponse } from 'relay-runtime';
import { type GraphQLErrorEntry, GraphQLRequestError, UnauthenticatedError } from './errors.ts';
import { GRAPHQL_ENDPOINT, sendOperation } from './sendOperation.ts';
import { takeSentAhead } from './sentAhead.ts';

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
 * Relay's network layer: sends persisted operations (`sendOperation`), or takes up the one the page sent ahead
 * with the same variables (`sentAhead.ts`), and reads the answer: a missing or expired session, a failure the
 * user may quote by its request id, or the data.
 */
export function createFetchFunction(options: FetchGraphQLOptions): FetchFunction {
  const endpoint = options.endpoint ?? GRAPHQL_ENDPOINT;
  return async (params, variables) => {
    if (!params.id) {
      throw new Error(`Operation ${params.name} has no persisted id: run relay-compiler with persistConfig.`);
    }
    const sent =
      (endpoint === GRAPHQL_ENDPOINT ? takeSentAhead(params.id, variables) : undefined) ??
      sendOperation(params.id, variables, endpoint);
    const { requestId } = sent;
    let response: Response;
    try {
      response = await sent.response;
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
