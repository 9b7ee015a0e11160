import { entityFields, entityIri, entitySchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import {
  applyMergePatch,
  idParams,
  itemId,
  jsonSchemaOf,
  ldItem,
  mergePatchDoc,
  parseBody,
  problems,
  sendItem,
  textOrder,
} from '../hydra/index.ts';
import { defineResource } from '../resource/resource.ts';
import { insertRow, updateRow } from '../resource/sql.ts';

/** Chantiers (company site entities, SPEC 3): visible as the policy's entity scope says (SPEC 6). */
const entities = defineResource({
  type: 'CompanySiteEntity',
  path: '/api/company_site_entities',
  iri: (row) => entityIri(row.companySite, row.id),
  tags: ['entities'],
  fields: entityFields,
  from: 'company_site_entities e',
  alias: 'e',
  visible: (policy, params) => policy.visibleEntityCondition('e.id', 'e.company_site_id', params),
  collection: {
    relations: ['companySite'],
    order: ['name', 'startDate', 'endDate'],
    orderColumns: { name: textOrder('e.name') },
    dates: ['startDate', 'endDate'],
  },
});

const entityPathParams = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[0-9]+$' },
    entityId: { type: 'string', pattern: '^[0-9]+$' },
  },
  required: ['id', 'entityId'],
} as const;

/** A chantier's stored values from its checked fields: no end date, and an empty address, are null. */
export const entityValues = (entity: z.output<typeof entitySchema>) => ({
  name: entity.name,
  startDate: entity.startDate,
  endDate: entity.endDate ?? null,
  address: entity.address || null,
});

const siteOf = (request: { params: unknown }) => itemId((request.params as { id: string }).id);

export function registerEntityRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;
  const tags = ['entities'];
  entities.registerSchema(app);
  entities.registerCollection(app, context, {
    summary: 'Visible entities (chantiers) across sites, for batching',
  });
  entities.registerCollection(app, context, {
    path: '/api/company_sites/:id/company_site_entities',
    summary: 'Visible entities of a visible site',
    params: idParams(),
    async restrict(request, params) {
      const siteId = siteOf(request);
      await callerOf(request).policy.assertSiteVisible(siteId);
      return [`e.company_site_id = ${params.add(siteId)}`];
    },
  });
  entities.registerItem(app, context, {
    path: '/api/company_sites/:id/company_site_entities/:entityId',
    summary: 'One visible entity',
    params: entityPathParams,
    idParam: 'entityId',
    restrict: (request, params) => [`e.company_site_id = ${params.add(siteOf(request))}`],
  });
  entities.registerCollection(app, context, {
    path: '/api/users/:id/company_site_entities_full',
    summary: "Every entity the caller sees on their own sites (`{id}` is the caller or 'me')",
    params: idParams('id', true),
    async restrict(request, params) {
      const { policy } = callerOf(request);
      policy.assertSelf((request.params as { id: string }).id);
      const ownSiteIds = await policy.ownSiteIds({ fullAccessOnly: false });
      return [`e.company_site_id = any(${params.add(ownSiteIds)}::int[])`];
    },
  });

  app.post<{ Params: { id: string } }>(
    '/api/company_sites/:id/company_site_entities',
    {
      schema: {
        tags,
        summary: 'Adds a chantier to a site (entity:create and full access to the site)',
        params: idParams(),
        body: jsonSchemaOf(entitySchema),
        response: { 201: ldItem('CompanySiteEntity'), ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const siteId = itemId(request.params.id);
      const { policy } = callerOf(request);
      await policy.assertCanCreateEntity(siteId);
      const entity = parseBody(entitySchema, request.body);
      const id = await insertRow(
        db,
        { table: 'company_site_entities', fields: entityFields },
        { companySite: siteId, ...entityValues(entity) },
      );
      reply.header('location', entityIri(siteId, id));
      const [item] = await entities.items([await entities.load(db, id)], { db, policy });
      return sendItem(reply, item as never, 201);
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
        response: { 200: ldItem('CompanySiteEntity'), ...problems(401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const siteId = itemId(request.params.id);
      const entityId = itemId(request.params.entityId);
      const { policy } = callerOf(request);
      await policy.assertCanUpdateEntity(siteId, entityId);
      // Read, merge, validate and write under a row lock, so concurrent patches do not lose fields.
      const row = await db.transaction(async (tx) => {
        const stored = await entities.load(tx, entityId, { lock: true });
        const entity = applyMergePatch(request, entitySchema, stored);
        await updateRow(
          tx,
          { table: 'company_site_entities', fields: entityFields },
          entityId,
          entityValues(entity),
        );
        return entities.load(tx, entityId);
      });
      const [item] = await entities.items([row], { db, policy });
      return sendItem(reply, item as never);
    },
  );
}
