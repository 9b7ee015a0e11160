import { entitySchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { SqlParams } from '../db/index.ts';
import {
  applyMergePatch,
  type CollectionSpec,
  collectionQuerySchema,
  fetchPage,
  filterConditions,
  idParams,
  itemId,
  itemResponse,
  jsonSchemaOf,
  mergePatchDoc,
  notFound,
  parseBody,
  parseCollectionQuery,
  problemSchema,
  type RawQuery,
  sendCollection,
  sendItem,
  textOrder,
} from '../hydra/index.ts';
import { ENTITY_SELECT, type EntityRow, entityIri, entityItem } from './serialize.ts';

const spec: CollectionSpec = {
  relations: ['companySite'],
  order: ['name', 'startDate', 'endDate'],
  dates: ['startDate', 'endDate'],
};
const columns = {
  id: 'e.id',
  relations: { companySite: 'e.company_site_id' },
  dates: {
    startDate: { column: 'e.start_date', type: 'date' },
    endDate: { column: 'e.end_date', type: 'date' },
  },
} as const;
const orderColumns = { name: textOrder('e.name'), startDate: 'e.start_date', endDate: 'e.end_date' };

/** Visible entities, narrowed by `restrict` (conditions the route adds), with the collection's filters. */
async function listEntities(
  context: ApiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  restrict: (params: SqlParams) => string[],
) {
  const { policy } = callerOf(request);
  const query = parseCollectionQuery(request.query as RawQuery, spec);
  const params = new SqlParams();
  const where = [
    await policy.visibleEntityCondition('e.id', 'e.company_site_id', params),
    ...restrict(params),
    ...filterConditions(query, columns, params),
  ];
  const { rows, totalItems } = await fetchPage<EntityRow>(context.db, {
    select: ENTITY_SELECT,
    from: 'company_site_entities e',
    where,
    params,
    order: query.order,
    orderColumns,
    tieBreaker: 'e.id',
    pagination: query.pagination,
  });
  return sendCollection(reply, request, {
    type: 'CompanySiteEntity',
    members: rows.map(entityItem),
    totalItems,
    pagination: query.pagination,
  });
}

type EntityFields = { [K in keyof typeof entitySchema.shape]: unknown };

const tags = ['entities'];
const entityPathParams = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[0-9]+$' },
    entityId: { type: 'string', pattern: '^[0-9]+$' },
  },
  required: ['id', 'entityId'],
} as const;

export function registerEntityRoutes(app: FastifyInstance, context: ApiContext): void {
  app.get(
    '/api/company_site_entities',
    {
      schema: {
        tags,
        summary: 'Visible entities (chantiers) across sites, for batching',
        querystring: collectionQuerySchema(spec),
        response: { 200: itemResponse('hydra:Collection of CompanySiteEntity') },
      },
    },
    (request, reply) => listEntities(context, request, reply, () => []),
  );

  app.get<{ Params: { id: string } }>(
    '/api/company_sites/:id/company_site_entities',
    {
      schema: {
        tags,
        summary: 'Visible entities of a visible site',
        params: idParams(),
        querystring: collectionQuerySchema(spec),
        response: { 200: itemResponse('hydra:Collection of CompanySiteEntity'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const siteId = itemId(request.params.id);
      await callerOf(request).policy.assertSiteVisible(siteId);
      return listEntities(context, request, reply, (params) => [`e.company_site_id = ${params.add(siteId)}`]);
    },
  );

  app.get<{ Params: { id: string; entityId: string } }>(
    '/api/company_sites/:id/company_site_entities/:entityId',
    {
      schema: {
        tags,
        summary: 'One visible entity',
        params: entityPathParams,
        response: { 200: itemResponse('CompanySiteEntity'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const siteId = itemId(request.params.id);
      const entityId = itemId(request.params.entityId);
      const { policy } = callerOf(request);
      const params = new SqlParams();
      const visible = await policy.visibleEntityCondition('e.id', 'e.company_site_id', params);
      const row = await context.db.maybeOne<EntityRow>(
        `select ${ENTITY_SELECT} from company_site_entities e
         where e.id = ${params.add(entityId)} and e.company_site_id = ${params.add(siteId)} and ${visible}`,
        params.values,
      );
      if (row === null) throw notFound();
      return sendItem(reply, entityItem(row));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/company_sites/:id/company_site_entities',
    {
      schema: {
        tags,
        summary: 'Adds a chantier to a site (entity:create and full access to the site)',
        params: idParams(),
        body: jsonSchemaOf(entitySchema),
        response: {
          201: itemResponse('CompanySiteEntity'),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const siteId = itemId(request.params.id);
      await callerOf(request).policy.assertCanCreateEntity(siteId);
      const entity = parseBody(entitySchema, request.body);
      const row = await context.db.one<EntityRow>(
        `insert into company_site_entities as e (company_site_id, name, start_date, end_date, address)
         values ($1, $2, $3, $4, $5) returning ${ENTITY_SELECT}`,
        [siteId, entity.name, entity.startDate, entity.endDate ?? null, entity.address || null],
      );
      reply.header('location', entityIri(siteId, row.id));
      return sendItem(reply, entityItem(row), 201);
    },
  );

  app.patch<{ Params: { id: string; entityId: string } }>(
    '/api/company_sites/:id/company_site_entities/:entityId',
    {
      schema: {
        tags,
        summary: 'Updates a chantier (entity:update; own chantiers only)',
        params: entityPathParams,
        body: mergePatchDoc(entitySchema.shape),
        response: {
          200: itemResponse('CompanySiteEntity'),
          403: problemSchema,
          404: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const siteId = itemId(request.params.id);
      const entityId = itemId(request.params.entityId);
      await callerOf(request).policy.assertCanUpdateEntity(siteId, entityId);
      // Read, merge, validate and write under a row lock, so concurrent patches do not lose fields.
      const row = await context.db.transaction(async (tx) => {
        const stored = await tx.maybeOne<EntityFields>(
          `select name, start_date::text as "startDate", end_date::text as "endDate", address
           from company_site_entities where id = $1 for update`,
          [entityId],
        );
        if (stored === null) throw notFound();
        const entity = applyMergePatch(request, entitySchema, stored);
        return tx.one<EntityRow>(
          `update company_site_entities as e set name = $2, start_date = $3, end_date = $4, address = $5
           where e.id = $1 returning ${ENTITY_SELECT}`,
          [entityId, entity.name, entity.startDate, entity.endDate ?? null, entity.address || null],
        );
      });
      return sendItem(reply, entityItem(row));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/:id/company_site_entities_full',
    {
      schema: {
        tags,
        summary: "Every entity the caller sees on their own sites (`{id}` is the caller or 'me')",
        params: idParams('id', true),
        querystring: collectionQuerySchema(spec),
        response: { 200: itemResponse('hydra:Collection of CompanySiteEntity'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      policy.assertSelf(request.params.id);
      const ownSiteIds = await policy.ownSiteIds({ fullAccessOnly: false });
      return listEntities(context, request, reply, (params) => [
        `e.company_site_id = any(${params.add(ownSiteIds)}::int[])`,
      ]);
    },
  );
}
