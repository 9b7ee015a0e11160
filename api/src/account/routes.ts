import { emailSchema, loginSchema, messages, passwordChangeSchema, requiredText } from '@portal/domain';
import { DATA_STAMP_PATH } from '@portal/domain/data-stamp';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import {
  ApiProblem,
  idParams,
  jsonResponse,
  jsonSchemaOf,
  ldObject,
  mergePatchDoc,
  noContent,
  parseBody,
  parseMergePatch,
  problems,
  sendItem,
} from '../hydra/index.ts';
import { registerAccessTokenRoutes } from './access-tokens.ts';
import { callerOf } from './auth.ts';
import { RESET_TOKEN_VALIDITY_MS, resetPasswordMail } from './mails.ts';
import { registerEmailConfirmRoute, registerProfileRoutes } from './profile.ts';
import { LoginThrottler, ResetRequestThrottler } from './throttle.ts';
import { hashToken, newToken } from './tokens.ts';
import { updateUser, userItem, userPatchShape, userSchema } from './users.ts';

const loginUserAgentSchema = z.object({ userAgent: z.string().max(400).optional() });

/** The browser of a login: the gateway passes its client's on, a script calling the api is its own. */
function userAgentOf(request: FastifyRequest): string | null {
  const sent = loginUserAgentSchema.safeParse(request.body);
  const value = (sent.success ? sent.data.userAgent : undefined) ?? request.headers['user-agent'];
  return value === undefined || value === '' ? null : value.slice(0, 400);
}

const resetLinkExpired = () => new ApiProblem(410, messages.resetLinkExpired);
const resetEmailSchema = z.object({ email: emailSchema });
const resetTokenSchema = z.object({ token: requiredText(200) });

/** Routes reachable without a session: login and the two password-reset steps. */
export function registerAccountPublicRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, passwords, secret, mailer, metrics } = context;
  const throttler = new LoginThrottler(db, config.loginThrottle, () => metrics.throttled('login'));
  const resetThrottler = new ResetRequestThrottler(db, config.resetThrottle, () =>
    metrics.throttled('password_reset'),
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Exchanges e-mail and password for a session token',
        security: [],
        body: jsonSchemaOf(z.object({ ...loginSchema.shape, ...loginUserAgentSchema.shape })),
        response: {
          200: jsonResponse('The session', {
            type: 'object',
            required: ['token', 'userId', 'expiresAt'],
            properties: {
              token: { type: 'string', description: 'The bearer token of the session' },
              userId: { type: 'integer' },
              expiresAt: { type: 'string', format: 'date-time' },
            },
          }),
          ...problems(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const input = parseBody(loginSchema, request.body);
      const email = input.email.toLowerCase();
      const now = config.now();
      const attempt = await throttler.begin(email, request.ip, now);
      const user = await db.maybeOne<{ id: number; passwordHash: string | null; deactivated: boolean }>(
        `select id, password_hash as "passwordHash", deactivated_at is not null as deactivated
         from users where email = $1`,
        [email],
      );
      // An invited user without a password yet costs as much as an unknown e-mail.
      const valid =
        user?.passwordHash == null
          ? await passwords.verifyDummy(input.password)
          : await passwords.verify(user.passwordHash, input.password);
      // The try was counted as a failure when it began: a wrong password leaves it so.
      if (user === null || !valid) {
        metrics.loginFailed();
        throw new ApiProblem(401, messages.invalidCredentials);
      }
      // Told only to whoever knows the password.
      if (user.deactivated) throw new ApiProblem(403, messages.accountDeactivated);
      await throttler.succeeded(attempt, now);
      // Spent sessions of this user are of no use any more: keep the table small.
      await db.query(
        'delete from sessions where user_id = $1 and (expires_at <= $2 or revoked_at is not null)',
        [user.id, now],
      );
      const token = newToken();
      const expiresAt = new Date(now.getTime() + config.sessionTtlHours * 3_600_000);
      await db.query(
        `insert into sessions (token_hash, user_id, created_at, expires_at, user_agent, last_used_at)
         values ($1, $2, $3, $4, $5, $3)`,
        [hashToken(secret, token), user.id, now, expiresAt, userAgentOf(request)],
      );
      await db.query('update users set last_sign_in_at = $2 where id = $1', [user.id, now]);
      return reply.send({ token, userId: user.id, expiresAt: expiresAt.toISOString() });
    },
  );

  app.post(
    '/api/user/reset-password-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Sends a single-use password-reset link, valid one hour',
        security: [],
        body: jsonSchemaOf(resetEmailSchema),
        response: { 204: noContent('Mail sent'), ...problems(400, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const { email } = parseBody(resetEmailSchema, request.body);
      const now = config.now();
      // Counted whether the account exists or not: the answer tells, so asking is what is limited.
      await resetThrottler.record(email.toLowerCase(), request.ip, now);
      const user = await db.maybeOne<{
        id: number;
        email: string;
        firstname: string | null;
        lastname: string | null;
      }>('select id, email, firstname, lastname from users where email = $1', [email.toLowerCase()]);
      if (user === null) throw new ApiProblem(404, messages.unknownAccount);
      const token = newToken();
      await db.transaction(async (tx) => {
        // A new request supersedes the links sent before it (and clears the spent ones).
        await tx.query('delete from password_reset_tokens where user_id = $1', [user.id]);
        await tx.query(
          'insert into password_reset_tokens (user_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4)',
          [user.id, hashToken(secret, token), now, new Date(now.getTime() + RESET_TOKEN_VALIDITY_MS)],
        );
      });
      const link = `${config.publicUrl}/customer/Resetpassword?id=${user.id}&token=${token}`;
      const { file } = await mailer.send(resetPasswordMail(user, link));
      // The link is a password: it goes into the mail only, the log says where the mail is.
      if (file !== undefined)
        request.log.info({ mailFile: file }, 'password-reset mail written to a file (no SMTP_URL)');
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/user/:id/reset-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Sets a new password with a reset token; revokes every session of the user',
        security: [],
        params: idParams(),
        body: jsonSchemaOf(resetTokenSchema.and(passwordChangeSchema)),
        response: { 204: noContent('Password changed'), ...problems(400, 410, 422) },
      },
    },
    async (request, reply) => {
      const { token } = parseBody(resetTokenSchema, request.body);
      const userId = /^[0-9]{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const now = config.now();
      const reset = await db.maybeOne<{ id: number; email: string }>(
        `select t.id, u.email from password_reset_tokens t join users u on u.id = t.user_id
         where t.token_hash = $1 and t.user_id = $2 and t.used_at is null and t.expires_at > $3`,
        [hashToken(secret, token), userId, now],
      );
      if (reset === null) throw resetLinkExpired();
      const { password } = parseBody(passwordChangeSchema, request.body);
      const passwordHash = await passwords.hash(password);
      const spent = await db.transaction(async (tx) => {
        const used = await tx.maybeOne(
          'update password_reset_tokens set used_at = $2 where id = $1 and used_at is null returning id',
          [reset.id, now],
        );
        if (used === null) return false;
        await tx.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
        await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [
          userId,
          now,
        ]);
        await tx.query(
          'update personal_access_tokens set revoked_at = $2 where user_id = $1 and revoked_at is null',
          [userId, now],
        );
        await tx.query('delete from login_failures where email = $1', [reset.email]);
        return true;
      });
      if (!spent) throw resetLinkExpired();
      return reply.status(204).send();
    },
  );

  registerEmailConfirmRoute(app, context);
}

/** Routes of the signed-in user. */
export function registerAccountRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  registerProfileRoutes(app, context);
  registerAccessTokenRoutes(app, context);
  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Revokes the bearer token',
        response: { 204: noContent('Signed out'), ...problems(401) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await db.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [
        caller.sessionId,
        config.now(),
      ]);
      return reply.status(204).send();
    },
  );

  app.get(
    DATA_STAMP_PATH,
    {
      schema: {
        tags: ['account'],
        summary:
          "The stamp of the data the caller's answers are read at (also each GET answer's x-data-stamp header): " +
          'an answer read under a stamp still stands while this one is the same',
        response: {
          200: jsonResponse('The stamp', {
            type: 'object',
            required: ['stamp'],
            properties: { stamp: { type: 'string' } },
          }),
          ...problems(401),
        },
      },
    },
    async (request) => ({ stamp: callerOf(request).dataStamp }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'The caller (`me` or their id); anyone else is a 404',
        params: idParams('id', true),
        response: { 200: ldObject('The caller', userSchema), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      policy.assertSelf(request.params.id);
      return sendItem(reply, await userItem(db, policy));
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/users/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Updates the profile or accepts the CGU (application/merge-patch+json)',
        params: idParams('id', true),
        body: mergePatchDoc(userPatchShape),
        response: { 200: ldObject('The caller, updated', userSchema), ...problems(400, 401, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const patch = parseMergePatch(request, userPatchShape);
      await updateUser(db, userId, patch, config.now());
      return sendItem(reply, await userItem(db, policy));
    },
  );
}
