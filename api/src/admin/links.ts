import {
  adminSiteLinkDatesSchema,
  adminSiteLinkDatesShape,
  adminSiteLinkFields,
  adminSiteLinkSchema,
  messages,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  applyMergePatch,
  idParams,
  itemId,
  jsonSchemaOf,
  ldItem,
  mergePatchDoc,
  noContent,
  parseBody,
  problems,
  sendItem,
  textOrder,
  unprocessable,
} from '../hydra/index.ts';
import { byFlag } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import { recordAudit } from './audit.ts';
import { adminSites } from './companies.ts';

/**
 * The links between producers' establishments and their providers' (`site_link_periods`): the mirror views read
 * those in force today (the `site_links` view).
 */
export const adminSiteLinks = defineResource({
  type: 'AdminSiteLink',
  path: '/api/admin/site_links',
  tags: ['admin'],
  fields: adminSiteLinkFields,
  from: `site_link_periods l
    join company_sites ps on ps.id = l.producer_site_id join companies ps_c on ps_c.id = ps.company_id
    join company_sites rs on rs.id = l.retriever_site_id join companies rs_c on rs_c.id = rs.company_id`,
  alias: 'l',
  collection: {
    relations: ['producerSite', 'retrieverSite'],
    search: ['ps.search_text', 'ps_c.search_text', 'rs.search_text', 'rs_c.search_text'],
    order: ['producerSiteName', 'retrieverSiteName', 'startDate'],
    orderColumns: {
      producerSiteName: [...textOrder('ps_c.name'), ...textOrder('ps.name')],
      retrieverSiteName: [...textOrder('rs_c.name'), ...textOrder('rs.name')],
    },
    defaultOrder: [{ field: 'producerSiteName', direction: 'asc' }],
    filters: [
      byFlag('inForce', adminSiteLinkFields.inForce.column),
      {
        query: { site: { type: 'integer', description: 'Links of this establishment, on either side' } },
        where(raw, params) {
          const value = raw.site;
          if (typeof value !== 'string' || !/^[0-9]{1,9}$/.test(value)) return [];
          const id = params.add(Number(value));
          return [`(l.producer_site_id = ${id} or l.retriever_site_id = ${id})`];
        },
      },
    ],
  },
});

/** A producer's establishment on one side, a provider's (collector, recycler or carrier) on the other. */
async function assertLinkSides(db: Db, producerSite: number, retrieverSite: number): Promise<void> {
  const sides = await adminSites.rows(db, (params) => [
    `s.id = any(${params.add([producerSite, retrieverSite])}::int[])`,
    's.deactivated_at is null',
  ]);
  const typologiesOf = (id: number): readonly string[] | undefined =>
    sides.find((side) => side.id === id)?.typologies;
  const producer = typologiesOf(producerSite);
  const retriever = typologiesOf(retrieverSite);
  const violations = [];
  if (producer === undefined) {
    violations.push({
      propertyPath: 'producerSite',
      message: messages.adminUnknownReference,
      code: 'unknown',
    });
  } else if (!producer.includes('producer')) {
    violations.push({ propertyPath: 'producerSite', message: messages.adminLinkSameSide, code: 'side' });
  }
  if (retriever === undefined) {
    violations.push({
      propertyPath: 'retrieverSite',
      message: messages.adminUnknownReference,
      code: 'unknown',
    });
  } else if (!retriever.includes('retriever') && !retriever.includes('carrier')) {
    violations.push({ propertyPath: 'retrieverSite', message: messages.adminLinkSameSide, code: 'side' });
  }
  if (producerSite === retrieverSite) {
    violations.push({ propertyPath: 'retrieverSite', message: messages.adminLinkSameSide, code: 'side' });
  }
  if (violations.length > 0) throw unprocessable(violations);
}

export function registerAdminLinkRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  const tags = ['admin'];
  adminSiteLinks.registerCollection(app, context, {
    summary: 'Every link between establishments (administrators)',
  });
  adminSiteLinks.registerItem(app, context, { summary: 'One link (administrators)' });

  const labelOf = (link: { producerSiteName: string; retrieverSiteName: string }) =>
    `${link.retrieverSiteName} → ${link.producerSiteName}`;

  app.post(
    '/api/admin/site_links',
    {
      schema: {
        tags,
        summary: "Links a provider's establishment to a producer's, from a date and possibly until one",
        body: jsonSchemaOf(adminSiteLinkSchema),
        response: { 201: ldItem('AdminSiteLink'), ...problems(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const link = parseBody(adminSiteLinkSchema, request.body);
      await assertLinkSides(db, link.producerSite, link.retrieverSite);
      const id = await db.transaction(async (tx) => {
        const created = await tx.maybeOne<{ id: number }>(
          `insert into site_link_periods (producer_site_id, retriever_site_id, start_date, end_date)
           values ($1, $2, $3, $4) on conflict do nothing returning id`,
          [link.producerSite, link.retrieverSite, link.startDate, link.endDate],
        );
        if (created === null) {
          throw unprocessable([
            { propertyPath: 'retrieverSite', message: messages.adminLinkExists, code: 'exists' },
          ]);
        }
        const row = await adminSiteLinks.load(tx, created.id);
        await recordAudit(
          tx,
          userId,
          {
            action: 'link.create',
            targetType: 'link',
            targetId: created.id,
            targetLabel: labelOf(row),
            after: link,
          },
          config.now(),
        );
        return created.id;
      });
      reply.header('location', `/api/admin/site_links/${id}`);
      return sendItem(reply, (await adminSiteLinks.item(id, { db, policy })) as never, 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/admin/site_links/:id',
    {
      schema: {
        tags,
        summary:
          "Changes a link's dates (ending it: the provider no longer sees the producer's establishment)",
        params: idParams(),
        body: mergePatchDoc(adminSiteLinkDatesShape),
        response: { 200: ldItem('AdminSiteLink'), ...problems(401, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      const id = itemId(request.params.id);
      await db.transaction(async (tx) => {
        const stored = await adminSiteLinks.load(tx, id, { lock: true });
        const dates = applyMergePatch(request, adminSiteLinkDatesSchema, stored);
        await tx.query('update site_link_periods set start_date = $2, end_date = $3 where id = $1', [
          id,
          dates.startDate,
          dates.endDate,
        ]);
        await recordAudit(
          tx,
          userId,
          {
            action: 'link.update',
            targetType: 'link',
            targetId: id,
            targetLabel: labelOf(stored),
            before: { startDate: stored.startDate, endDate: stored.endDate },
            after: { startDate: dates.startDate, endDate: dates.endDate },
          },
          config.now(),
        );
      });
      return sendItem(reply, (await adminSiteLinks.item(id, { db, policy })) as never);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/admin/site_links/:id',
    {
      schema: {
        tags,
        summary: 'Removes a link entered by mistake (to end a real one, give it an end date)',
        params: idParams(),
        response: { 204: noContent('Removed'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const id = itemId(request.params.id);
      await db.transaction(async (tx) => {
        const stored = await adminSiteLinks.load(tx, id, { lock: true });
        await tx.query('delete from site_link_periods where id = $1', [id]);
        const { id: _id, ...before } = stored;
        await recordAudit(
          tx,
          userId,
          { action: 'link.delete', targetType: 'link', targetId: id, targetLabel: labelOf(stored), before },
          config.now(),
        );
      });
      return reply.status(204).send();
    },
  );
}
