import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { SqlParams } from '../db/index.ts';
import {
  collectionQuerySchema,
  fetchPage,
  filterConditions,
  hydraItem,
  itemResponse,
  parseCollectionQuery,
  type RawQuery,
  sendCollection,
} from '../hydra/index.ts';

const typologyLists = [
  {
    path: '/api/site_typologies',
    table: 'site_typologies',
    resource: 'site_typologies',
    type: 'SiteTypology',
  },
  {
    path: '/api/user_typologies',
    table: 'user_typologies',
    resource: 'user_typologies',
    type: 'UserTypology',
  },
] as const;

export function registerReferenceRoutes(app: FastifyInstance, { db }: ApiContext): void {
  for (const { path, table, resource, type } of typologyLists) {
    app.get(
      path,
      {
        schema: {
          tags: ['reference'],
          summary: `Reference list of ${resource}: {@id, id, code, label}`,
          querystring: collectionQuerySchema({ order: ['code', 'label'] }),
          response: { 200: itemResponse(`hydra:Collection of ${type}`) },
        },
      },
      async (request, reply) => {
        const query = parseCollectionQuery(request.query as RawQuery, { order: ['code', 'label'] });
        const params = new SqlParams();
        const { rows, totalItems } = await fetchPage<{ id: number; code: string; label: string }>(db, {
          select: 't.id, t.code, t.label',
          from: `${table} t`,
          where: filterConditions(query, { id: 't.id' }, params),
          params,
          order: query.order,
          orderColumns: { code: 't.code', label: 't.label' },
          tieBreaker: 't.id',
          pagination: query.pagination,
        });
        return sendCollection(reply, request, {
          type,
          members: rows.map((row) => hydraItem(type, `/api/${resource}/${row.id}`, row)),
          totalItems,
          pagination: query.pagination,
        });
      },
    );
  }
}
