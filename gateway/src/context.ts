import { isIP } from 'node:net';
import { idFromIri } from '@portal/domain';
import { plainAddress, type TrustedProxies } from '@portal/domain/trusted-proxies';
import type { Request, Response } from 'express';
import type { Dispatcher } from 'undici';
import type { GatewayConfig } from './config.ts';
import type { CreateLoaders, Loaders } from './loaders/kit.ts';
import type { OfficialLists } from './loaders/reference-lists.ts';
import type { Logger } from './logger.ts';
import { type RequestTrace, requestTrace, traceOf } from './request-trace.ts';
import { RestCallLog, type RestCallObserver, RestClient } from './rest/client.ts';
import type { RememberedCalls } from './rest/remembered-calls.ts';
import type { LoginResult, RestUser } from './rest/types.ts';
import { expressSessionCookies, SESSION_COOKIE, type SessionCookies, USER_ID_COOKIE } from './session.ts';

/** Where the caller's token came from: the browser's session cookie or a script's Authorization header. */
export type CredentialSource = 'cookie' | 'bearer';

/** What the context needs from the HTTP request (kept apart from Express so that tests can build one). */
export interface RequestInfo {
  authorization?: string | undefined;
  cookies?: Readonly<Record<string, string | undefined>>;
  /** The client's address, the X-Forwarded-For the api is sent. */
  forwardedFor?: string | undefined;
  /** The browser's User-Agent: a login names its session by it. */
  userAgent?: string | undefined;
  /** The request's trace (its request id, the traceparent of its api calls); unset: a new trace. */
  trace?: RequestTrace | undefined;
}

/** Process-wide parts every request context is built from. */
export interface ContextDependencies {
  config: GatewayConfig;
  logger: Logger;
  /** The one keep-alive pool to the api. */
  dispatcher: Dispatcher;
  /** The DataLoaders of the graph's domains (the registry's), built afresh for each request. */
  createLoaders: CreateLoaders;
  /** Told of each REST call once it ends (the metrics). */
  restCallEnded: RestCallObserver;
  /** The official lists the process keeps (`loaders/reference-lists.ts`). */
  officialLists: OfficialLists;
  /** The GET paths of each user's last run of each query, sent ahead of the next (`rest/remembered-calls.ts`). */
  rememberedCalls: RememberedCalls;
}

/**
 * The context of ONE GraphQL request: the caller's token, a REST client bound to it, a fresh set of
 * DataLoaders and the count of REST calls made. Nothing here outlives the request.
 */
export interface GatewayContext {
  readonly config: GatewayConfig;
  readonly logger: Logger;
  readonly requestId: string;
  readonly restCalls: RestCallLog;
  readonly session: SessionCookies;
  readonly credentials: CredentialSource | null;
  /** The browser's User-Agent, passed to the api at login to name the session. */
  readonly userAgent?: string | undefined;
  token: string | null;
  /** Known from the user-id cookie or once the viewer is loaded; null for a bearer script until then. */
  userId: number | null;
  rest: RestClient;
  loaders: Loaders;
  /** The signed-in user; null without credentials. Throws the REST error of an expired session (401). */
  viewer(): Promise<RestUser | null>;
  /** After login: later fields of this request act as the new user. */
  signIn(login: LoginResult): void;
  /** After logout: later fields of this request are anonymous. */
  signOut(): void;
  /** The key its answer is kept under (`kept-answers.ts`); unset: its answer is not kept. */
  keptAnswerKey?: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function credentialsOf(
  info: RequestInfo,
): { token: string; userId: number | null; source: CredentialSource } | null {
  const header = info.authorization === undefined ? null : BEARER.exec(info.authorization);
  if (header?.[1] !== undefined) return { token: header[1], userId: null, source: 'bearer' };
  const cookie = info.cookies?.[SESSION_COOKIE];
  if (cookie === undefined || cookie === '') return null;
  return { token: cookie, userId: idFromIri(info.cookies?.[USER_ID_COOKIE]), source: 'cookie' };
}

export function createRequestContext(
  deps: ContextDependencies,
  info: RequestInfo,
  session: SessionCookies,
): GatewayContext {
  const credentials = credentialsOf(info);
  const trace = info.trace ?? traceOf();
  const restCalls = new RestCallLog(trace.receivedAt);
  const anonymous = new RestClient({
    baseUrl: deps.config.apiBaseUrl,
    dispatcher: deps.dispatcher,
    timeoutMs: deps.config.restTimeoutMs,
    token: null,
    log: restCalls,
    logger: deps.logger,
    forwardedFor: info.forwardedFor,
    traceparent: trace.traceparent,
    onCallEnded: deps.restCallEnded,
  });
  // Companies the viewer's screens show (own, of own sites, of linked sites): one batch fetches them all.
  const companyHints = new Set<number>();
  const loadersFor = (rest: RestClient) =>
    deps.createLoaders(rest, {
      companyHints: () => companyHints,
      viewer: () => context.viewer(),
      officialLists: deps.officialLists,
    });
  const rest = anonymous.withToken(credentials?.token ?? null);
  // The viewer of the request's credentials, read once: a list's resolvers ask for it on each of its rows.
  let viewerOfCredentials: Promise<RestUser | null> | undefined;

  const context: GatewayContext = {
    config: deps.config,
    logger: deps.logger,
    requestId: trace.requestId,
    restCalls,
    session,
    credentials: credentials?.source ?? null,
    userAgent: info.userAgent,
    token: credentials?.token ?? null,
    userId: credentials?.userId ?? null,
    rest,
    loaders: loadersFor(rest),

    viewer() {
      // A failure is not kept: a later field asks again, as it would ask its loader again.
      viewerOfCredentials ??= readViewer().catch((error: unknown) => {
        viewerOfCredentials = undefined;
        throw error;
      });
      return viewerOfCredentials;
    },

    signIn(login) {
      viewerOfCredentials = undefined;
      companyHints.clear();
      context.token = login.token;
      context.userId = login.userId;
      context.rest = anonymous.withToken(login.token);
      context.loaders = loadersFor(context.rest);
      context.session.set(login);
    },

    signOut() {
      viewerOfCredentials = undefined;
      companyHints.clear();
      context.token = null;
      context.userId = null;
      context.rest = anonymous;
      context.loaders = loadersFor(anonymous);
      context.session.clear();
    },
  };

  async function readViewer(): Promise<RestUser | null> {
    if (context.token === null) return null;
    const { users } = context.loaders;
    let user = await users.load(context.userId ?? 'me');
    // A user-id cookie that does not match the token: ask the api whose token it is.
    if (user === null && context.userId !== null) user = await users.load('me');
    if (user === null) return null;
    context.userId = user.id;
    for (const iri of [...(user.companies ?? []), ...(user.linkedCompanies ?? [])]) {
      const id = idFromIri(iri);
      if (id !== null) companyHints.add(id);
    }
    for (const id of user.companiesIdsFull ?? []) companyHints.add(id);
    return user;
  }

  return context;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The address a request came from: its peer's, and, while the address reached is one of TRUST_PROXY, the
 * X-Forwarded-For entry before it (whom that proxy was talking to), read from the right as Express's
 * `trust proxy` does. An entry that is no address stops the walk at the trusted proxy that wrote it.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string | undefined {
  if (peer === undefined) return undefined;
  const hops = (forwardedFor ?? '').split(',');
  let client = plainAddress(peer);
  while (trusted(client)) {
    const next = plainAddress(hops.pop() ?? '');
    if (isIP(next) === 0) break;
    client = next;
  }
  return client;
}

function credentialFacts(req: Request): Pick<RequestInfo, 'authorization' | 'cookies'> {
  return {
    authorization: req.headers.authorization,
    cookies: (req.cookies ?? {}) as Record<string, string | undefined>,
  };
}

/** The request facts of an Express request (cookie-parser must run before). */
export function requestInfoFromExpress(req: Request, trusted: TrustedProxies): RequestInfo {
  return {
    ...credentialFacts(req),
    // Only the client's address goes on: the api takes the gateway's word for it and reads nothing further
    // left, where a client writes what it likes.
    forwardedFor: clientAddress(
      req.socket.remoteAddress,
      headerValue(req.headers['x-forwarded-for']),
      trusted,
    ),
    userAgent: headerValue(req.headers['user-agent']),
    trace: requestTrace(req),
  };
}

/** The caller's credentials on a plain HTTP route (cookie-parser must run before). */
export function credentialsOfRequest(req: Request): { token: string; userId: number | null } | null {
  return credentialsOf(credentialFacts(req));
}

export function contextFromExpress(deps: ContextDependencies) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<GatewayContext> =>
    createRequestContext(
      deps,
      requestInfoFromExpress(req, deps.config.trustProxy),
      expressSessionCookies(req, res, deps.config),
    );
}
