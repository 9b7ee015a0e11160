/** Errors the network layer raises, so that boundaries and forms can tell them apart. */

export interface GraphQLErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string } & Record<string, unknown>;
}

/** The session is missing or expired (HTTP 401 or `UNAUTHENTICATED`): the user is on the way to the login page. */
export class UnauthenticatedError extends Error {
  override name = 'UnauthenticatedError';
}

/** The gateway answered without data: a network failure, an unexpected status or GraphQL errors only. */
export class GraphQLRequestError extends Error {
  override name = 'GraphQLRequestError';
  readonly status: number | null;
  readonly errors: readonly GraphQLErrorEntry[];
  /** The request's id (its traceparent's trace id), which the servers' logs carry: for the user to quote. */
  readonly requestId: string | null;

  constructor(
    message: string,
    status: number | null,
    errors: readonly GraphQLErrorEntry[] = [],
    requestId: string | null = null,
  ) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
  }
}

/** The id of the request that failed, when the error is a request's: what support finds in the logs. */
export function requestIdOf(error: unknown): string | null {
  return error instanceof GraphQLRequestError ? error.requestId : null;
}

/** The gateway refused the operation (`FORBIDDEN`: the api's policy said no). */
export function isForbiddenError(error: unknown): boolean {
  return (
    error instanceof GraphQLRequestError &&
    error.errors.some((entry) => entry.extensions?.code === 'FORBIDDEN')
  );
}

/** The graph's French words for an argument it refused (`BAD_USER_INPUT`: a filter of the URL it does not know). */
export function badUserInputMessage(error: unknown): string | null {
  if (!(error instanceof GraphQLRequestError)) return null;
  return error.errors.find((entry) => entry.extensions?.code === 'BAD_USER_INPUT')?.message ?? null;
}

/** The request got no answer at all (the browser offline, the portal unreachable): not a refusal, not a bug. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof GraphQLRequestError && error.status === null;
}
