import type { FastifyRequest } from 'fastify';
import type { ApiContext } from '../context.ts';
import { unauthenticated } from '../hydra/index.ts';
import { Policy } from '../policy/index.ts';
import { hashToken, TOKEN_PATTERN } from './tokens.ts';

/** The authenticated caller of a request, with its policy. */
export interface Caller {
  userId: number;
  sessionId: number;
  policy: Policy;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The caller of a route behind `authenticate`. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw unauthenticated();
  return request.caller;
}

/**
 * The bearer-token hook of every protected route: 401 when the token is missing, unknown, expired or
 * revoked; otherwise `request.caller` is set.
 */
export function authenticateWith({ db, secret, config }: ApiContext) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    const token = match?.[1];
    if (token === undefined || !TOKEN_PATTERN.test(token)) throw unauthenticated();
    const now = config.now();
    const session = await db.maybeOne<{ id: number; userId: number; lastUsedAt: Date | null }>(
      `select id, user_id as "userId", last_used_at as "lastUsedAt" from sessions
       where token_hash = $1 and revoked_at is null and expires_at > $2`,
      [hashToken(secret, token), now],
    );
    if (session === null) throw unauthenticated();
    // The sessions list says when each was last used; to the minute is enough, so most requests write nothing.
    if (session.lastUsedAt === null || now.getTime() - new Date(session.lastUsedAt).getTime() > 60_000) {
      await db.query('update sessions set last_used_at = $2 where id = $1', [session.id, now]);
    }
    request.caller = {
      userId: session.userId,
      sessionId: session.id,
      policy: new Policy(db, session.userId),
    };
  };
}
