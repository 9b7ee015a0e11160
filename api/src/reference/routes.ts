import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { SqlParams } from '../db/index.ts';
import {
  type CollectionSpec,
  collectionQuerySchema,
  fetchPage,
  filterConditions,
  hydraItem,
  idParams,
  itemId,
  itemResponse,
  notFound,
  parseCollectionQuery,
  problemSchema,
  type RawQuery,
  sendCollection,
  sendItem,
} from '../hydra/index.ts';

/** A reference list: `{@id, id, code, label}` and, for some, more columns. Tables and columns come from code. */
interface ReferenceList {
  resource: string;
  type: string;
  summary: string;
  /** Extra columns, selected as they are named (`departments`). */
  extraColumns?: readonly string[];
}

const referenceLists: readonly ReferenceList[] = [
  { resource: 'site_typologies', type: 'SiteTypology', summary: 'Site typologies' },
  { resource: 'user_typologies', type: 'UserTypology', summary: 'User typologies' },
  {
    resource: 'company_sectors',
    type: 'CompanySector',
    summary: 'Company sectors: the 21 sections of NAF rev. 2 (code A to U)',
  },
  {
    resource: 'states',
    type: 'State',
    summary: 'The 18 French regions (INSEE code) with their department codes',
    extraColumns: ['departments'],
  },
];

const spec: CollectionSpec = { order: ['code', 'label'] };

export function registerReferenceRoutes(app: FastifyInstance, { db }: ApiContext): void {
  for (const { resource, type, summary, extraColumns = [] } of referenceLists) {
    const select = ['t.id', 't.code', 't.label', ...extraColumns.map((column) => `t.${column}`)].join(', ');
    const item = (row: { id: number }) => hydraItem(type, `/api/${resource}/${row.id}`, row);

    app.get(
      `/api/${resource}`,
      {
        schema: {
          tags: ['reference'],
          summary: `${summary}: {@id, id, code, label${extraColumns.map((c) => `, ${c}`).join('')}}`,
          querystring: collectionQuerySchema(spec),
          response: { 200: itemResponse(`hydra:Collection of ${type}`) },
        },
      },
      async (request, reply) => {
        const query = parseCollectionQuery(request.query as RawQuery, spec);
        const params = new SqlParams();
        const { rows, totalItems } = await fetchPage<{ id: number }>(db, {
          select,
          from: `${resource} t`,
          where: filterConditions(query, { id: 't.id' }, params),
          params,
          order: query.order,
          orderColumns: { code: 't.code', label: 't.label' },
          tieBreaker: 't.id',
          pagination: query.pagination,
        });
        return sendCollection(reply, request, {
          type,
          members: rows.map(item),
          totalItems,
          pagination: query.pagination,
        });
      },
    );

    app.get<{ Params: { id: string } }>(
      `/api/${resource}/:id`,
      {
        schema: {
          tags: ['reference'],
          summary: `One item of ${resource}`,
          params: idParams(),
          response: { 200: itemResponse(type), 404: problemSchema },
        },
      },
      async (request, reply) => {
        const row = await db.maybeOne<{ id: number }>(`select ${select} from ${resource} t where t.id = $1`, [
          itemId(request.params.id),
        ]);
        if (row === null) throw notFound();
        return sendItem(reply, item(row));
      },
    );
  }
}
