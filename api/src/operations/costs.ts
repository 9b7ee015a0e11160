import { iri, messages, operationCostFields, operationCostsSchema, ownSiteTypology } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { costProperties, countSchema, linesSchema, tonnesSchema } from '../dashboard/schemas.ts';
import { ROLES, scopeCondition, scopeQuerySchema } from '../dashboard/scope.ts';
import { COST_SUMS, COSTS_JOIN, type CostRow } from '../dashboard/sums.ts';
import { SqlParams } from '../db/index.ts';
import {
  BODY_NOT_AN_OBJECT,
  badRequest,
  conflict,
  enumFilter,
  filterConditions,
  hydraItem,
  idParams,
  isPlainObject,
  itemId,
  jsonSchemaOf,
  ldItem,
  ldObject,
  mergePatchDoc,
  notFound,
  parseBody,
  parseCollectionQuery,
  parseMergePatch,
  problems,
  type RawQuery,
  referenceId,
  sendItem,
  unprocessable,
} from '../hydra/index.ts';
import { defineResource } from '../resource/resource.ts';
import { iriSchema, ldObjectSchema } from '../resource/schemas.ts';
import { visibleAsContainer } from '../resource/sides.ts';
import { updateRow } from '../resource/sql.ts';
import { operations } from './resource.ts';

/**
 * Costs of an operation (SPEC 3 "Costs": treatment, transport, recycling revenue, buy-back price, euro excluding
 * tax per tonne). The provider sets them (cost:update); both sides of the operation see them. The monthly
 * cost adds them up over the realised operations of a month, per establishment and per waste, in SQL.
 */

/** Seen by whoever sees their operation. */
const costs = defineResource({
  type: 'OperationCost',
  path: '/api/operation_costs',
  tags: ['operations'],
  fields: operationCostFields,
  from: 'operation_costs c join operations o on o.id = c.operation_id',
  alias: 'c',
  visible: visibleAsContainer('o'),
  collection: { relations: ['operation'] },
});

const target = { table: 'operation_costs', fields: operationCostFields };

const monthlyQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});

/** The monthly cost: per establishment of the side and per precise waste, what the month's operations cost. */
const monthlyCostSchema = ldObjectSchema('MonthlyCost', {
  year: { type: 'integer' },
  month: { type: 'integer', minimum: 1, maximum: 12 },
  role: { type: 'string', enum: [...ROLES] },
  lines: linesSchema({
    companySite: iriSchema('The establishment of the side: IRI of company_sites'),
    thirdLevelWaste: iriSchema('The precise waste: IRI of third_level_wastes', true),
    operations: countSchema('Realised operations'),
    tonnes: tonnesSchema('Received tonnes'),
    ...costProperties,
  }),
});

export function registerCostRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  const tags = ['operations'];
  costs.registerSchema(app);
  costs.registerCollection(app, context, {
    summary: 'Costs of the visible operations; filter `operation[]`',
  });
  costs.registerItem(app, context, { summary: 'The costs of one visible operation' });

  app.post(
    '/api/operation_costs',
    {
      schema: {
        tags,
        summary:
          'The provider (cost:update) sets the costs of an operation, euro excluding tax per tonne (2 decimals, ' +
          'zero or more); one set per operation (409 when it exists: PATCH it)',
        body: jsonSchemaOf(z.object({ operation: z.string(), ...operationCostsSchema.shape })),
        response: { 201: ldItem('OperationCost'), ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const body = request.body;
      if (!isPlainObject(body)) throw badRequest(BODY_NOT_AN_OBJECT);
      if (body.operation === null || body.operation === undefined || body.operation === '') {
        throw unprocessable([{ propertyPath: 'operation', message: messages.required, code: 'required' }]);
      }
      const operationId = referenceId(body.operation, 'operations');
      if (operationId === null) throw notFound();
      const operation = await operations.load(db, operationId);
      await policy.assertCanActOn(operation, 'provider', 'cost:update');
      const values = parseBody(operationCostsSchema, body);
      // One set per operation, whoever comes first: the unique index decides, not a read before the write.
      const inserted = await db.maybeOne<{ id: number }>(
        `insert into operation_costs (operation_id, treatment_cost, transport_cost, recycling_revenue,
           purchase_price, updated_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (operation_id) do nothing returning id`,
        [
          operationId,
          values.treatmentCost ?? null,
          values.transportCost ?? null,
          values.recyclingRevenue ?? null,
          values.purchasePrice ?? null,
          config.now(),
        ],
      );
      if (inserted === null) throw conflict(messages.concurrentModification);
      reply.header('location', iri('operation_costs', inserted.id));
      const [item] = await costs.items([await costs.load(db, inserted.id)], { db, policy });
      return sendItem(reply, item as never, 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/operation_costs/:id',
    {
      schema: {
        tags,
        summary: 'The provider (cost:update) changes costs (merge-patch: absent untouched, null cleared)',
        params: idParams(),
        body: mergePatchDoc(operationCostsSchema.shape),
        response: { 200: ldItem('OperationCost'), ...problems(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const costId = itemId(request.params.id);
      const current = await costs.load(db, costId);
      await policy.assertCanActOn(await operations.load(db, current.operation), 'provider', 'cost:update');
      const patch = parseMergePatch(request, operationCostsSchema.shape);
      const changes = Object.fromEntries(
        Object.entries(patch).map(([field, value]) => [field, value ?? null]),
      );
      if (Object.keys(changes).length === 0) {
        throw unprocessable([{ propertyPath: '', message: messages.noChange, code: 'no_change' }]);
      }
      await updateRow(db, target, costId, changes, { updated_at: config.now() });
      const [item] = await costs.items([await costs.load(db, costId)], { db, policy });
      return sendItem(reply, item as never);
    },
  );

  app.get(
    '/api/operation_cost/get_monthly_cost',
    {
      schema: {
        tags,
        summary:
          'Costs of the realised operations of a month (by real intervention date), per establishment of my ' +
          'side and per waste: tonnes and euros excluding tax of each cost; query `year`, `month`, optional ' +
          "`role` (producer: my sites' operations, per my site; retriever: those my sites provide, per my " +
          'site; default: my own site typology), the dashboard scope (`producerCompanySiteId`, ...) and ' +
          "`companySite[]` (my side's sites)",
        querystring: scopeQuerySchema(
          {
            year: { type: 'string' },
            month: { type: 'string' },
            role: { type: 'string', enum: [...ROLES] },
            'companySite[]': { type: 'array', items: { type: 'string' }, description: 'ids or IRIs' },
          },
          ['year', 'month'],
        ),
        response: {
          200: ldObject('The costs of the month, per establishment and per waste', monthlyCostSchema),
          ...problems(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const raw = request.query as RawQuery;
      const parsed = monthlyQuerySchema.safeParse({ year: raw.year, month: raw.month });
      if (!parsed.success)
        throw badRequest('Les paramètres « year » et « month » attendent une année et un mois.');
      const { year, month } = parsed.data;
      // A side, as the dashboard's: a user who is both producer and provider never sees both mixed up.
      const role = enumFilter(raw, 'role', ROLES) ?? ownSiteTypology((await policy.access()).typologies);
      const side = role === 'producer' ? 'o.company_site_id' : 'o.provider_site_id';
      const query = parseCollectionQuery(raw, { relations: ['companySite'] });
      const params = new SqlParams();
      const from = `${year}-${String(month).padStart(2, '0')}-01`;
      const where = [
        // Realised operations of my side's own sites, among those I see, narrowed by the dashboard scope.
        await scopeCondition(policy, role, raw, params),
        `o.real_intervention_date >= ${params.add(from)}::date`,
        `o.real_intervention_date < (${params.add(from)}::date + interval '1 month')`,
        ...filterConditions(query, { id: 'o.id', relations: { companySite: side } }, params),
      ];
      // Exact numeric arithmetic in PostgreSQL: tonnes × euros per tonne, rounded to the cent once per line.
      const rows = await db.query<
        CostRow & { siteId: number; thirdLevelWasteId: number | null; operations: number; tonnes: string }
      >(
        `select ${side} as "siteId", o.third_level_waste_id as "thirdLevelWasteId",
           count(*)::int as operations, sum(o.received_quantity)::numeric(14,3)::text as tonnes, ${COST_SUMS}
         from operations o ${COSTS_JOIN}
         where ${where.map((condition) => `(${condition})`).join(' and ')}
         group by ${side}, o.third_level_waste_id
         order by ${side}, o.third_level_waste_id nulls last`,
        params.values,
      );
      return sendItem(
        reply,
        hydraItem('MonthlyCost', `/api/operation_cost/get_monthly_cost?year=${year}&month=${month}`, {
          year,
          month,
          role,
          lines: rows.map(({ siteId, thirdLevelWasteId, ...figures }) => ({
            companySite: iri('company_sites', siteId),
            thirdLevelWaste: thirdLevelWasteId === null ? null : iri('third_level_wastes', thirdLevelWasteId),
            ...figures,
          })),
        }),
      );
    },
  );
}
