import type { TrackdechetsConfig } from '../config.ts';

/**
 * The calls the portal makes to Trackdéchets (DOMAIN.md): the authorisation address, the code exchange
 * (OAuth2, authorization code, HTTP Basic), and GraphQL at the API root with a bearer token. One operation per
 * request and shallow documents: well within its limits of 5 operations a request and a depth of 10.
 */

/** Why a call failed: the token is refused (link again), Trackdéchets refused the request, or it did not answer. */
export type TrackdechetsFailure = 'unauthenticated' | 'refused' | 'unavailable';

export class TrackdechetsError extends Error {
  readonly failure: TrackdechetsFailure;
  /** Trackdéchets' GraphQL error code (`BAD_USER_INPUT`, `FORBIDDEN`) or OAuth2 error (`invalid_grant`). */
  readonly code: string | undefined;
  constructor(failure: TrackdechetsFailure, message: string, code?: string) {
    super(message);
    this.name = 'TrackdechetsError';
    this.failure = failure;
    this.code = code;
  }
}

export interface TrackdechetsAccount {
  accessToken: string;
  user: { email: string; name: string };
}

export interface TrackdechetsClient {
  readonly config: TrackdechetsConfig;
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<TrackdechetsAccount>;
  /** One GraphQL document; `token` unset for the public queries (`companyInfos`). */
  query<T>(document: string, variables: Record<string, unknown>, token?: string): Promise<T>;
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

export function trackdechetsClient(config: TrackdechetsConfig): TrackdechetsClient {
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      throw new TrackdechetsError('unavailable', `Trackdéchets did not answer: ${(error as Error).message}`);
    }
  }

  return {
    config,
    authorizeUrl(state, redirectUri) {
      const url = new URL(`${config.uiUrl}/oauth2/authorize/dialog`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode(code, redirectUri) {
      const basic = Buffer.from(
        `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`,
      ).toString('base64');
      const response = await call(`${config.apiUrl}/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      });
      const body = (await response.json().catch(() => null)) as {
        access_token?: unknown;
        user?: { email?: unknown; name?: unknown };
        error?: unknown;
      } | null;
      if (response.status >= 500 || body === null) {
        throw new TrackdechetsError(
          'unavailable',
          `Trackdéchets' token endpoint answered ${response.status}`,
        );
      }
      if (!response.ok || typeof body.access_token !== 'string' || typeof body.user?.email !== 'string') {
        const error = typeof body.error === 'string' ? body.error : undefined;
        throw new TrackdechetsError(
          'refused',
          `Trackdéchets refused the code (${error ?? response.status})`,
          error,
        );
      }
      return {
        accessToken: body.access_token,
        user: {
          email: body.user.email,
          name: typeof body.user.name === 'string' ? body.user.name : body.user.email,
        },
      };
    },

    async query<T>(document: string, variables: Record<string, unknown>, token?: string) {
      const response = await call(config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify({ query: document, variables }),
      });
      const body = (await response.json().catch(() => null)) as GraphQLAnswer<T> | null;
      if (body === null || response.status >= 500) {
        throw new TrackdechetsError('unavailable', `Trackdéchets answered ${response.status}`);
      }
      const error = body.errors?.[0];
      if (error !== undefined) {
        const code = error.extensions?.code;
        throw new TrackdechetsError(
          code === 'UNAUTHENTICATED' || response.status === 401 ? 'unauthenticated' : 'refused',
          error.message ?? `Trackdéchets refused the request (${code ?? response.status})`,
          code,
        );
      }
      if (body.data === undefined || body.data === null) {
        throw new TrackdechetsError('unavailable', `Trackdéchets answered ${response.status} without data`);
      }
      return body.data;
    },
  };
}
