import { accessTokenSchema, MAX_ACCESS_TOKENS, messages } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context.ts';
import {
  ApiProblem,
  conflict,
  idParams,
  itemId,
  jsonResponse,
  jsonSchemaOf,
  noContent,
  notFound,
  parseBody,
  problems,
  userItemParams,
} from '../hydra/index.ts';
import { callerOf } from './auth.ts';
import { hashToken, newAccessToken } from './tokens.ts';

const accessTokenSchemaDoc = {
  type: 'object',
  required: ['id', 'name', 'readOnly', 'createdAt', 'expiresAt', 'lastUsedAt', 'expired'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    readOnly: { type: 'boolean', description: 'It may only read (GET)' },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
    expired: { type: 'boolean' },
  },
} as const;

interface AccessTokenRow {
  id: number;
  name: string;
  readOnly: boolean;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
}

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());
const tokenItem = (row: AccessTokenRow, now: Date) => ({
  id: row.id,
  name: row.name,
  readOnly: row.readOnly,
  createdAt: iso(row.createdAt),
  expiresAt: iso(row.expiresAt),
  lastUsedAt: iso(row.lastUsedAt),
  expired: new Date(row.expiresAt) <= now,
});
const TOKEN_COLUMNS = `id, name, read_only as "readOnly", created_at as "createdAt", expires_at as "expiresAt",
  last_used_at as "lastUsedAt"`;

/** The tokens are managed from a signed-in session: a token does not make or end tokens. */
function sessionCaller(request: FastifyRequest<{ Params: { id: string } }>) {
  const caller = callerOf(request);
  const userId = caller.policy.assertSelf(request.params.id);
  if (caller.sessionId === null) throw new ApiProblem(403, messages.forbidden);
  return userId;
}

/** Personal access tokens (`/mon-profil/acces`): listed, created (shown once), revoked. */
export function registerAccessTokenRoutes(app: FastifyInstance, { db, config, secret }: ApiContext): void {
  app.get<{ Params: { id: string } }>(
    '/api/users/:id/access_tokens',
    {
      // Tokens, and their last use, which reading them writes.
      config: { dataStamp: false },
      schema: {
        tags: ['account'],
        summary:
          "The caller's personal access tokens not revoked, newest first, with their last use (expired ones " +
          'included, marked so)',
        params: idParams('id', true),
        response: {
          200: jsonResponse('The tokens', {
            type: 'object',
            required: ['accessTokens'],
            properties: { accessTokens: { type: 'array', items: accessTokenSchemaDoc } },
          }),
          ...problems(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const userId = sessionCaller(request);
      const now = config.now();
      const rows = await db.query<AccessTokenRow>(
        `select ${TOKEN_COLUMNS} from personal_access_tokens
         where user_id = $1 and revoked_at is null order by created_at desc, id desc`,
        [userId],
      );
      return reply.send({ accessTokens: rows.map((row) => tokenItem(row, now)) });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/users/:id/access_tokens',
    {
      schema: {
        tags: ['account'],
        summary:
          'Creates a personal access token (`name`, `expiresInDays` 30, 90 or 365, `readOnly`) for scripts: ' +
          '`Authorization: Bearer <token>`. The token is in this answer only; the portal keeps its hash',
        params: idParams('id', true),
        body: jsonSchemaOf(accessTokenSchema),
        // 200, not 201: a creating POST's answer is kept for its Idempotency-Key replays, and this one holds a
        // secret that nothing may keep.
        response: {
          200: jsonResponse('The token, shown once', {
            type: 'object',
            required: ['token', 'accessToken'],
            properties: { token: { type: 'string' }, accessToken: accessTokenSchemaDoc },
          }),
          ...problems(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const userId = sessionCaller(request);
      const input = parseBody(accessTokenSchema, request.body);
      const now = config.now();
      const token = newAccessToken();
      const row = await db.transaction(async (tx) => {
        await tx.query('select id from users where id = $1 for update', [userId]);
        const { count } = await tx.one<{ count: number }>(
          `select count(*)::int as count from personal_access_tokens
           where user_id = $1 and revoked_at is null and expires_at > $2`,
          [userId, now],
        );
        if (count >= MAX_ACCESS_TOKENS) throw conflict(messages.tooManyAccessTokens);
        return tx.one<AccessTokenRow>(
          `insert into personal_access_tokens (user_id, name, token_hash, read_only, created_at, expires_at)
           values ($1, $2, $3, $4, $5, $6) returning ${TOKEN_COLUMNS}`,
          [
            userId,
            input.name,
            hashToken(secret, token),
            input.readOnly,
            now,
            new Date(now.getTime() + input.expiresInDays * 86_400_000),
          ],
        );
      });
      return reply.send({ token, accessToken: tokenItem(row, now) });
    },
  );

  app.delete<{ Params: { id: string; tokenId: string } }>(
    '/api/users/:id/access_tokens/:tokenId',
    {
      schema: {
        tags: ['account'],
        summary: "Revokes one of the caller's personal access tokens: it is refused from then on",
        params: userItemParams('tokenId'),
        response: { 204: noContent('Token revoked'), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const userId = sessionCaller(request);
      const revoked = await db.maybeOne(
        `update personal_access_tokens set revoked_at = $3
         where id = $1 and user_id = $2 and revoked_at is null returning id`,
        [itemId(request.params.tokenId), userId, config.now()],
      );
      if (revoked === null) throw notFound();
      return reply.status(204).send();
    },
  );
}
