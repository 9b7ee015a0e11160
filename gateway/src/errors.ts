import { unwrapResolverError } from '@apollo/server/errors';
import { messages } from '@portal/domain';
import type { Response } from 'express';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { NodeEnv } from './config.ts';
import type { Logger } from './logger.ts';
import { currentTrace } from './request-trace.ts';
import { isRestError, RestError } from './rest/errors.ts';

/** The `extensions.code` values of the graph's errors (ARCHITECTURE.md, "The graph"). */
export const ErrorCode = {
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  upstream: 'UPSTREAM_ERROR',
  badUserInput: 'BAD_USER_INPUT',
  internal: 'INTERNAL_SERVER_ERROR',
  persistedQueryNotFound: 'PERSISTED_QUERY_NOT_FOUND',
  persistedQueryRequired: 'PERSISTED_QUERY_REQUIRED',
  /** A document beyond the graph's limits (depth, aliases, tokens, list lengths, cost). */
  queryTooCostly: 'QUERY_TOO_COSTLY',
} as const;

/** A mistake the user can fix, as the schema's UserError type carries it. */
export interface UserError {
  field: string[];
  message: string;
  code: string | null;
}

export function unauthenticatedError(): GraphQLError {
  return new GraphQLError(messages.unauthenticated, { extensions: { code: ErrorCode.unauthenticated } });
}

/** The code and French message a failed REST call gives on the field that made it (404 is handled as null). */
export function graphQLErrorOfRest(error: RestError): { message: string; code: string } {
  switch (error.status) {
    case 401:
      return { message: messages.unauthenticated, code: ErrorCode.unauthenticated };
    case 403:
      return { message: error.problemMessage ?? messages.forbidden, code: ErrorCode.forbidden };
    case 404:
      return { message: messages.notFound, code: ErrorCode.notFound };
    case 400:
      // An argument the api refused (a filter value it does not know): its French words, for the user to fix.
      return { message: error.problemMessage ?? messages.genericError, code: ErrorCode.badUserInput };
    default:
      // 5xx, time-outs, unreachable api, and answers the gateway does not expect: the api is at fault.
      return { message: messages.retryLater, code: ErrorCode.upstream };
  }
}

/** The input path of a violation's `propertyPath` (`program.endDate` gives `['program', 'endDate']`). */
export type FieldPathOf = (propertyPath: string) => string[];

const fieldPathAsIs: FieldPathOf = (propertyPath) => (propertyPath === '' ? [] : propertyPath.split('.'));

/**
 * A 422's violations as userErrors (field path from `propertyPath`, through `fieldPath` when the input names
 * the field otherwise: `skipType` is `fields.skipTypeId`); another problem as one whole-input error.
 */
export function userErrorsOfRest(
  error: RestError,
  fallbackMessage: string = messages.genericError,
  fieldPath: FieldPathOf = fieldPathAsIs,
): UserError[] {
  if (error.violations.length > 0) {
    return error.violations.map((violation) => ({
      field: fieldPath(violation.propertyPath),
      message: violation.message,
      code: violation.code ?? null,
    }));
  }
  return [{ field: [], message: error.problemMessage ?? fallbackMessage, code: null }];
}

/** The userError of a mutation whose target the caller cannot see (or that does not exist). */
export function notFoundUserError(): UserError {
  return { field: [], message: messages.notFound, code: ErrorCode.notFound };
}

/** The userError of an edit that gives no field to change. */
export function noChangeUserError(): UserError {
  return { field: [], message: messages.noChange, code: 'NO_CHANGE' };
}

/**
 * A refused write as the payload's userErrors: 400/422 (violations, field path from `propertyPath`), 403
 * (FORBIDDEN, with the SPEC 6 message), 404 (NOT_FOUND) and 409 (CONFLICT: the state no longer allows it, in
 * the api's French words, else the operation-cannot-be-modified message of SPEC 8). Null for what stays a
 * GraphQL error on the field: 401, 5xx, time-outs, an unreachable api.
 */
export function userErrorsOfWrite(
  error: unknown,
  fallbackMessage: string,
  fieldPath?: FieldPathOf,
): UserError[] | null {
  if (!isRestError(error)) return null;
  switch (error.status) {
    case 400:
    case 422:
      return userErrorsOfRest(error, fallbackMessage, fieldPath);
    case 403:
      return [{ field: [], message: messages.forbidden, code: ErrorCode.forbidden }];
    case 404:
      return [notFoundUserError()];
    case 409:
      return [
        {
          field: [],
          message: error.problemMessage ?? messages.operationCannotBeModified,
          code: ErrorCode.conflict,
        },
      ];
    default:
      return null;
  }
}

/** The id of the request being answered (what the logs call it), for the user to quote to support. */
function requestIdOfAnswer(): { requestId?: string } {
  const requestId = currentTrace()?.requestId;
  return requestId === undefined ? {} : { requestId };
}

/**
 * Apollo's `formatError`: REST failures become their graph code on the field that failed; unexpected errors
 * are logged and, in production, reach the client only as the generic French message. Every error names the
 * request (`extensions.requestId`).
 */
export function createFormatError(logger: Logger, nodeEnv: NodeEnv) {
  const format = (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof RestError) {
      const { message, code } = graphQLErrorOfRest(original);
      return { ...formatted, message, extensions: { ...formatted.extensions, code } };
    }
    if (formatted.extensions?.code === ErrorCode.internal) {
      logger.error('resolver failed', { path: formatted.path, error: original });
      if (nodeEnv === 'production') {
        return { ...formatted, message: messages.genericError, extensions: { code: ErrorCode.internal } };
      }
    }
    return formatted;
  };
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const answered = format(formatted, error);
    return { ...answered, extensions: { ...answered.extensions, ...requestIdOfAnswer() } };
  };
}

/** A graph answer refused before Apollo runs it (a document refused, a body that cannot be read). */
export function sendGraphErrors(
  res: Response,
  status: number,
  errors: readonly { message: string; code: string }[],
): void {
  res.status(status).json({
    errors: errors.map(({ message, code }) => ({ message, extensions: { code, ...requestIdOfAnswer() } })),
  });
}

/** An answer of the gateway's plain HTTP routes (`/auth/token`, files) as `application/problem+json`. */
export function sendProblem(
  res: Response,
  status: number,
  title: string,
  detail: string = title,
  extra: object = {},
): void {
  res
    .status(status)
    .type('application/problem+json')
    .json({ type: `/errors/${status}`, title, detail, status, ...requestIdOfAnswer(), ...extra });
}

/** The userErrors of a refused write (userErrorsOfWrite); what stays a GraphQL error is thrown again. */
export function refusalOf(error: unknown, fallbackMessage: string, fieldPath?: FieldPathOf): UserError[] {
  const userErrors = userErrorsOfWrite(error, fallbackMessage, fieldPath);
  if (userErrors === null) throw error;
  return userErrors;
}
