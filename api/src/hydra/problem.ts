import { messages } from '@portal/domain';
import type { z } from 'zod';

/** A constraint violation of a 422 answer, as API Platform writes them. */
export interface Violation {
  propertyPath: string;
  message: string;
  code: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  detail: string;
  status: number;
  /** The request's id, which its log lines carry: what a user quotes to support. */
  requestId?: string;
  violations?: Violation[];
}

/** The French title of each status when nothing more precise is known. */
export function defaultTitle(status: number): string {
  switch (status) {
    case 400:
      return 'Requête invalide.';
    case 401:
      return messages.unauthenticated;
    case 403:
      return messages.forbidden;
    case 404:
      return messages.notFound;
    case 405:
      return 'Méthode non autorisée.';
    case 406:
      return 'Format de réponse non disponible.';
    case 413:
      return 'La requête est trop volumineuse.';
    case 415:
      return 'Type de contenu non pris en charge.';
    case 422:
      return 'Les données envoyées ne sont pas valides.';
    case 429:
      return 'Trop de requêtes. Veuillez réessayer dans quelques minutes.';
    default:
      return status >= 500 ? messages.genericError : messages.retryLater;
  }
}

export interface ProblemOptions {
  detail?: string;
  violations?: Violation[];
  headers?: Record<string, string>;
}

/**
 * An error answered as `application/problem+json`. Throw it from a route or hook; the error handler of the
 * Hydra module writes it. Its texts reach the client, so they are French and never carry internals.
 */
export class ApiProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly violations: Violation[] | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, title: string = defaultTitle(status), options: ProblemOptions = {}) {
    super(title);
    this.name = 'ApiProblem';
    this.status = status;
    this.title = title;
    this.detail = options.detail ?? title;
    this.violations = options.violations;
    this.headers = options.headers ?? {};
  }

  /** The answer's body, naming the request it answers. */
  toBody(requestId: string): ProblemBody {
    return {
      type: `/errors/${this.status}`,
      title: this.title,
      detail: this.detail,
      status: this.status,
      requestId,
      ...(this.violations === undefined ? {} : { violations: this.violations }),
    };
  }
}

export const badRequest = (detail: string) => new ApiProblem(400, defaultTitle(400), { detail });
export const unauthenticated = () => new ApiProblem(401);
export const forbidden = () => new ApiProblem(403);
export const notFound = () => new ApiProblem(404);
/** A write refused because of the state of what it changes (work in progress, a concurrent change). */
export const conflict = (message: string) => new ApiProblem(409, message);
export const tooManyRequests = (title: string, retryAfterSeconds: number) =>
  new ApiProblem(429, title, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** A 422 from violations; `detail` lists them like API Platform does ("path: message"). */
export function unprocessable(violations: Violation[]): ApiProblem {
  const detail = violations
    .map((v) => (v.propertyPath === '' ? v.message : `${v.propertyPath}: ${v.message}`))
    .join('\n');
  return new ApiProblem(422, defaultTitle(422), { detail, violations });
}

/**
 * Zod issues as violations: the schemas of @portal/domain carry the French messages. A message is given once
 * per field, even when two checks of a schema fail with it (a date's format and its calendar check).
 */
export function violationsFromZod(error: z.ZodError): Violation[] {
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    const propertyPath = issue.path.map(String).join('.');
    const key = JSON.stringify([propertyPath, issue.message]);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ propertyPath, message: issue.message, code: issue.code }];
  });
}
