import { iri, messages, operationCostsSchema, ownSiteTypology } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { ROLES, SCOPE_PARAMS, scopeCondition } from '../dashboard/scope.ts';
import { COSTS_JOIN } from '../dashboard/sums.ts';
import { type Db, SqlParams } from '../db/index.ts';
import {
  BODY_NOT_AN_OBJECT,
  badRequest,
  type CollectionSpec,
  collectionQuerySchema,
  conflict,
  enumFilter,
  fetchPage,
  filterConditions,
  hydraItem,
  idParams,
  isPlainObject,
  itemId,
  itemResponse,
  jsonSchemaOf,
  mergePatchBody,
  notFound,
  parseBody,
  parseCollectionQuery,
  problemSchema,
  type RawQuery,
  referenceId,
  sendCollection,
  sendItem,
  unprocessable,
} from '../hydra/index.ts';
import { operations } from './resource.ts';

/**
 * Costs of an operation (SPEC 3 "Costs": treatment, transport, recycling revenue, buy-back price, euro excluding
 * tax per tonne). The provider sets them (cost:update); both sides of the operation see them. The monthly
 * cost adds them up over the realised operations of a month, per establishment and per waste, in SQL.
 */

interface CostRow {
  id: number;
  operationId: number;
  companySite: number;
  companySiteEntity: number | null;
  provider: number | null;
  treatmentCost: string | null;
  transportCost: string | null;
  recyclingRevenue: string | null;
  purchasePrice: string | null;
  updatedAt: Date | string;
}

const COST_SELECT = `c.id, c.operation_id as "operationId", o.company_site_id as "companySite",
  o.company_site_entity_id as "companySiteEntity", o.provider_site_id as "provider",
  c.treatment_cost::text as "treatmentCost", c.transport_cost::text as "transportCost",
  c.recycling_revenue::text as "recyclingRevenue", c.purchase_price::text as "purchasePrice",
  c.updated_at as "updatedAt"`;
const COST_FROM = 'operation_costs c join operations o on o.id = c.operation_id';

function costItem(row: CostRow) {
  return hydraItem('OperationCost', iri('operation_costs', row.id), {
    id: row.id,
    operation: iri('operations', row.operationId),
    treatmentCost: row.treatmentCost,
    transportCost: row.transportCost,
    recyclingRevenue: row.recyclingRevenue,
    purchasePrice: row.purchasePrice,
    updatedAt: new Date(row.updatedAt).toISOString(),
  });
}

async function loadCost(db: Db, costId: number): Promise<CostRow> {
  const row = await db.maybeOne<CostRow>(`select ${COST_SELECT} from ${COST_FROM} where c.id = $1`, [costId]);
  if (row === null) throw notFound();
  return row;
}

const spec: CollectionSpec = { relations: ['operation'] };

const monthlyQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});

export function registerCostRoutes(app: FastifyInstance, { db, config }: ApiContext): void {
  const tags = ['operations'];

  app.get(
    '/api/operation_costs',
    {
      schema: {
        tags,
        summary: 'Costs of the visible operations; filter `operation[]`',
        querystring: collectionQuerySchema(spec),
        response: { 200: itemResponse('hydra:Collection of OperationCost') },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const query = parseCollectionQuery(request.query as RawQuery, spec);
      const params = new SqlParams();
      const where = [
        await policy.visibleSkipCondition(
          { site: 'o.company_site_id', entity: 'o.company_site_entity_id', provider: 'o.provider_site_id' },
          params,
        ),
        ...filterConditions(query, { id: 'c.id', relations: { operation: 'c.operation_id' } }, params),
      ];
      const { rows, totalItems } = await fetchPage<CostRow>(db, {
        select: COST_SELECT,
        from: COST_FROM,
        where,
        params,
        order: [],
        orderColumns: {},
        tieBreaker: 'c.id',
        pagination: query.pagination,
      });
      return sendCollection(reply, request, {
        type: 'OperationCost',
        members: rows.map(costItem),
        totalItems,
        pagination: query.pagination,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operation_costs/:id',
    {
      schema: {
        tags,
        summary: 'The costs of one visible operation',
        params: idParams(),
        response: { 200: itemResponse('OperationCost'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const row = await loadCost(db, itemId(request.params.id));
      await callerOf(request).policy.assertSkipVisible(row);
      return sendItem(reply, costItem(row));
    },
  );

  app.post(
    '/api/operation_costs',
    {
      schema: {
        tags,
        summary:
          'The provider (cost:update) sets the costs of an operation, euro excluding tax per tonne (2 decimals, ' +
          'zero or more); one set per operation (409 when it exists: PATCH it)',
        body: jsonSchemaOf(z.object({ operation: z.string(), ...operationCostsSchema.shape })),
        response: {
          201: itemResponse('OperationCost'),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
        },
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
      const costs = parseBody(operationCostsSchema, body);
      const inserted = await db.maybeOne<{ id: number }>(
        `insert into operation_costs (operation_id, treatment_cost, transport_cost, recycling_revenue,
           purchase_price, updated_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (operation_id) do nothing returning id`,
        [
          operationId,
          costs.treatmentCost ?? null,
          costs.transportCost ?? null,
          costs.recyclingRevenue ?? null,
          costs.purchasePrice ?? null,
          config.now(),
        ],
      );
      if (inserted === null) throw conflict(messages.concurrentModification);
      reply.header('location', iri('operation_costs', inserted.id));
      return sendItem(reply, costItem(await loadCost(db, inserted.id)), 201);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/operation_costs/:id',
    {
      schema: {
        tags,
        summary: 'The provider (cost:update) changes costs (merge-patch: absent untouched, null cleared)',
        params: idParams(),
        body: jsonSchemaOf(operationCostsSchema),
        response: {
          200: itemResponse('OperationCost'),
          403: problemSchema,
          404: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const costId = itemId(request.params.id);
      const current = await loadCost(db, costId);
      await callerOf(request).policy.assertCanActOn(current, 'provider', 'cost:update');
      const body = mergePatchBody(request);
      const costs = parseBody(operationCostsSchema, body);
      const pick = (field: keyof typeof costs, column: string) =>
        Object.hasOwn(body, field) ? { column, value: costs[field] ?? null } : null;
      const changes = [
        pick('treatmentCost', 'treatment_cost'),
        pick('transportCost', 'transport_cost'),
        pick('recyclingRevenue', 'recycling_revenue'),
        pick('purchasePrice', 'purchase_price'),
      ].filter((change) => change !== null);
      if (changes.length === 0) {
        throw unprocessable([{ propertyPath: '', message: messages.noChange, code: 'no_change' }]);
      }
      await db.query(
        `update operation_costs set ${changes.map((change, index) => `${change.column} = $${index + 2}`).join(', ')},
           updated_at = $${changes.length + 2}
         where id = $1`,
        [costId, ...changes.map((change) => change.value), config.now()],
      );
      return sendItem(reply, costItem(await loadCost(db, costId)));
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
        querystring: {
          type: 'object',
          properties: {
            year: { type: 'string' },
            month: { type: 'string' },
            role: { type: 'string' },
            'companySite[]': { type: 'array', items: { type: 'string' } },
            ...Object.fromEntries(SCOPE_PARAMS.map((name) => [name, { type: 'string' }])),
          },
          required: ['year', 'month'],
        },
        response: { 200: itemResponse('MonthlyCost'), 400: problemSchema },
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
      const rows = await db.query<{
        siteId: number;
        thirdLevelWasteId: number | null;
        operations: number;
        tonnes: string;
        treatment: string;
        transport: string;
        recyclingRevenue: string;
        purchase: string;
      }>(
        `select ${side} as "siteId", o.third_level_waste_id as "thirdLevelWasteId",
           count(*)::int as operations, sum(o.received_quantity)::numeric(14,3)::text as tonnes,
           coalesce(sum(round(o.received_quantity * c.treatment_cost, 2)), 0)::numeric(14,2)::text as treatment,
           coalesce(sum(round(o.received_quantity * c.transport_cost, 2)), 0)::numeric(14,2)::text as transport,
           coalesce(sum(round(o.received_quantity * c.recycling_revenue, 2)), 0)::numeric(14,2)::text
             as "recyclingRevenue",
           coalesce(sum(round(o.received_quantity * c.purchase_price, 2)), 0)::numeric(14,2)::text as purchase
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
          lines: rows.map((row) => ({
            companySite: iri('company_sites', row.siteId),
            thirdLevelWaste:
              row.thirdLevelWasteId === null ? null : iri('third_level_wastes', row.thirdLevelWasteId),
            operations: row.operations,
            tonnes: row.tonnes,
            treatmentCost: row.treatment,
            transportCost: row.transport,
            recyclingRevenue: row.recyclingRevenue,
            purchasePrice: row.purchase,
          })),
        }),
      );
    },
  );
}
