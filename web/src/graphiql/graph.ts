import type { IntrospectionQuery } from 'graphql';
import { strings } from './strings.ts';

/**
 * The explorer talks to the graph as a script does: `Authorization: Bearer <personal access token>` and no
 * cookie (`credentials: 'omit'`), so that what runs here is what the token may do, never the browser's session.
 */

const TOKEN_KEY = 'portail:graphiql:token';

/** The pasted token, kept for this tab only: sessionStorage ends with it, and no other page of the site reads it. */
export const tokenStore = {
  read(): string | null {
    const token = sessionStorage.getItem(TOKEN_KEY);
    return token === null || token === '' ? null : token;
  },
  write(token: string): void {
    sessionStorage.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    sessionStorage.removeItem(TOKEN_KEY);
  },
};

export type DocsLanguage = 'fr' | 'en';

export type SchemaResult =
  | { kind: 'ready'; schema: IntrospectionQuery }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

/** The schema with its descriptions in one language (the gateway's `/graphiql/schema`, for token holders). */
export async function loadSchema(token: string, language: DocsLanguage): Promise<SchemaResult> {
  let response: Response;
  try {
    response = await fetch(`/graphiql/schema?lang=${language}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      credentials: 'omit',
    });
  } catch {
    return { kind: 'failed', message: strings.failed };
  }
  if (response.status === 401) return { kind: 'refused', message: strings.tokenRefused };
  if (!response.ok) return { kind: 'failed', message: strings.failed };
  const body = (await response.json()) as { data?: IntrospectionQuery };
  return body.data === undefined
    ? { kind: 'failed', message: strings.failed }
    : { kind: 'ready', schema: body.data };
}

/** What GraphiQL gives its fetcher: the document, its variables and its operation's name. */
export interface GraphParams {
  query: string;
  variables?: Record<string, unknown> | null | undefined;
  operationName?: string | null | undefined;
}

export interface GraphAnswer {
  data?: unknown;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
  extensions?: unknown;
}

const UNAUTHENTICATED = 'UNAUTHENTICATED';

function refusedByGraph(answer: GraphAnswer): boolean {
  return (answer.errors ?? []).some((error) => error.extensions?.code === UNAUTHENTICATED);
}

/**
 * Runs a document on the graph (POST /graphql) with the token. Without one, or when the graph refuses it (401 or an
 * UNAUTHENTICATED error), the answer says so in French, and `onRefused` lets the page say it too.
 */
export async function runOnGraph(
  params: GraphParams,
  token: string | null,
  onRefused: () => void,
): Promise<GraphAnswer> {
  if (token === null) return { errors: [{ message: strings.tokenNeeded }] };
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'omit',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      query: params.query,
      variables: params.variables ?? undefined,
      operationName: params.operationName ?? undefined,
    }),
  });
  let answer: GraphAnswer;
  try {
    answer = (await response.json()) as GraphAnswer;
  } catch {
    answer = {};
  }
  if (response.status === 401 || refusedByGraph(answer)) {
    onRefused();
    return {
      ...answer,
      errors: [
        { message: strings.tokenRefused, extensions: { code: UNAUTHENTICATED } },
        ...(answer.errors ?? []).filter((error) => error.extensions?.code !== UNAUTHENTICATED),
      ],
    };
  }
  if (answer.data === undefined && answer.errors === undefined) {
    return { errors: [{ message: strings.failed, extensions: { status: response.status } }] };
  }
  return answer;
}
