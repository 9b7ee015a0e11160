import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { type Db, SqlParams } from '../db/index.ts';
import {
  type CollectionSpec,
  collectionQuerySchema,
  type FilterColumns,
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
  textOrder,
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

/** A read-only table of code and label rows (`t` in SQL), served as a collection and its items. */
export interface ReferenceTable<Row extends { id: number }> {
  resource: string;
  type: string;
  /** OpenAPI summary of the collection. */
  summary: string;
  spec: CollectionSpec;
  columns: FilterColumns;
  /** Selected columns of `t`. */
  select: string;
  item: (row: Row) => ReturnType<typeof hydraItem>;
}

/**
 * The one way the reference lists are served (typologies, sectors, regions, waste levels): Hydra collection with
 * the usual filters, ordered by code or label and, by default, as the migration inserted them; and the item.
 */
export function registerReferenceTable<Row extends { id: number }>(
  app: FastifyInstance,
  db: Db,
  table: ReferenceTable<Row>,
): void {
  const { resource, type, select, item } = table;
  app.get(
    `/api/${resource}`,
    {
      schema: {
        tags: ['reference'],
        summary: table.summary,
        querystring: collectionQuerySchema(table.spec),
        response: { 200: itemResponse(`hydra:Collection of ${type}`) },
      },
    },
    async (request, reply) => {
      const query = parseCollectionQuery(request.query as RawQuery, table.spec);
      const params = new SqlParams();
      const { rows, totalItems } = await fetchPage<Row>(db, {
        select,
        from: `${resource} t`,
        where: filterConditions(query, table.columns, params),
        params,
        order: query.order,
        orderColumns: { code: 't.code', label: textOrder('t.label') },
        // The curated order of the migration (families, then flows as DOMAIN.md lists them, ...).
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
      const row = await db.maybeOne<Row>(`select ${select} from ${resource} t where t.id = $1`, [
        itemId(request.params.id),
      ]);
      if (row === null) throw notFound();
      return sendItem(reply, item(row));
    },
  );
}

export function registerReferenceRoutes(app: FastifyInstance, { db }: ApiContext): void {
  for (const { resource, type, summary, extraColumns = [] } of referenceLists) {
    registerReferenceTable(app, db, {
      resource,
      type,
      summary: `${summary}: {@id, id, code, label${extraColumns.map((c) => `, ${c}`).join('')}}`,
      spec,
      columns: { id: 't.id' },
      select: ['t.id', 't.code', 't.label', ...extraColumns.map((column) => `t.${column}`)].join(', '),
      item: (row: { id: number }) => hydraItem(type, `/api/${resource}/${row.id}`, row),
    });
  }
}
