import { USER_TYPOLOGIES } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { SqlParams } from '../db/index.ts';
import {
  type CollectionSpec,
  collectionQuerySchema,
  enumFilter,
  fetchPage,
  filterConditions,
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
import type { Policy } from '../policy/index.ts';
import { SITE_FROM, SITE_SELECT, type SiteRow, siteItems } from './serialize.ts';

const spec: CollectionSpec = { relations: ['company'], order: ['name', 'city'] };
const columns = { id: 'cs.id', relations: { company: 'cs.company_id' } };
const orderColumns = { name: 'cs.name', city: 'cs.city' };

/** The sites of `scope` (ids the policy computed), with the filters of a site collection. */
async function listSites(
  { db }: ApiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: (policy: Policy) => Promise<number[]>,
) {
  const { policy } = callerOf(request);
  const raw = request.query as RawQuery;
  const query = parseCollectionQuery(raw, spec);
  const typology = enumFilter(raw, 'typology', USER_TYPOLOGIES);
  const params = new SqlParams();
  const where = [
    `cs.id = any(${params.add(await scope(policy))}::int[])`,
    ...filterConditions(query, columns, params),
  ];
  if (typology !== undefined) {
    where.push(`exists (select 1 from company_site_site_typologies x
      join site_typologies st on st.id = x.site_typology_id
      where x.company_site_id = cs.id and st.code = ${params.add(typology)})`);
  }
  const { rows, totalItems } = await fetchPage<SiteRow>(db, {
    select: SITE_SELECT,
    from: SITE_FROM,
    where,
    params,
    order: query.order,
    orderColumns,
    tieBreaker: 'cs.id',
    pagination: query.pagination,
  });
  return sendCollection(reply, request, {
    type: 'CompanySite',
    members: await siteItems(db, policy, rows),
    totalItems,
    pagination: query.pagination,
  });
}

const tags = ['sites'];
const siteQuery = {
  ...collectionQuerySchema(spec),
  properties: {
    ...collectionQuerySchema(spec).properties,
    typology: { type: 'string', enum: [...USER_TYPOLOGIES] },
  },
};
const collectionResponse = { 200: itemResponse('hydra:Collection of CompanySite'), 404: problemSchema };

/** `users/{id}/...` collections of sites: `{id}` must be the caller. */
const userSiteCollections: { path: string; summary: string; scope: (policy: Policy) => Promise<number[]> }[] =
  [
    {
      path: '/api/users/:id/company_sites',
      summary: 'Own sites with full access',
      scope: (policy) => policy.ownSiteIds({ fullAccessOnly: true }),
    },
    {
      path: '/api/users/:id/company_sites_full',
      summary: 'Every own site (full or entity-limited access)',
      scope: (policy) => policy.ownSiteIds({ fullAccessOnly: false }),
    },
    {
      path: '/api/users/:id/company_sites_linked_producer_full',
      summary: 'Producer sites linked to my own sites (my clients)',
      scope: (policy) => policy.linkedSiteIds('producer'),
    },
    {
      path: '/api/users/:id/company_sites_linked_retriever_full',
      summary: 'Retriever sites linked to my own sites (my providers)',
      scope: (policy) => policy.linkedSiteIds('retriever'),
    },
  ];

export function registerSiteRoutes(app: FastifyInstance, context: ApiContext): void {
  app.get(
    '/api/company_sites',
    {
      schema: {
        tags,
        summary: 'Visible sites: own ones and those linked to them',
        querystring: siteQuery,
        response: collectionResponse,
      },
    },
    (request, reply) => listSites(context, request, reply, (policy) => policy.visibleSiteIds()),
  );

  app.get<{ Params: { id: string } }>(
    '/api/company_sites/:id',
    {
      schema: {
        tags,
        summary: 'One visible site',
        params: idParams(),
        response: { 200: itemResponse('CompanySite'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const siteId = itemId(request.params.id);
      await policy.assertSiteVisible(siteId);
      const row = await context.db.maybeOne<SiteRow>(
        `select ${SITE_SELECT} from ${SITE_FROM} where cs.id = $1`,
        [siteId],
      );
      if (row === null) throw notFound();
      const [item] = await siteItems(context.db, policy, [row]);
      if (item === undefined) throw notFound();
      return sendItem(reply, item);
    },
  );

  for (const { path, summary, scope } of userSiteCollections) {
    app.get<{ Params: { id: string } }>(
      path,
      {
        schema: {
          tags,
          summary: `${summary} (\`{id}\` is the caller or 'me')`,
          params: idParams('id', true),
          querystring: siteQuery,
          response: collectionResponse,
        },
      },
      (request, reply) => {
        callerOf(request).policy.assertSelf(request.params.id);
        return listSites(context, request, reply, scope);
      },
    );
  }
}
