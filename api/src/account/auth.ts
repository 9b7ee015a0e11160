import { messages } from '@portal/domain';
import { DATA_STAMP_HEADER } from '@portal/domain/data-stamp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context.ts';
import type { Db, NamedStatement } from '../db/index.ts';
import { ApiProblem, unauthenticated } from '../hydra/index.ts';
import { ACCESS_STAMP, AccessReader, Policy } from '../policy/index.ts';
import { ACCESS_TOKEN_PATTERN, hashToken, TOKEN_PATTERN } from './tokens.ts';

/** The authenticated caller of a request, with its policy. */
export interface Caller {
  userId: number;
  /** The signed-in session; null for a personal access token. */
  sessionId: number | null;
  /** The personal access token presented; null for a session. */
  accessTokenId: number | null;
  /** DATA_STAMP, read with the credentials. */
  dataStamp: string;
  policy: Policy;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /**
     * false: the route's answer reads what the data stamp does not follow (sessions, tokens, Trackdéchets itself),
     * so it goes without DATA_STAMP_HEADER and the gateway keeps no answer that needed it.
     */
    dataStamp?: boolean;
  }
}

/**
 * The stamp of the portal's data: the epoch that every change to a table the stamped answers read moves on, in its
 * commit (migration `028_data_stamp.sql`), and France's date, on which "today" is reckoned.
 */
export const DATA_STAMP = `((select value from data_epoch)::text || ':' || france_today()::text)`;

/** The caller of a route behind `authenticate`. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw unauthenticated();
  return request.caller;
}

/**
 * The credentials lookup of a request, with the stamp of everyone's access read in the same statement (the caller's
 * access is then read only when it changed: AccessReader). Named, so that each connection plans them once
 * (`NamedStatement`). A deactivated account has none left to find: its deactivation revokes them, and it cannot
 * sign in again.
 */
const credentialsWith = (name: string, lookup: string): NamedStatement => ({
  name,
  text: `with caller as (${lookup})
    select caller.*, ${ACCESS_STAMP} as "accessStamp", ${DATA_STAMP} as "dataStamp" from caller`,
});
const SESSION_BY_TOKEN = credentialsWith(
  'auth_session',
  `select id, user_id as "userId", last_used_at as "lastUsedAt" from sessions
   where token_hash = $1 and revoked_at is null and expires_at > $2`,
);
const ACCESS_TOKEN_BY_TOKEN = credentialsWith(
  'auth_access_token',
  `select id, user_id as "userId", read_only as "readOnly", last_used_at as "lastUsedAt"
   from personal_access_tokens where token_hash = $1 and revoked_at is null and expires_at > $2`,
);

/**
 * The moment credentials are checked against their expiry: the next whole second, so that the calls a screen makes
 * at once ask the same lookup (which the embedded database then runs once for them, `pglite.ts`); a session is
 * refused at most a second before it ends, never after.
 */
const expiryCheckAt = (now: Date): Date => new Date(Math.ceil(now.getTime() / 1000) * 1000);

/** The sessions and tokens lists say when each was last used: to the minute is enough. */
const LAST_USE_PRECISION_MS = 60_000;

/**
 * Writes when a session or token was last used, at most once a minute: most requests write nothing. The calls a
 * screen makes at once all find the same old time; they share this process's one write (which each awaits), and the
 * statement skips a row another process has just written, so that they do not queue on its lock to write it again.
 */
class LastUse {
  readonly #db: Db;
  readonly #writing = new Map<string, Promise<unknown>>();

  constructor(db: Db) {
    this.#db = db;
  }

  async note(
    table: 'sessions' | 'personal_access_tokens',
    { id, lastUsedAt }: Pick<Credentials, 'id' | 'lastUsedAt'>,
    now: Date,
  ): Promise<void> {
    const staleBefore = new Date(now.getTime() - LAST_USE_PRECISION_MS);
    if (lastUsedAt !== null && new Date(lastUsedAt) >= staleBefore) return;
    const key = `${table}:${id}`;
    let writing = this.#writing.get(key);
    if (writing === undefined) {
      writing = this.#db
        .query(
          `update ${table} set last_used_at = $2 where id = $1 and (last_used_at is null or last_used_at < $3)`,
          [id, now, staleBefore],
        )
        .finally(() => this.#writing.delete(key));
      this.#writing.set(key, writing);
    }
    await writing;
  }
}

interface Credentials {
  id: number;
  userId: number;
  lastUsedAt: Date | null;
  accessStamp: string;
  dataStamp: string;
}

/** A GET of a route whose answer carries the data stamp (all but those that set `dataStamp: false`). */
function stampedRoute(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.config.dataStamp !== false
  );
}

/** The data stamp a request's answer is read under: a stamped GET's, else null (a write, an unstamped route). */
export function dataStampOf(request: FastifyRequest): string | null {
  const { caller } = request;
  return caller != null && stampedRoute(request) ? caller.dataStamp : null;
}

/**
 * The bearer-token hook of every protected route: 401 when the token is missing, unknown, expired or
 * revoked; otherwise `request.caller` is set, and a GET's answer carries the data stamp read with the credentials
 * (its data is read after it, so it is at least as recent as the stamp says).
 */
export function authenticateWith({ db, secret, config }: ApiContext) {
  const accessReader = new AccessReader(db);
  const lastUse = new LastUse(db);
  /** A stamped GET's answer carries the stamp read with its credentials, before its data. */
  const stamp = (request: FastifyRequest, reply: FastifyReply) => {
    const dataStamp = dataStampOf(request);
    if (dataStamp !== null) reply.header(DATA_STAMP_HEADER, dataStamp);
  };
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    const token = match?.[1];
    if (token !== undefined && ACCESS_TOKEN_PATTERN.test(token))
      return authenticateAccessToken(request, reply, token);
    if (token === undefined || !TOKEN_PATTERN.test(token)) throw unauthenticated();
    const now = config.now();
    const session = await db.maybeOne<Credentials>(SESSION_BY_TOKEN, [
      hashToken(secret, token),
      expiryCheckAt(now),
    ]);
    if (session === null) throw unauthenticated();
    await lastUse.note('sessions', session, now);
    request.caller = {
      userId: session.userId,
      sessionId: session.id,
      accessTokenId: null,
      dataStamp: session.dataStamp,
      policy: new Policy(db, await accessReader.accessOf(session.userId, session.accessStamp)),
    };
    stamp(request, reply);
  };

  /** A personal access token: the same checks, and a read-only one reads only. */
  async function authenticateAccessToken(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
  ): Promise<void> {
    const now = config.now();
    const found = await db.maybeOne<Credentials & { readOnly: boolean }>(ACCESS_TOKEN_BY_TOKEN, [
      hashToken(secret, token),
      expiryCheckAt(now),
    ]);
    if (found === null) throw unauthenticated();
    if (found.readOnly && !['GET', 'HEAD'].includes(request.method)) {
      throw new ApiProblem(403, messages.accessTokenReadOnly);
    }
    await lastUse.note('personal_access_tokens', found, now);
    request.caller = {
      userId: found.userId,
      sessionId: null,
      accessTokenId: found.id,
      dataStamp: found.dataStamp,
      policy: new Policy(db, await accessReader.accessOf(found.userId, found.accessStamp)),
    };
    stamp(request, reply);
  }
}
