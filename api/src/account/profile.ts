import { deviceLabel, emailChangeSchema, messages, passwordUpdateSchema, requiredText } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import {
  ApiProblem,
  conflict,
  idParams,
  itemId,
  jsonResponse,
  jsonSchemaOf,
  noContent,
  parseBody,
  problems,
  unprocessable,
  userItemParams,
} from '../hydra/index.ts';
import { callerOf } from './auth.ts';
import { EMAIL_CHANGE_VALIDITY_MS, emailChangeMail } from './mails.ts';
import { hashToken, newToken } from './tokens.ts';

const emailLinkExpired = () => new ApiProblem(410, messages.emailLinkExpired);
const confirmEmailSchema = z.object({ token: requiredText(200) });

const sessionListSchema = {
  type: 'object',
  required: ['sessions'],
  properties: {
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'device', 'createdAt', 'lastUsedAt', 'current'],
        properties: {
          id: { type: 'integer' },
          device: { type: 'string', description: 'The browser and system, from the User-Agent of the login' },
          createdAt: { type: 'string', format: 'date-time' },
          lastUsedAt: { type: 'string', format: 'date-time' },
          current: { type: 'boolean', description: 'The session of this request' },
        },
      },
    },
  },
} as const;

/** The account's own settings: password, open sessions, login e-mail. */
export function registerProfileRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, passwords, secret, mailer } = context;

  const checkCurrentPassword = async (userId: number, currentPassword: string) => {
    const user = await db.one<{ passwordHash: string }>(
      'select password_hash as "passwordHash" from users where id = $1',
      [userId],
    );
    if (!(await passwords.verify(user.passwordHash, currentPassword))) {
      throw unprocessable([
        { propertyPath: 'currentPassword', message: messages.currentPasswordWrong, code: 'wrong_password' },
      ]);
    }
  };

  app.post<{ Params: { id: string } }>(
    '/api/users/:id/password',
    {
      schema: {
        tags: ['account'],
        summary: "Changes the caller's password (the current one is asked); the other sessions are ended",
        params: idParams('id', true),
        body: jsonSchemaOf(passwordUpdateSchema),
        response: { 204: noContent('Password changed'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { policy, sessionId } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const input = parseBody(passwordUpdateSchema, request.body);
      await checkCurrentPassword(userId, input.currentPassword);
      if (input.password === input.currentPassword) {
        throw unprocessable([{ propertyPath: 'password', message: messages.samePassword, code: 'same' }]);
      }
      const passwordHash = await passwords.hash(input.password);
      const now = config.now();
      await db.transaction(async (tx) => {
        await tx.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
        await tx.query(
          `update sessions set revoked_at = $3
           where user_id = $1 and id is distinct from $2 and revoked_at is null`,
          [userId, sessionId, now],
        );
        // A new password ends what the old one gave: the personal access tokens too.
        await tx.query(
          'update personal_access_tokens set revoked_at = $2 where user_id = $1 and revoked_at is null',
          [userId, now],
        );
      });
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/:id/sessions',
    {
      // Sessions, and their last use, which reading them writes.
      config: { dataStamp: false },
      schema: {
        tags: ['account'],
        summary: "The caller's open sessions, the most recently used first",
        params: idParams('id', true),
        response: { 200: jsonResponse('The open sessions', sessionListSchema), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { policy, sessionId } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const rows = await db.query<{
        id: number;
        userAgent: string | null;
        createdAt: Date;
        lastUsedAt: Date;
      }>(
        `select id, user_agent as "userAgent", created_at as "createdAt",
                coalesce(last_used_at, created_at) as "lastUsedAt"
         from sessions where user_id = $1 and revoked_at is null and expires_at > $2
         order by coalesce(last_used_at, created_at) desc, id desc`,
        [userId, config.now()],
      );
      return reply.send({
        sessions: rows.map((row) => ({
          id: row.id,
          device: deviceLabel(row.userAgent),
          createdAt: new Date(row.createdAt).toISOString(),
          lastUsedAt: new Date(row.lastUsedAt).toISOString(),
          current: row.id === sessionId,
        })),
      });
    },
  );

  app.delete<{ Params: { id: string; sessionId: string } }>(
    '/api/users/:id/sessions/:sessionId',
    {
      schema: {
        tags: ['account'],
        summary: "Ends one of the caller's other sessions (the current one ends by logging out)",
        params: userItemParams('sessionId'),
        response: { 204: noContent('Session ended'), ...problems(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { policy, sessionId } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const target = itemId(request.params.sessionId);
      if (target === sessionId) throw conflict(messages.currentSessionNotEnded);
      const ended = await db.maybeOne(
        `update sessions set revoked_at = $3 where id = $1 and user_id = $2 and revoked_at is null
         returning id`,
        [target, userId, config.now()],
      );
      if (ended === null) throw new ApiProblem(404, messages.notFound);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/users/:id/email',
    {
      schema: {
        tags: ['account'],
        summary:
          'Asks for a new login e-mail: a link is mailed to it, the change happens when it is followed',
        params: idParams('id', true),
        body: jsonSchemaOf(emailChangeSchema),
        response: { 204: noContent('Confirmation mailed'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const input = parseBody(emailChangeSchema, request.body);
      const email = input.email.toLowerCase();
      await checkCurrentPassword(userId, input.currentPassword);
      const user = await db.one<{ email: string; firstname: string | null; lastname: string | null }>(
        'select email, firstname, lastname from users where id = $1',
        [userId],
      );
      if (user.email === email) {
        throw unprocessable([{ propertyPath: 'email', message: messages.sameEmail, code: 'same' }]);
      }
      const taken = await db.maybeOne('select 1 from users where email = $1', [email]);
      if (taken !== null) {
        throw unprocessable([{ propertyPath: 'email', message: messages.emailTaken, code: 'taken' }]);
      }
      const token = newToken();
      const now = config.now();
      await db.transaction(async (tx) => {
        // The latest request is the one that counts.
        await tx.query('delete from email_change_tokens where user_id = $1', [userId]);
        await tx.query(
          `insert into email_change_tokens (user_id, new_email, token_hash, created_at, expires_at)
           values ($1, $2, $3, $4, $5)`,
          [userId, email, hashToken(secret, token), now, new Date(now.getTime() + EMAIL_CHANGE_VALIDITY_MS)],
        );
      });
      const link = `${config.publicUrl}/mon-profil/email?id=${userId}&token=${token}`;
      await mailer.send(emailChangeMail(user, email, link));
      return reply.status(204).send();
    },
  );
}

/** Following the mailed link works signed in or not: the token is the proof. */
export function registerEmailConfirmRoute(app: FastifyInstance, { db, config, secret }: ApiContext): void {
  app.post<{ Params: { id: string } }>(
    '/api/user/:id/confirm-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Makes the new e-mail the login, with the token of the mailed link (single use)',
        security: [],
        params: idParams(),
        body: jsonSchemaOf(confirmEmailSchema),
        response: {
          200: jsonResponse('The new login', {
            type: 'object',
            required: ['email'],
            properties: { email: { type: 'string', format: 'email' } },
          }),
          ...problems(400, 410, 422),
        },
      },
    },
    async (request, reply) => {
      const { token } = parseBody(confirmEmailSchema, request.body);
      const userId = /^[0-9]{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const now = config.now();
      const email = await db.transaction(async (tx) => {
        const change = await tx.maybeOne<{ id: number; newEmail: string }>(
          `update email_change_tokens set used_at = $3
           where token_hash = $1 and user_id = $2 and used_at is null and expires_at > $3
           returning id, new_email as "newEmail"`,
          [hashToken(secret, token), userId, now],
        );
        if (change === null) return null;
        // Taken meanwhile by another account: the link can no longer do what it said.
        const taken = await tx.maybeOne('select 1 from users where email = $1 and id <> $2', [
          change.newEmail,
          userId,
        ]);
        if (taken !== null) return null;
        await tx.query('update users set email = $2 where id = $1', [userId, change.newEmail]);
        return change.newEmail;
      });
      if (email === null) throw emailLinkExpired();
      return reply.send({ email });
    },
  );
}
