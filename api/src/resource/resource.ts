import { type FieldSpec, type FieldTable, restFields } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, dataStampOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';
import {
  type CollectionSpec,
  collectionQuerySchema,
  type FilterColumns,
  fetchPage,
  filterConditions,
  hydraItem,
  idParams,
  itemId,
  type JsonSchema,
  ldCollection,
  ldItem,
  notFound,
  type OrderBy,
  parseCollectionQuery,
  problems,
  type RawQuery,
  type RelationCondition,
  sendCollection,
  sendItem,
} from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import type { ReferenceData } from '../reference/data.ts';
import { itemSchema } from './schemas.ts';
import { columnOf, type ResourceRow, selectList } from './sql.ts';

/**
 * The resource kit: a resource is described once (its table, its field table, its filters, what the policy lets
 * the caller see) and its collection and item routes, its OpenAPI schema and its row loading come from that
 * description. A route file states what is special about its resource (writes, computed fields) and nothing
 * else. The Hydra module (`../hydra/`) keeps the conventions the kit follows.
 */

/** What building the items of a page may need. */
export interface ItemsContext {
  db: Db;
  policy: Policy;
}

/** What a filter may read besides the query: the caller's policy and the official lists. */
export interface FilterContext {
  policy: Policy;
  reference: ReferenceData;
}

/** A filter of a collection beyond the generic ones: its documented parameters and its SQL conditions. */
export interface CollectionFilter {
  query: Record<string, JsonSchema>;
  where(raw: RawQuery, params: SqlParams, context: FilterContext): string[] | Promise<string[]>;
}

export interface ResourceDescription<T extends FieldTable, Item extends object> {
  /** `@type` of its items and the name of its OpenAPI schema (`Skip`). */
  type: string;
  /** Its collection's path (`/api/skips`); items are at `{path}/{id}`. */
  path: string;
  /** OpenAPI tags of its routes. */
  tags: readonly string[];
  /** false: its rows show what the data stamp does not follow (a sign-in time), so its GETs go without it. */
  dataStamp?: false;
  fields: T;
  /** The IRI of an item, when not `{path}/{id}` (a resource nested under another). */
  iri?: (row: ResourceRow<T>) => string;
  /** The FROM of its rows, naming its table with `alias` (joins allowed: `skip_deliveries d join skips s ...`). */
  from: string;
  alias: string;
  /** The caller's view (the policy layer): an SQL condition on `alias` that every read adds. */
  visible?: (policy: Policy, params: SqlParams) => Promise<string>;
  /** The REST items of rows, when they carry more than their fields (computed for the caller, embedded rows). */
  items?: (rows: ResourceRow<T>[], context: ItemsContext) => Item[] | Promise<Item[]>;
  /** The schemas of the fields `items` adds, for the OpenAPI document. */
  computed?: Record<string, JsonSchema>;
  collection?: {
    /** Relation filters (`companySite[]=`) over reference fields of the table. */
    relations?: readonly (keyof T & string)[];
    /** Fields allowed in `order[field]=`; a field's column unless `orderColumns` says otherwise. */
    order?: readonly string[];
    orderColumns?: Record<string, string | readonly string[]>;
    /** Date fields filtered with `field[after]=` / `field[before]=`. */
    dates?: readonly (keyof T & string)[];
    /** Folded text columns searched by `q=` (migration 002). */
    search?: readonly string[];
    filters?: readonly CollectionFilter[];
    /** The order when none is asked; the id otherwise. */
    defaultOrder?: OrderBy[];
    /** Appended to every ORDER BY so that pages are stable (the id by default). */
    tieBreaker?: string;
  };
}

/** Options of one collection route of a resource (several may list it: `users/{id}/company_sites`...). */
export interface CollectionRoute {
  summary: string;
  /** Its path, when not the resource's own. */
  path?: string;
  /** Its path parameters' schema. */
  params?: JsonSchema;
  /** Conditions this route adds (a site's chantiers, the caller's own sites); may throw (404). */
  restrict?: (request: FastifyRequest, params: SqlParams) => string[] | Promise<string[]>;
}

export interface ItemRoute {
  summary: string;
  path?: string;
  params?: JsonSchema;
  /** The path parameter holding the item's id (`id`). */
  idParam?: string;
  restrict?: CollectionRoute['restrict'];
}

export interface Resource<T extends FieldTable, Item extends object> {
  readonly description: ResourceDescription<T, Item>;
  /** The SELECT list of its rows (REST names, references as ids), for statements of its own. */
  readonly select: string;
  /** Registers its OpenAPI component schema (once per app). */
  registerSchema(app: FastifyInstance): void;
  registerCollection(app: FastifyInstance, context: ApiContext, route: CollectionRoute): void;
  registerItem(app: FastifyInstance, context: ApiContext, route: ItemRoute): void;
  /** One row by id, whoever may see it (writes check the policy themselves); 404 when it does not exist. */
  load(db: Db, id: number, options?: { lock?: boolean }): Promise<ResourceRow<T>>;
  /** Rows matching conditions on `alias` (none: every row), in id order. */
  rows(db: Db, where: (params: SqlParams) => string[]): Promise<ResourceRow<T>[]>;
  /** The REST items of rows. */
  items(rows: ResourceRow<T>[], context: ItemsContext): Promise<Item[]>;
  /** The REST item of one row by id, whoever may see it (a write answering what it wrote); 404 when none. */
  item(id: number, context: ItemsContext): Promise<Item>;
}

const timestampOrDate = (field: FieldSpec) => (field.kind === 'timestamp' ? 'timestamptz' : 'date');

/** The item of a resource that only serialises its fields. */
export type DefaultItem = ReturnType<typeof hydraItem>;

export function defineResource<T extends FieldTable, Item extends object = DefaultItem>(
  description: ResourceDescription<T, Item>,
): Resource<T, Item> {
  const { fields, alias, from, type } = description;
  const collection = description.collection ?? {};
  const select = selectList(alias, fields);
  const column = (name: string) => {
    const field = fields[name];
    if (field === undefined) throw new Error(`${type} has no field ${name}`);
    return columnOf(alias, field);
  };

  const spec: CollectionSpec = {
    relations: collection.relations ?? [],
    order: collection.order ?? [],
    dates: collection.dates ?? [],
    search: collection.search !== undefined,
  };
  const filterColumns: FilterColumns = {
    id: `${alias}.id`,
    relations: Object.fromEntries((collection.relations ?? []).map((name) => [name, column(name)])),
    dates: Object.fromEntries(
      (collection.dates ?? []).map((name) => [
        name,
        { column: column(name), type: timestampOrDate(fields[name] as FieldSpec) },
      ]),
    ),
    ...(collection.search === undefined ? {} : { search: collection.search }),
  };
  const orderColumns = Object.fromEntries(
    (collection.order ?? []).map((name) => [name, collection.orderColumns?.[name] ?? column(name)]),
  );
  const querySchema = () => {
    const base = collectionQuerySchema(spec);
    return {
      ...base,
      properties: {
        ...base.properties,
        ...Object.assign({}, ...(collection.filters ?? []).map((filter) => filter.query)),
      },
    };
  };

  const items = async (rows: ResourceRow<T>[], context: ItemsContext): Promise<Item[]> =>
    description.items === undefined
      ? rows.map(
          (row) =>
            hydraItem(type, description.iri?.(row) ?? `${description.path}/${row.id}`, {
              id: row.id,
              ...restFields(fields, row),
            }) as unknown as Item,
        )
      : description.items(rows, context);

  const visibleConditions = async (policy: Policy, params: SqlParams) =>
    description.visible === undefined ? [] : [await description.visible(policy, params)];

  return {
    description,
    select,
    items,

    registerSchema(app) {
      app.addSchema(itemSchema(type, fields, description.computed));
    },

    registerCollection(app, { reads, reference }, route) {
      app.get(
        route.path ?? description.path,
        {
          config: { dataStamp: description.dataStamp ?? true },
          schema: {
            tags: [...description.tags],
            summary: route.summary,
            ...(route.params === undefined ? {} : { params: route.params }),
            querystring: querySchema(),
            response: { 200: ldCollection(type), ...problems(400, 401, ...(route.params ? [404] : [])) },
          },
        },
        async (request, reply) => {
          const { policy } = callerOf(request);
          const db = reads.of(dataStampOf(request));
          const raw = request.query as RawQuery;
          const query = parseCollectionQuery(raw, spec);
          const params = new SqlParams();
          const where = [
            ...(await visibleConditions(policy, params)),
            ...((await route.restrict?.(request, params)) ?? []),
            ...filterConditions(query, filterColumns, params),
          ];
          for (const filter of collection.filters ?? []) {
            where.push(...(await filter.where(raw, params, { policy, reference })));
          }
          const { rows, totalItems } = await fetchPage<ResourceRow<T>>(db, {
            select,
            from,
            where,
            params,
            order: query.order.length > 0 ? query.order : (collection.defaultOrder ?? []),
            orderColumns,
            tieBreaker: collection.tieBreaker ?? `${alias}.id`,
            key: `${alias}.id`,
            pagination: query.pagination,
          });
          return sendCollection(reply, request, {
            type,
            members: await items(rows, { db, policy }),
            totalItems,
            pagination: query.pagination,
          });
        },
      );
    },

    registerItem(app, { reads }, route) {
      const idParam = route.idParam ?? 'id';
      app.get<{ Params: Record<string, string> }>(
        route.path ?? `${description.path}/:id`,
        {
          config: { dataStamp: description.dataStamp ?? true },
          schema: {
            tags: [...description.tags],
            summary: route.summary,
            params: route.params ?? idParams(),
            response: { 200: ldItem(type), ...problems(401, 404) },
          },
        },
        async (request, reply) => {
          const { policy } = callerOf(request);
          const db = reads.of(dataStampOf(request));
          const id = itemId(request.params[idParam] ?? '');
          const params = new SqlParams();
          const where = [
            `${alias}.id = ${params.add(id)}`,
            ...(await visibleConditions(policy, params)),
            ...((await route.restrict?.(request, params)) ?? []),
          ];
          const row = await db.maybeOne<ResourceRow<T>>(
            `select ${select} from ${from} where ${where.map((c) => `(${c})`).join(' and ')}`,
            params.values,
          );
          if (row === null) throw notFound();
          const [item] = await items([row], { db, policy });
          if (item === undefined) throw notFound();
          return sendItem(reply, item as never);
        },
      );
    },

    async load(db, id, options = {}) {
      const row = await db.maybeOne<ResourceRow<T>>(
        `select ${select} from ${from} where ${alias}.id = $1${options.lock ? ` for update of ${alias}` : ''}`,
        [id],
      );
      if (row === null) throw notFound();
      return row;
    },

    async item(id, context) {
      const [item] = await items([await this.load(context.db, id)], context);
      if (item === undefined) throw notFound();
      return item;
    },

    async rows(db, where) {
      const params = new SqlParams();
      const conditions = where(params);
      return db.query<ResourceRow<T>>(
        `select ${select} from ${from}
         ${conditions.length === 0 ? '' : `where ${conditions.map((c) => `(${c})`).join(' and ')}`}
         order by ${alias}.id`,
        params.values,
      );
    },
  };
}

export type { RelationCondition };
