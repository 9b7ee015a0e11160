import type { FieldTable } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { textOrder } from '../hydra/index.ts';
import {
  type DefaultItem,
  defineResource,
  type Resource,
  type ResourceDescription,
} from '../resource/resource.ts';

/**
 * The portal's reference lists (typologies, sectors, regions, the waste hierarchy) are resources of the kit like
 * any other: read-only tables (`t`), ordered by code or label on demand and otherwise as the migration inserted
 * them (families, then flows as DOMAIN.md lists them, ...), which is their id order.
 */
export function referenceList<T extends FieldTable, Item extends object = DefaultItem>(
  type: string,
  resource: string,
  fields: T,
  more: Pick<ResourceDescription<T, Item>, 'items' | 'computed' | 'collection'> = {},
): Resource<T, Item> {
  return defineResource<T, Item>({
    type,
    path: `/api/${resource}`,
    tags: ['reference'],
    fields,
    from: `${resource} t`,
    alias: 't',
    ...more,
    collection: {
      order: ['code', 'label'],
      orderColumns: { label: textOrder('t.label') },
      ...more.collection,
    },
  });
}

/** Serves a reference list: its component schema, its collection (described by `summary`) and its items. */
export function serveReferenceList(
  app: FastifyInstance,
  context: ApiContext,
  list: Pick<Resource<FieldTable, object>, 'registerSchema' | 'registerCollection' | 'registerItem'> & {
    description: { path: string };
  },
  summary: string,
): void {
  list.registerSchema(app);
  list.registerCollection(app, context, { summary });
  list.registerItem(app, context, { summary: `One item of ${list.description.path.replace('/api/', '')}` });
}
