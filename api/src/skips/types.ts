import { iri } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
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

/** Skip types (a collector's catalogue, migration 003) and the types each provider site offers. */

export const SKIP_TYPE_SELECT = 't.id, t.code, t.label, t.category, t.volume::text as volume, t.unit';

export interface SkipTypeRow {
  id: number;
  code: string;
  label: string;
  category: string;
  volume: string;
  unit: string;
}

const skipTypeItem = (row: SkipTypeRow) => hydraItem('SkipType', iri('skip_types', row.id), { ...row });

interface SkipSiteLinkRow {
  id: number;
  siteId: number;
  skipTypeId: number;
}

const linkItem = (row: SkipSiteLinkRow) =>
  hydraItem('SkipSiteLink', iri('skip_site_links', row.id), {
    id: row.id,
    companySite: iri('company_sites', row.siteId),
    skipType: iri('skip_types', row.skipTypeId),
  });

const typeSpec: CollectionSpec = { order: ['code', 'label', 'category', 'volume'] };
const linkSpec: CollectionSpec = { relations: ['companySite', 'skipType'] };
const LINK_SELECT = 'l.id, l.company_site_id as "siteId", l.skip_type_id as "skipTypeId"';

export function registerSkipTypeRoutes(app: FastifyInstance, { db }: ApiContext): void {
  const tags = ['skips'];

  app.get(
    '/api/skip_types',
    {
      schema: {
        tags,
        summary: 'Skip types: {id, code, label, category, volume (decimal string), unit (L, m3 or unité)}',
        querystring: collectionQuerySchema(typeSpec),
        response: { 200: itemResponse('hydra:Collection of SkipType') },
      },
    },
    async (request, reply) => {
      const query = parseCollectionQuery(request.query as RawQuery, typeSpec);
      const params = new SqlParams();
      const { rows, totalItems } = await fetchPage<SkipTypeRow>(db, {
        select: SKIP_TYPE_SELECT,
        from: 'skip_types t',
        where: filterConditions(query, { id: 't.id' }, params),
        params,
        order: query.order,
        orderColumns: { code: 't.code', label: 't.label', category: 't.category', volume: 't.volume' },
        // The catalogue's order: bins by size, then skips, compactor, bags, pallets, drums.
        tieBreaker: 't.id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'SkipType',
        members: rows.map(skipTypeItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/skip_types/:id',
    {
      schema: {
        tags,
        summary: 'One skip type',
        params: idParams(),
        response: { 200: itemResponse('SkipType'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await db.maybeOne<SkipTypeRow>(
        `select ${SKIP_TYPE_SELECT} from skip_types t where t.id = $1`,
        [itemId(request.params.id)],
      );
      if (row === null) throw notFound();
      return sendItem(reply, skipTypeItem(row));
    },
  );

  app.get(
    '/api/skip_site_links',
    {
      schema: {
        tags,
        summary: 'The skip types a provider site offers, on visible sites: {id, companySite, skipType}',
        querystring: collectionQuerySchema(linkSpec),
        response: { 200: itemResponse('hydra:Collection of SkipSiteLink') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const query = parseCollectionQuery(request.query as RawQuery, linkSpec);
      const params = new SqlParams();
      const where = [
        await policy.visibleSiteCondition('l.company_site_id', params),
        ...filterConditions(
          query,
          { id: 'l.id', relations: { companySite: 'l.company_site_id', skipType: 'l.skip_type_id' } },
          params,
        ),
      ];
      const { rows, totalItems } = await fetchPage<SkipSiteLinkRow>(db, {
        select: LINK_SELECT,
        from: 'skip_site_links l',
        where,
        params,
        order: [],
        orderColumns: {},
        tieBreaker: 'l.company_site_id, l.skip_type_id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'SkipSiteLink',
        members: rows.map(linkItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/skip_site_links/:id',
    {
      schema: {
        tags,
        summary: 'One skip type offered by a visible site',
        params: idParams(),
        response: { 200: itemResponse('SkipSiteLink'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await db.maybeOne<SkipSiteLinkRow>(
        `select ${LINK_SELECT} from skip_site_links l where l.id = $1`,
        [itemId(request.params.id)],
      );
      if (row === null || !(await callerOf(request).policy.canSeeSite(row.siteId))) throw notFound();
      return sendItem(reply, linkItem(row));
    },
  );
}
