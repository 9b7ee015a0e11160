/** A constraint violation of a 422 problem (API Platform's shape). */
export interface Violation {
  propertyPath: string;
  message: string;
  code?: string;
}

/** What went wrong: an HTTP answer of the api, no answer in time, or no answer at all. */
export type RestErrorKind = 'http' | 'timeout' | 'network';

export interface RestErrorDetails {
  kind: RestErrorKind;
  method: string;
  path: string;
  /** HTTP status; null when the api did not answer. */
  status: number | null;
  title?: string | undefined;
  detail?: string | undefined;
  violations?: Violation[] | undefined;
  cause?: unknown;
}

/**
 * A failed REST call. The graph maps it (src/errors.ts): 401 UNAUTHENTICATED, 403 FORBIDDEN, 404 null,
 * 422 userErrors, 400 BAD_USER_INPUT on a query's field (userErrors on a mutation), anything else UPSTREAM_ERROR. Title and detail are the api's French problem texts.
 */
export class RestError extends Error {
  readonly kind: RestErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | null;
  readonly title: string | undefined;
  readonly detail: string | undefined;
  readonly violations: Violation[];

  constructor(details: RestErrorDetails) {
    const what = details.kind === 'http' ? `HTTP ${details.status}` : details.kind;
    super(`${details.method} ${details.path}: ${what}${details.title ? ` (${details.title})` : ''}`, {
      cause: details.cause,
    });
    this.name = 'RestError';
    this.kind = details.kind;
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.title = details.title;
    this.detail = details.detail;
    this.violations = details.violations ?? [];
  }

  /** The api's own French words for the user: its detail, else its title. */
  get problemMessage(): string | undefined {
    return this.detail || this.title || undefined;
  }
}

export function isRestError(error: unknown, status?: number): error is RestError {
  return error instanceof RestError && (status === undefined || error.status === status);
}

/** Resolves to null when the api answers 404 (the caller may not see it, or it does not exist). */
export async function nullOn404<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isRestError(error, 404)) return null;
    throw error;
  }
}
