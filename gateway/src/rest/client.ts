import { DATA_STAMP_HEADER } from '@portal/domain/data-stamp';
import { type Dispatcher, request } from 'undici';
import type { Logger } from '../logger.ts';
import { RestError, type RestErrorKind, type Violation } from './errors.ts';
import { type HydraCollection, unwrapCollection } from './hydra.ts';

export const MERGE_PATCH_CONTENT_TYPE = 'application/merge-patch+json';
const ACCEPT = 'application/ld+json, application/problem+json;q=0.9, application/json;q=0.8';

/** One HTTP exchange with the api, as counted on the request context (and shown by GATEWAY_DEBUG). */
export interface RestCall {
  method: string;
  /** Path and query string, percent-decoded for reading. */
  path: string;
  /** Null when no answer came (time-out, connection failure). */
  status: number | null;
  /** When it started, in ms after the gateway took the request up: calls waiting for others start later. */
  startMs: number;
  durationMs: number;
  /** The api's data stamp its answer came with (a GET of the caller's data); null: none. */
  dataStamp: string | null;
}

/** Told of a REST call once it ended: answered (`failure` null), or how it got no answer. */
export type RestCallObserver = (call: RestCall, failure: RestErrorKind | null) => void;

/** Every REST call of one GraphQL request. Tests read it to assert how many calls a query costs. */
export class RestCallLog {
  readonly calls: RestCall[] = [];
  /** When the gateway took the request up (`performance.now()`), which the calls' times count from. */
  readonly startedAt: number;

  constructor(startedAt: number = performance.now()) {
    this.startedAt = startedAt;
  }

  get count(): number {
    return this.calls.length;
  }

  record(call: RestCall): void {
    this.calls.push(call);
  }

  /**
   * The data stamp every call of the request was answered with, when they all were, under the same one: the
   * request's data is then as recent as that stamp, or more. Null when a call had none (a write, a failure, a
   * route the stamp does not follow), when two differ (the data changed meanwhile), or when there was no call.
   */
  sharedDataStamp(): string | null {
    const first = this.calls[0]?.dataStamp ?? null;
    if (first === null) return null;
    return this.calls.every((call) => call.dataStamp === first) ? first : null;
  }
}

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
/** Query parameters in the order they are written; `[]` and `[name]` in keys are kept readable. */
export type RestQuery = Readonly<Record<string, QueryValue>>;

function isList(value: QueryValue): value is readonly QueryScalar[] {
  return Array.isArray(value);
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

export function pathWithQuery(path: string, query?: RestQuery): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const one of isList(value) ? value : [value]) {
      parts.push(`${encodeKey(key)}=${encodeURIComponent(String(one))}`);
    }
  }
  if (parts.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}`;
}

function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** A kept-alive connection the api closed under us: the request never reached it. */
const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET']);

function isTimeout(error: unknown): boolean {
  return (
    (error instanceof Error && error.name === 'TimeoutError') || TIMEOUT_CODES.has(errorCode(error) ?? '')
  );
}

function isConnectionReset(error: unknown): boolean {
  return RESET_CODES.has(errorCode(error) ?? '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function violationsOf(body: Record<string, unknown>): Violation[] {
  const raw = body.violations;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((v) => ({
    propertyPath: typeof v.propertyPath === 'string' ? v.propertyPath : '',
    message: typeof v.message === 'string' ? v.message : '',
    ...(typeof v.code === 'string' ? { code: v.code } : {}),
  }));
}

export interface RestClientOptions {
  /** The api's origin, without a trailing slash; paths start with `/api/`. */
  baseUrl: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** The caller's session token, sent as `Authorization: Bearer`; null for anonymous calls. */
  token: string | null;
  log: RestCallLog;
  logger: Logger;
  /** The browser's address, so that the api's per-address rate limits see the user, not the gateway. */
  forwardedFor?: string | undefined;
  /** The `traceparent` of the gateway's request: the api logs its calls under the same request id. */
  traceparent?: string | undefined;
  /** Told of each call once it ends (the metrics). */
  onCallEnded?: RestCallObserver | undefined;
}

interface SendOptions {
  query?: RestQuery | undefined;
  body?: unknown;
  contentType?: string;
  idempotencyKey?: string | null | undefined;
}

/** What a creating POST may add. */
export interface PostOptions {
  /**
   * The write's key (its mutation's `clientMutationId`), sent as `Idempotency-Key`: the api answers a retry of
   * the same write with its first answer instead of creating a second.
   */
  idempotencyKey?: string | null | undefined;
}

/**
 * The REST client of one GraphQL request, bound to the caller's token. Writes are never retried; a GET is
 * retried once when a kept-alive connection turns out to be reset. Failures become `RestError`.
 */
export class RestClient {
  readonly #options: RestClientOptions;
  /** GETs sent ahead (sendAhead), by path, each answering the first resolver that asks for it. */
  readonly #ahead = new Map<string, Promise<unknown>>();
  /** The GET paths this client's resolvers asked for, in the order asked. */
  readonly #asked = new Set<string>();

  constructor(options: RestClientOptions) {
    this.#options = options;
  }

  get token(): string | null {
    return this.#options.token;
  }

  get log(): RestCallLog {
    return this.#options.log;
  }

  /** The same client (pool, call log) for another caller, e.g. right after login, or anonymous. */
  withToken(token: string | null): RestClient {
    return new RestClient({ ...this.#options, token });
  }

  async get<T>(path: string, query?: RestQuery): Promise<T> {
    return (await this.#askGet(pathWithQuery(path, query))) as T;
  }

  async getCollection<T>(path: string, query?: RestQuery): Promise<HydraCollection<T>> {
    const fullPath = pathWithQuery(path, query);
    const body = await this.#askGet(fullPath);
    try {
      return unwrapCollection<T>(body);
    } catch (error) {
      throw new RestError({
        kind: 'http',
        method: 'GET',
        path: readablePath(fullPath),
        status: 200,
        title: 'not a hydra:Collection',
        cause: error,
      });
    }
  }

  /**
   * Sends these GETs now, before any resolver asks (callsAhead): each answer goes to the first resolver that asks
   * for its path in this request, and is dropped otherwise. Sent with this client's token, like any call.
   */
  sendAhead(paths: Iterable<string>): void {
    for (const path of paths) {
      if (this.#ahead.has(path)) continue;
      const answer = this.#send<unknown>('GET', path, {});
      // Nobody may ask for it: its failure is then nobody's.
      answer.catch(() => undefined);
      this.#ahead.set(path, answer);
    }
  }

  /** The GET paths asked for through this client so far (answered ahead or not), in the order asked. */
  askedGets(): string[] {
    return [...this.#asked];
  }

  #askGet(fullPath: string): Promise<unknown> {
    this.#asked.add(fullPath);
    const ahead = this.#ahead.get(fullPath);
    if (ahead === undefined) return this.#send<unknown>('GET', fullPath, {});
    this.#ahead.delete(fullPath);
    return ahead;
  }

  post<T>(path: string, body?: unknown, options: PostOptions = {}): Promise<T | null> {
    return this.#send<T>('POST', path, { body, contentType: 'application/json', ...options });
  }

  /** A merge-patch: absent fields are untouched, `null` clears one. */
  async patch<T>(path: string, body: Record<string, unknown>): Promise<T> {
    return (await this.#send<T>('PATCH', path, { body, contentType: MERGE_PATCH_CONTENT_TYPE })) as T;
  }

  async put<T>(path: string, body: unknown): Promise<T> {
    return (await this.#send<T>('PUT', path, { body, contentType: 'application/json' })) as T;
  }

  async delete(path: string): Promise<void> {
    await this.#send<never>('DELETE', path, {});
  }

  async #send<T>(method: string, path: string, options: SendOptions): Promise<T | null> {
    const { baseUrl, dispatcher, timeoutMs, token, log, logger, forwardedFor, traceparent, onCallEnded } =
      this.#options;
    const fullPath = pathWithQuery(path, options.query);
    const shownPath = readablePath(fullPath);
    const headers: Record<string, string> = { accept: ACCEPT };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
    if (traceparent !== undefined) headers.traceparent = traceparent;
    if (options.idempotencyKey) {
      // The draft's form, a structured-field string; encoded, so that any id makes a valid header.
      headers['idempotency-key'] = `"${encodeURIComponent(options.idempotencyKey)}"`;
    }
    let payload: string | undefined;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const attempts = method === 'GET' ? 2 : 1;

    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      // Logged when it starts, so that the list reads in the order the query made its calls.
      const call: RestCall = {
        method,
        path: shownPath,
        status: null,
        startMs: started - log.startedAt,
        durationMs: 0,
        dataStamp: null,
      };
      log.record(call);
      let status: number;
      let contentType: string;
      let text: string;
      try {
        const response = await request(`${baseUrl}${fullPath}`, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body: payload,
          dispatcher,
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.statusCode;
        const stamp = response.headers[DATA_STAMP_HEADER];
        if (typeof stamp === 'string' && status < 400) call.dataStamp = stamp;
        const type = response.headers['content-type'];
        contentType = (Array.isArray(type) ? type[0] : type) ?? '';
        text = await response.body.text();
      } catch (error) {
        call.durationMs = performance.now() - started;
        const kind = isTimeout(error) ? 'timeout' : 'network';
        onCallEnded?.(call, kind);
        if (attempt < attempts && isConnectionReset(error)) {
          logger.warn('rest call retried after a connection reset', { method, path: shownPath });
          continue;
        }
        logger.warn('rest call failed', { method, path: shownPath, kind, error: String(error) });
        throw new RestError({ kind, method, path: shownPath, status: null, cause: error });
      }
      call.status = status;
      call.durationMs = performance.now() - started;
      onCallEnded?.(call, null);

      let body: unknown = null;
      if (text !== '' && /json/i.test(contentType)) {
        try {
          body = JSON.parse(text);
        } catch (error) {
          logger.warn('rest answer is not JSON', { method, path: shownPath, status });
          throw new RestError({
            kind: 'http',
            method,
            path: shownPath,
            status,
            title: 'invalid JSON',
            cause: error,
          });
        }
      }
      if (status >= 400) {
        const problem = isRecord(body) ? body : {};
        if (status >= 500) logger.warn('rest call failed', { method, path: shownPath, status });
        throw new RestError({
          kind: 'http',
          method,
          path: shownPath,
          status,
          title: optionalText(problem.title),
          detail: optionalText(problem.detail),
          violations: violationsOf(problem),
        });
      }
      return body as T | null;
    }
  }
}
