import {
  contactPreferenceLabels,
  contactSchema,
  defaultNotificationSettings,
  messages,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  NOTIFICATION_MODES,
  type NotificationKind,
  notificationSettingsSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  ApiProblem,
  idParams,
  jsonResponse,
  jsonSchemaOf,
  noContent,
  parseBody,
  positiveInteger,
  problems,
  type RawQuery,
  tooManyRequests,
  unprocessable,
} from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';

const settingsResponse = {
  type: 'object',
  required: ['settings'],
  properties: {
    settings: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'label', 'enabled', 'mode'],
        properties: {
          kind: { type: 'string', enum: NOTIFICATION_KIND_NAMES },
          label: { type: 'string' },
          enabled: { type: 'boolean' },
          mode: { type: 'string', enum: [...NOTIFICATION_MODES], description: 'IMMEDIATE or a DIGEST a day' },
        },
      },
    },
  },
} as const;

const notificationsResponse = {
  type: 'object',
  required: ['unreadCount', 'notifications'],
  properties: {
    unreadCount: { type: 'integer' },
    notifications: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'kind', 'title', 'body', 'link', 'createdAt', 'read'],
        properties: {
          id: { type: 'integer' },
          kind: { type: 'string', enum: NOTIFICATION_KIND_NAMES },
          title: { type: 'string' },
          body: { type: 'string' },
          link: { type: 'string', description: "The portal's path of the screen concerned" },
          createdAt: { type: 'string', format: 'date-time' },
          read: { type: 'boolean' },
        },
      },
    },
  },
} as const;

const readSchema = z.object({ ids: z.array(z.number().int().positive()).max(200).optional() });
const latestQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, description: 'at most 50; default 10' } },
} as const;

/** The caller's settings: a row per kind of their typologies, the default where they never chose. */
async function settingsOf(db: Db, policy: Policy) {
  const { typologies } = await policy.access();
  const chosen = await db.query<{ kind: string; enabled: boolean; mode: string }>(
    'select kind, enabled, mode from notification_settings where user_id = $1',
    [policy.userId],
  );
  const byKind = new Map(chosen.map((row) => [row.kind, row]));
  return defaultNotificationSettings(typologies).map((setting) => ({
    ...setting,
    ...byKind.get(setting.kind),
    label: NOTIFICATION_KINDS[setting.kind].label,
  }));
}

/** The bell's notifications, the notification settings, and the contact form. */
export function registerNotificationRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, mailer } = context;

  app.get<{ Params: { id: string } }>(
    '/api/users/:id/notification_settings',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's mail settings per kind of event (the kinds of their typologies)",
        params: idParams('id', true),
        response: { 200: jsonResponse('The settings', settingsResponse), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      policy.assertSelf(request.params.id);
      return reply.send({ settings: await settingsOf(db, policy) });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/users/:id/notification_settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Sets the mail settings of the kinds sent (the others keep theirs)',
        params: idParams('id', true),
        body: jsonSchemaOf(notificationSettingsSchema),
        response: { 200: jsonResponse('The settings', settingsResponse), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const { settings } = parseBody(notificationSettingsSchema, request.body);
      const { typologies } = await policy.access();
      const mine = new Set<NotificationKind>(defaultNotificationSettings(typologies).map((s) => s.kind));
      const foreign = settings.findIndex((setting) => !mine.has(setting.kind));
      if (foreign >= 0) {
        throw unprocessable([
          {
            propertyPath: `settings.${foreign}.kind`,
            message: messages.notificationKindNotYours,
            code: 'kind',
          },
        ]);
      }
      await db.transaction(async (tx) => {
        for (const setting of settings) {
          await tx.query(
            `insert into notification_settings (user_id, kind, enabled, mode) values ($1, $2, $3, $4)
             on conflict (user_id, kind) do update set enabled = excluded.enabled, mode = excluded.mode`,
            [userId, setting.kind, setting.enabled, setting.mode],
          );
        }
      });
      return reply.send({ settings: await settingsOf(db, policy) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/:id/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's latest notifications and how many are unread (the bell)",
        params: idParams('id', true),
        querystring: latestQuery,
        response: {
          200: jsonResponse('The latest notifications', notificationsResponse),
          ...problems(401, 404),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const [rows, unread] = await Promise.all([
        db.query<{
          id: number;
          kind: string;
          title: string;
          body: string;
          link: string;
          createdAt: Date;
          readAt: Date | null;
        }>(
          `select id, kind, title, body, link, created_at as "createdAt", read_at as "readAt"
           from notifications where user_id = $1 order by created_at desc, id desc limit $2`,
          [userId, Math.min(positiveInteger(request.query as RawQuery, 'limit') ?? 10, 50)],
        ),
        db.one<{ count: number }>(
          'select count(*)::int as count from notifications where user_id = $1 and read_at is null',
          [userId],
        ),
      ]);
      return reply.send({
        unreadCount: unread.count,
        notifications: rows.map(({ readAt, createdAt, ...row }) => ({
          ...row,
          createdAt: new Date(createdAt).toISOString(),
          read: readAt !== null,
        })),
      });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/users/:id/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks notifications read: those of `ids`, or all of them',
        params: idParams('id', true),
        body: jsonSchemaOf(readSchema),
        response: { 204: noContent('Marked read'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const userId = policy.assertSelf(request.params.id);
      const { ids } = parseBody(readSchema, request.body);
      await db.query(
        `update notifications set read_at = $2
         where user_id = $1 and read_at is null and ($3::int[] is null or id = any($3::int[]))`,
        [userId, config.now(), ids ?? null],
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/contact/send',
    {
      schema: {
        tags: ['notifications'],
        summary: "Sends a contact request to the operator's support (kept; a few an hour per user)",
        body: jsonSchemaOf(contactSchema),
        response: { 204: noContent('Sent to the support'), ...problems(400, 401, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      const input = parseBody(contactSchema, request.body);
      const now = config.now();
      const user = await db.one<{
        email: string;
        firstname: string | null;
        lastname: string | null;
        phone: string | null;
        function: string | null;
      }>('select email, firstname, lastname, phone, function from users where id = $1', [userId]);
      if (input.preferredContact === 'PHONE' && !user.phone) {
        throw unprocessable([
          { propertyPath: 'preferredContact', message: messages.phoneNeededForCall, code: 'phone' },
        ]);
      }
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const stored = await db.transaction(async (tx) => {
        // One user's requests are decided one at a time: parallel sends cannot all pass the count.
        await tx.query('select id from users where id = $1 for update', [userId]);
        const recent = await tx.query<{ createdAt: Date }>(
          `select created_at as "createdAt" from contact_requests where user_id = $1 and created_at > $2
           order by created_at`,
          [userId, hourAgo],
        );
        const oldest = recent[0];
        if (recent.length >= config.contactPerHour && oldest !== undefined) {
          const freeAt = new Date(oldest.createdAt).getTime() + 3_600_000;
          throw tooManyRequests(messages.tooManyContactRequests, (freeAt - now.getTime()) / 1000);
        }
        return tx.one<{ id: number }>(
          `insert into contact_requests (user_id, message, preferred_contact, created_at)
           values ($1, $2, $3, $4) returning id`,
          [userId, input.message, input.preferredContact, now],
        );
      });
      const { typologies } = await policy.access();
      const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
      try {
        await mailer.send({
          to: config.supportEmail,
          replyTo: user.email,
          subject: `Demande de contact de ${name}`,
          text: [
            `Demande de contact n° ${stored.id}`,
            '',
            `Nom : ${name}`,
            `E-mail : ${user.email}`,
            `Téléphone : ${user.phone ?? 'non renseigné'}`,
            `Fonction : ${user.function ?? 'non renseignée'}`,
            `Profil : ${typologies.join(', ')}`,
            `Contact souhaité : ${contactPreferenceLabels[input.preferredContact]}`,
            '',
            'Message :',
            input.message,
          ].join('\n'),
        });
      } catch (error) {
        request.log.error({ err: error, contactRequest: stored.id }, 'contact request not mailed');
        throw new ApiProblem(503, messages.contactSendError);
      }
      await db.query('update contact_requests set sent_at = $2 where id = $1', [stored.id, now]);
      return reply.status(204).send();
    },
  );
}
