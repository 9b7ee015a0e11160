import { establishmentProfileSchema, USER_TYPOLOGIES } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { SqlParams } from '../db/index.ts';
import {
  applyMergePatch,
  type CollectionSpec,
  collectionQuerySchema,
  enumFilter,
  type FilterColumns,
  fetchPage,
  filterConditions,
  idParams,
  itemId,
  itemResponse,
  mergePatchDoc,
  notFound,
  parseCollectionQuery,
  problemSchema,
  type RawQuery,
  sendCollection,
  sendItem,
  textOrder,
} from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { departmentOfPostcode } from './department.ts';
import { SITE_FROM, SITE_SELECT, type SiteRow, siteItems } from './serialize.ts';

const spec: CollectionSpec = {
  relations: ['company', 'linkedTo'],
  order: ['name', 'city', 'postcode', 'siret', 'companyName'],
  search: true,
};
const columns: FilterColumns = {
  id: 'cs.id',
  relations: {
    company: 'cs.company_id',
    // Sites linked to one of these, from either end of the link.
    linkedTo: (ids) => `exists (select 1 from site_links l
      where (l.producer_site_id = cs.id and l.retriever_site_id = any(${ids}))
         or (l.retriever_site_id = cs.id and l.producer_site_id = any(${ids})))`,
  },
  // Folded by the database (migration 002): site name, city, postcode and SIRET; company name.
  search: ['cs.search_text', 'c.search_text'],
};
const orderColumns = {
  name: textOrder('cs.name'),
  city: textOrder('cs.city'),
  postcode: 'cs.postcode',
  siret: 'cs.siret',
  companyName: textOrder('c.name'),
};

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
  const { linkedTo } = query.relations;
  if (linkedTo !== undefined) {
    // The links of a site the caller cannot see are none of their business.
    const canSeeSite = await policy.siteVisibility();
    query.relations.linkedTo = linkedTo.filter(canSeeSite);
  }
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

/** One site as the caller sees it; 404 when it does not exist. */
async function siteItem({ db }: ApiContext, policy: Policy, siteId: number) {
  const row = await db.maybeOne<SiteRow>(`select ${SITE_SELECT} from ${SITE_FROM} where cs.id = $1`, [
    siteId,
  ]);
  if (row === null) throw notFound();
  const [item] = await siteItems(db, policy, [row]);
  if (item === undefined) throw notFound();
  return item;
}

type SiteProfile = { [K in keyof typeof establishmentProfileSchema.shape]: unknown };

/**
 * Applies a merge-patch to a site's profile, validated as a whole with the domain's rules. The row is locked
 * from read to write so two concurrent patches do not lose each other's fields. A new postcode brings its
 * department; otherwise the stored department stays.
 */
async function updateSiteProfile({ db }: ApiContext, request: FastifyRequest, siteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await tx.maybeOne<SiteProfile & { department: string | null }>(
      'select name, address, city, postcode, siret, department from company_sites where id = $1 for update',
      [siteId],
    );
    if (stored === null) throw notFound();
    const profile = applyMergePatch(request, establishmentProfileSchema, stored);
    const department =
      profile.postcode === stored.postcode ? stored.department : departmentOfPostcode(profile.postcode);
    await tx.query(
      `update company_sites set name = $2, address = $3, city = $4, postcode = $5, siret = $6, department = $7
       where id = $1`,
      [
        siteId,
        profile.name,
        profile.address || null,
        profile.city,
        profile.postcode,
        profile.siret,
        department,
      ],
    );
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
      return sendItem(reply, await siteItem(context, policy, siteId));
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/company_sites/:id',
    {
      schema: {
        tags,
        summary: 'Updates the establishment profile (site:update and full access to the site)',
        params: idParams(),
        body: mergePatchDoc(establishmentProfileSchema.shape),
        response: {
          200: itemResponse('CompanySite'),
          403: problemSchema,
          404: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const siteId = itemId(request.params.id);
      await policy.assertCanUpdateSite(siteId);
      await updateSiteProfile(context, request, siteId);
      return sendItem(reply, await siteItem(context, policy, siteId));
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
