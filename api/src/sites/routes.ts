import { establishmentProfileSchema } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { SqlParams } from '../db/index.ts';
import {
  applyMergePatch,
  idParams,
  itemId,
  ldItem,
  mergePatchDoc,
  notFound,
  problems,
  sendItem,
} from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { updateRow } from '../resource/sql.ts';
import { departmentOfPostcode } from './department.ts';
import { siteItems, sites } from './resource.ts';

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

/**
 * Applies a merge-patch to a site's profile, validated as a whole with the domain's rules. The row is locked
 * from read to write so two concurrent patches do not lose each other's fields. A new postcode brings its
 * department; otherwise the stored department stays.
 */
async function updateSiteProfile({ db }: ApiContext, request: FastifyRequest, siteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await sites.load(tx, siteId, { lock: true });
    const profile = applyMergePatch(request, establishmentProfileSchema, stored);
    await updateRow(tx, { table: 'company_sites', fields: sites.description.fields }, siteId, {
      ...profile,
      address: profile.address || null,
      department:
        profile.postcode === stored.postcode ? stored.department : departmentOfPostcode(profile.postcode),
    });
  });
}

export function registerSiteRoutes(app: FastifyInstance, context: ApiContext): void {
  sites.registerSchema(app);
  sites.registerCollection(app, context, { summary: 'Visible sites: own ones and those linked to them' });
  sites.registerItem(app, context, { summary: 'One visible site' });

  app.patch<{ Params: { id: string } }>(
    '/api/company_sites/:id',
    {
      schema: {
        tags: ['sites'],
        summary: 'Updates the establishment profile (site:update and full access to the site)',
        params: idParams(),
        body: mergePatchDoc(establishmentProfileSchema.shape),
        response: { 200: ldItem('CompanySite'), ...problems(401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const siteId = itemId(request.params.id);
      await policy.assertCanUpdateSite(siteId);
      await updateSiteProfile(context, request, siteId);
      const [item] = await siteItems(context.db, policy, [await sites.load(context.db, siteId)]);
      if (item === undefined) throw notFound();
      return sendItem(reply, item);
    },
  );

  for (const { path, summary, scope } of userSiteCollections) {
    sites.registerCollection(app, context, {
      path,
      summary: `${summary} (\`{id}\` is the caller or 'me')`,
      params: idParams('id', true),
      async restrict(request, params: SqlParams) {
        const { policy } = callerOf(request);
        policy.assertSelf((request.params as { id: string }).id);
        return [`cs.id = any(${params.add(await scope(policy))}::int[])`];
      },
    });
  }
}
