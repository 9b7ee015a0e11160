import { adminLegalTextSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { staticContents } from '../help/resource.ts';
import { jsonSchemaOf, ldItem, parseBody, problems, sendItem } from '../hydra/index.ts';
import { recordAudit } from './audit.ts';

/**
 * Publishing a new version of a legal text: it is in force at once; a new version of the terms of use makes every
 * user accept them again at their next visit (`help/terms.ts`). Published versions are never changed: each
 * acceptance names the version accepted. The versions are read through `/api/static_contents`.
 */
export function registerAdminLegalRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  app.post(
    '/api/admin/static_contents',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publishes a new version of a legal text (the terms: every user accepts them again)',
        body: jsonSchemaOf(adminLegalTextSchema),
        response: { 201: ldItem(staticContents.description.type), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const text = parseBody(adminLegalTextSchema, request.body);
      const now = config.now();
      const id = await db.transaction(async (tx) => {
        // One publication at a time per text: the next version number is taken under the lock.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`static_contents:${text.code}`]);
        const created = await tx.one<{ id: number; version: number }>(
          `insert into static_contents (code, version, title, content, published_at, published_by_operator)
           select $1, coalesce(max(version), 0) + 1, $2, $3, $4, true from static_contents where code = $1
           returning id, version`,
          [text.code, text.title, text.content, now],
        );
        await recordAudit(
          tx,
          userId,
          {
            action: 'legal.publish',
            targetType: 'legal',
            targetId: created.id,
            targetLabel: `${text.title} (version ${created.version})`,
            after: { code: text.code, version: created.version, title: text.title },
          },
          now,
        );
        return created.id;
      });
      reply.header('location', `/api/static_contents/${id}`);
      return sendItem(reply, (await staticContents.item(id, { db, policy })) as never, 201);
    },
  );
}
