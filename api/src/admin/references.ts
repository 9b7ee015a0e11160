import {
  type AuditAction,
  type AuditTargetType,
  adminDocumentCategorySchema,
  adminHelpPageSchema,
  adminSkipTypeSchema,
  messages,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { documentCategories } from '../documents/resource.ts';
import { helpContents } from '../help/resource.ts';
import {
  applyMergePatch,
  idParams,
  itemId,
  jsonSchemaOf,
  ldItem,
  mergePatchDoc,
  parseBody,
  problems,
  sendItem,
  unprocessable,
} from '../hydra/index.ts';
import type { Resource } from '../resource/resource.ts';
import { skipTypes } from '../skips/types.ts';
import { recordAudit } from './audit.ts';

/**
 * The reference contents the operator keeps: document categories, skip types and help pages. They are read through
 * their usual collections (`/api/document_categories`, `/api/skip_types`, `/api/help_contents`); here they are
 * created and changed. A code or a path is its identity: set at creation, never changed.
 */

interface ReferenceList<S extends z.ZodObject> {
  /** The REST collection under /api/admin. */
  path: string;
  table: string;
  // biome-ignore lint/suspicious/noExplicitAny: the resources of the three lists have different field tables.
  resource: Resource<any, any>;
  schema: S;
  /** The field that identifies a row (never patched) and what a duplicate of it is told. */
  key: 'code' | 'path';
  keyTaken: string;
  targetType: AuditTargetType;
  actions: { create: AuditAction; update: AuditAction };
  /** The columns of a row from its validated fields. */
  columns(value: z.output<S>): Record<string, unknown>;
  /** What the audit trail names it by. */
  label(value: z.output<S>): string;
  /** Columns a creation adds (a help page's place at the end of the guide). */
  created?: (db: Db) => Promise<Record<string, unknown>>;
  /** Columns an update adds (a help page the operator changed keeps its text at the next start). */
  updated?: (now: Date) => Record<string, unknown>;
}

const lists = [
  {
    path: '/api/admin/document_categories',
    table: 'document_categories',
    resource: documentCategories,
    schema: adminDocumentCategorySchema,
    key: 'code',
    keyTaken: messages.adminReferenceCodeTaken,
    targetType: 'category',
    actions: { create: 'category.create', update: 'category.update' },
    columns: (category: z.output<typeof adminDocumentCategorySchema>) => ({ ...category }),
    label: (category: z.output<typeof adminDocumentCategorySchema>) => category.label,
  } satisfies ReferenceList<typeof adminDocumentCategorySchema>,
  {
    path: '/api/admin/skip_types',
    table: 'skip_types',
    resource: skipTypes,
    schema: adminSkipTypeSchema,
    key: 'code',
    keyTaken: messages.adminReferenceCodeTaken,
    targetType: 'skip_type',
    actions: { create: 'skip_type.create', update: 'skip_type.update' },
    columns: (type: z.output<typeof adminSkipTypeSchema>) => ({
      ...type,
      volume: type.volume.replace(',', '.'),
    }),
    label: (type: z.output<typeof adminSkipTypeSchema>) => type.label,
  } satisfies ReferenceList<typeof adminSkipTypeSchema>,
  {
    path: '/api/admin/help_contents',
    table: 'help_contents',
    resource: helpContents,
    schema: adminHelpPageSchema,
    key: 'path',
    keyTaken: messages.adminHelpPathTaken,
    targetType: 'help',
    actions: { create: 'help.create', update: 'help.update' },
    columns: (page: z.output<typeof adminHelpPageSchema>) => ({ ...page }),
    label: (page: z.output<typeof adminHelpPageSchema>) => page.title,
    created: async (db: Db) => ({
      position: (
        await db.one<{ next: number }>('select coalesce(max(position), 0) + 1 as next from help_contents')
      ).next,
      edited_by_operator: true,
    }),
    updated: (now: Date) => ({ edited_by_operator: true, updated_at: now }),
  } satisfies ReferenceList<typeof adminHelpPageSchema>,
] as const;

/** `insert into table (a, b) values ($1, $2)` from column values. */
function insertStatement(table: string, columns: Record<string, unknown>) {
  const names = Object.keys(columns);
  return {
    text: `insert into ${table} (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})
           on conflict do nothing returning id`,
    values: Object.values(columns),
  };
}

export function registerAdminReferenceRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  for (const list of lists as readonly ReferenceList<z.ZodObject>[]) {
    const type = list.resource.description.type as string;
    const patchShape = Object.fromEntries(
      Object.entries(list.schema.shape).filter(([name]) => name !== list.key),
    );

    app.post(
      list.path,
      {
        schema: {
          tags: ['admin'],
          summary: `Creates an item of ${list.table}`,
          body: jsonSchemaOf(list.schema),
          response: { 201: ldItem(type), ...problems(400, 401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { userId, policy } = callerOf(request);
        const value = parseBody(list.schema, request.body);
        const id = await db.transaction(async (tx) => {
          const statement = insertStatement(list.table, {
            ...list.columns(value),
            ...(await list.created?.(tx)),
          });
          const created = await tx.maybeOne<{ id: number }>(statement.text, statement.values);
          if (created === null) {
            throw unprocessable([{ propertyPath: list.key, message: list.keyTaken, code: 'taken' }]);
          }
          await recordAudit(
            tx,
            userId,
            {
              action: list.actions.create,
              targetType: list.targetType,
              targetId: created.id,
              targetLabel: list.label(value),
              after: value,
            },
            config.now(),
          );
          return created.id;
        });
        return sendItem(reply, (await list.resource.item(id, { db, policy })) as never, 201);
      },
    );

    app.patch<{ Params: { id: string } }>(
      `${list.path}/:id`,
      {
        schema: {
          tags: ['admin'],
          summary: `Changes an item of ${list.table} (not its ${list.key})`,
          params: idParams(),
          body: mergePatchDoc(patchShape),
          response: { 200: ldItem(type), ...problems(401, 404, 415, 422) },
        },
      },
      async (request, reply) => {
        const { userId, policy } = callerOf(request);
        const id = itemId(request.params.id);
        await db.transaction(async (tx) => {
          const stored = (await list.resource.load(tx, id, { lock: true })) as Record<string, unknown>;
          // The identifying field stays: a patch naming another one is not read.
          const next = applyMergePatch(request, list.schema, stored) as Record<string, unknown>;
          next[list.key] = stored[list.key];
          const columns = {
            ...list.columns(next as never),
            ...list.updated?.(config.now()),
          };
          delete columns[list.key];
          const names = Object.keys(columns);
          await tx.query(
            `update ${list.table} set ${names.map((name, i) => `${name} = $${i + 2}`).join(', ')} where id = $1`,
            [id, ...Object.values(columns)],
          );
          const { id: _id, ...before } = stored;
          await recordAudit(
            tx,
            userId,
            {
              action: list.actions.update,
              targetType: list.targetType,
              targetId: id,
              targetLabel: list.label(next as never),
              before,
              after: next,
            },
            config.now(),
          );
        });
        return sendItem(reply, (await list.resource.item(id, { db, policy })) as never);
      },
    );
  }
}
