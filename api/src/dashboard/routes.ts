import {
  CO2_FACTORS,
  co2Of,
  fromThousandths,
  percentOf,
  TRANSIT_TREATMENT_CODES,
  thousandths,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { type Db, SqlParams } from '../db/index.ts';
import { badRequest, hydraItem, itemResponse, problemSchema, type RawQuery } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';

/**
 * The yearly dashboard (SPEC 7 "Year lists", "Yearly dashboard"; issue 6), aggregated by PostgreSQL: realised
 * operations by their real intervention date, their final outlets' tonnes (a percentage of the received weight
 * or tonnes), their costs. The side (`producer`: my sites' operations; `retriever`: those I provide) and the
 * optional site and chantier of the query scope every figure; the api's policy bounds them to what I see.
 */

export type Role = 'producer' | 'retriever';

export const SCOPE_PARAMS = [
  'producerCompanySiteId',
  'producerCompanySiteEntityId',
  'retrieverCompanySiteId',
  'retrieverCompanySiteEntityId',
  'companyId',
  'location',
] as const;

/** A department code ('69', '2A', '971') or a city name (the dashboard's location filter, SPEC 3). */
const LOCATION = /^[\p{L}0-9' -]{1,100}$/u;

function idParam(query: RawQuery, name: string): number | null {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw.at(-1) : raw;
  if (value === undefined || value === '' || value === 'all' || value === 'null') return null;
  const id = Number(String(value).split('/').pop());
  if (!Number.isSafeInteger(id) || id < 1) {
    throw badRequest(`Le paramètre « ${name} » attend un identifiant.`);
  }
  return id;
}

/** The year of a dashboard path (`/year/2025`): four digits, or a 400 (route schemas document, they do not check). */
export function yearParam(value: string): number {
  if (!/^[0-9]{4}$/.test(value)) throw badRequest('L’année attendue est de la forme 2025.');
  return Number(value);
}

/** The month of a dashboard path (`/month/2025/3`): 1 to 12, or a 400. */
export function monthParam(value: string): number {
  if (!/^(0?[1-9]|1[0-2])$/.test(value)) throw badRequest('Le mois attendu est un nombre de 1 à 12.');
  return Number(value);
}

/**
 * The SQL condition on `operations o` of the figures of `role` for the caller, narrowed by the query's site and
 * chantier: operations of my own sites (producer) or that my sites provide (retriever), among those I see.
 */
export async function scopeCondition(
  policy: Policy,
  role: Role,
  query: RawQuery,
  params: SqlParams,
): Promise<string> {
  const own = await policy.ownSiteIds({ fullAccessOnly: false });
  const visible = await policy.visibleSkipCondition(
    { site: 'o.company_site_id', entity: 'o.company_site_entity_id', provider: 'o.provider_site_id' },
    params,
  );
  const side = role === 'producer' ? 'o.company_site_id' : 'o.provider_site_id';
  const conditions = [visible, `${side} = any(${params.add(own)}::int[])`, `o.status = 'REALISED'`];
  const narrow: [string, string][] = [
    ['producerCompanySiteId', 'o.company_site_id'],
    ['producerCompanySiteEntityId', 'o.company_site_entity_id'],
    ['retrieverCompanySiteId', 'o.provider_site_id'],
  ];
  for (const [name, column] of narrow) {
    const id = idParam(query, name);
    if (id !== null) conditions.push(`${column} = ${params.add(id)}`);
  }
  // The company filter: operations whose producer or provider site belongs to that company. Its sites are read
  // once (a hashed subplan), where an `exists` on either site looked them up again for each of the rows (200,000
  // operations of a year, in the benchmark of issue 6: tests/bench/dashboard.ts).
  const companyId = idParam(query, 'companyId');
  if (companyId !== null) {
    const sites = `select cs.id from company_sites cs where cs.company_id = ${params.add(companyId)}`;
    conditions.push(`o.company_site_id in (${sites}) or o.provider_site_id in (${sites})`);
  }
  // The location filter: my side's site is in that department or town.
  const rawLocation = query.location;
  const location = (Array.isArray(rawLocation) ? rawLocation.at(-1) : rawLocation)?.trim();
  if (location) {
    if (!LOCATION.test(location))
      throw badRequest('Le paramètre « location » attend un département ou une ville.');
    const value = params.add(location);
    // Its sites read once, as the company's above.
    conditions.push(`${side} in (select cs.id from company_sites cs
      where upper(cs.department) = upper(${value}) or search_fold(cs.city) = search_fold(${value}))`);
  }
  return conditions.map((condition) => `(${condition})`).join(' and ');
}

/** The family of a final code in SQL, as `treatmentFamily` of domain/impacts.ts. */
export const FAMILY = `case
    when t.treatment_code = any(array[${TRANSIT_TREATMENT_CODES.map((code) => `'${code}'`).join(', ')}]) then 'TRANSIT'
    when t.treatment_code = 'R 1' then 'ENERGY'
    when t.treatment_code like 'R %' then 'MATERIAL'
    else 'DISPOSAL' end`;

type YearRequest = FastifyRequest<{ Params: { userId: string; year: string } }>;

/**
 * The monthly sums of the caller's realised operations of a year (or of one of its months, 1 to 12) in scope, as
 * the CTEs the figures read (their parameters in `params`): `months` (operations, received tonnes, costs,
 * containers and operations without outlets by establishment, chantier, provider, waste and month), `outlets`
 * (the same groups' final tonnes by final code), and for the map `outlet_sites` (each outlet's final tonnes by
 * code and in all) and `outlet_names` (its spellings). They are tables PostgreSQL keeps up to date (migrations 008
 * and 009, which say why): a year of the whole scope is a few thousand rows to add up, where the operations are
 * 200,000 and their outlets 240,000 in the benchmark (tests/bench/dashboard.ts), too many to read in 100 ms. Their
 * group columns are named as in `operations` (status included), so the scope condition is the operations' own.
 */
export async function periodSums(policy: Policy, role: Role, query: RawQuery, year: number, month?: number) {
  const params = new SqlParams();
  const where = await scopeCondition(policy, role, query, params);
  const from = params.add(`${year}-${String(month ?? 1).padStart(2, '0')}-01`);
  const length = month === undefined ? '1 year' : '1 month';
  const sums = (name: string, table: string) =>
    `${name} as (select o.* from ${table} o
      where ${where} and o.month >= ${from}::date and o.month < (${from}::date + interval '${length}'))`;
  return {
    params,
    months: sums('months', 'dashboard_months'),
    outlets: sums('outlets', 'dashboard_month_outlets'),
    outletSites: sums('outlet_sites', 'dashboard_month_outlet_sites'),
    outletNames: sums('outlet_names', 'dashboard_month_outlet_names'),
  };
}

/** The sums of the year of a yearly dashboard path, for the caller (see `periodSums`). */
async function yearSums(request: YearRequest, role: Role) {
  const { policy } = callerOf(request);
  policy.assertSelf(request.params.userId);
  const year = yearParam(request.params.year);
  return { year, ...(await periodSums(policy, role, request.query as RawQuery, year)) };
}

export type PeriodSums = Awaited<ReturnType<typeof periodSums>>;

/**
 * The CTE `scoped`: the realised operations of a month in the query's scope, as `policy` lets the caller see them;
 * for the month's figures by day, which the monthly sums (`periodSums`) cannot give.
 */
export async function scopedMonth(policy: Policy, role: Role, year: number, month: number, query: RawQuery) {
  const params = new SqlParams();
  const where = await scopeCondition(policy, role, query, params);
  const from = params.add(`${year}-${String(month).padStart(2, '0')}-01`);
  const scoped = `scoped as (
    select o.* from operations o
    where ${where} and o.real_intervention_date >= ${from}::date
      and o.real_intervention_date < (${from}::date + interval '1 month'))`;
  return { params, scoped };
}

/** Each cost of the operations `o` (costs `c`), times their received tonnes, rounded per operation. */
export const COST_SUMS = `coalesce(sum(round(o.received_quantity * c.treatment_cost, 2)), 0)::numeric(16,2)::text
    as "treatmentCost",
  coalesce(sum(round(o.received_quantity * c.transport_cost, 2)), 0)::numeric(16,2)::text as "transportCost",
  coalesce(sum(round(o.received_quantity * c.recycling_revenue, 2)), 0)::numeric(16,2)::text
    as "recyclingRevenue",
  coalesce(sum(round(o.received_quantity * c.purchase_price, 2)), 0)::numeric(16,2)::text as "purchasePrice"`;

/**
 * The costs `c` of the operations `o`, looked up by operation id (`offset 0` keeps the planner from turning it
 * into a hash join, which reads the whole costs table: 920,000 rows in the benchmark, tests/bench/dashboard.ts,
 * where the costs of a month of every establishment are 17,000 lookups: the cost chart of a month went from
 * 105-160 ms p50 to 46 ms, and its query from 258 to 36 ms in EXPLAIN ANALYZE).
 */
export const COSTS_JOIN = `left join lateral (
    select c.treatment_cost, c.transport_cost, c.recycling_revenue, c.purchase_price
    from operation_costs c where c.operation_id = o.id offset 0) c on true`;

/** The flow (second level) of the operations `o`, by its code and label. */
export const FLOW_JOIN = `left join third_level_wastes w on w.id = o.third_level_waste_id
  left join second_level_wastes s on s.id = w.second_level_waste_id`;

/** The costs of the monthly sums `o`: each the sum of its operations' costs already rounded per operation. */
export const SUMMED_COSTS = `coalesce(sum(o.treatment_cost), 0)::numeric(16,2)::text as "treatmentCost",
  coalesce(sum(o.transport_cost), 0)::numeric(16,2)::text as "transportCost",
  coalesce(sum(o.recycling_revenue), 0)::numeric(16,2)::text as "recyclingRevenue",
  coalesce(sum(o.purchase_price), 0)::numeric(16,2)::text as "purchasePrice"`;

export interface CostRow {
  treatmentCost: string;
  transportCost: string;
  recyclingRevenue: string;
  purchasePrice: string;
}

/**
 * The charts of the year (SPEC 7): each one query on the year's monthly sums (`yearSums`), grouped by PostgreSQL,
 * a few dozen rows whatever the volume.
 */
const CHARTS = {
  /** Costs by month (1 to 12). */
  treatment_cost_evolution: async (db: Db, sums: PeriodSums) => ({
    months: await db.query<CostRow & { month: number }>(
      `with ${sums.months}
       select extract(month from o.month)::int as month, ${SUMMED_COSTS}
       from months o group by 1 order by 1`,
      sums.params.values,
    ),
  }),
  /** Received tonnes by month and flow. */
  waste_evolution_chart: async (db: Db, sums: PeriodSums) => ({
    lines: await db.query<{ month: number; flow: string | null; label: string | null; tonnes: string }>(
      `with ${sums.months}
       select extract(month from o.month)::int as month, s.code as flow, s.label,
         sum(o.received_quantity)::numeric(16,3)::text as tonnes
       from months o ${FLOW_JOIN} group by 1, 2, 3 order by 1, 2`,
      sums.params.values,
    ),
  }),
  /**
   * Final tonnes by treatment family and final code (the codes behind the valorisation rate), with the operations
   * that have tonnes under each code (an operation is in one group of the sums, so the sum is a distinct count).
   */
  distribution_treatment_types_chart: async (db: Db, sums: PeriodSums) => ({
    lines: await db.query<{ family: string; treatmentCode: string; tonnes: string; operations: number }>(
      `with ${sums.outlets}
       select ${FAMILY} as family, t.treatment_code as "treatmentCode",
         sum(t.tonnes)::numeric(16,3)::text as tonnes, sum(t.operations)::int as operations
       from outlets t group by 1, 2 order by 1, 2`,
      sums.params.values,
    ),
  }),
  /** Received tonnes by flow. */
  waste_distribution_chart: async (db: Db, sums: PeriodSums) => ({
    lines: await db.query<{ flow: string | null; label: string | null; tonnes: string; operations: number }>(
      `with ${sums.months}
       select s.code as flow, s.label, sum(o.received_quantity)::numeric(16,3)::text as tonnes,
         sum(o.operations)::int as operations
       from months o ${FLOW_JOIN} group by 1, 2 order by sum(o.received_quantity) desc`,
      sums.params.values,
    ),
  }),
  /** Costs by flow. */
  costs_distribution_by_waste_chart: async (db: Db, sums: PeriodSums) => ({
    lines: await db.query<CostRow & { flow: string | null; label: string | null }>(
      `with ${sums.months}
       select s.code as flow, s.label, ${SUMMED_COSTS}
       from months o ${FLOW_JOIN} group by 1, 2 order by 1`,
      sums.params.values,
    ),
  }),
} as const;

export function registerDashboardRoutes(app: FastifyInstance, { db }: ApiContext): void {
  const tags = ['dashboard'];

  for (const role of ['producer', 'retriever'] as const) {
    app.get<{ Params: { userId: string } }>(
      `/api/dashboardV2/${role}_year_list/:userId`,
      {
        schema: {
          tags,
          summary: `The years with realised operations of my ${role === 'producer' ? 'sites' : 'clients'}, latest first`,
          params: {
            type: 'object',
            properties: { userId: { type: 'string' } },
            required: ['userId'],
          },
          querystring: {
            type: 'object',
            properties: Object.fromEntries(SCOPE_PARAMS.map((name) => [name, { type: 'string' }])),
          },
          response: { 200: itemResponse('YearList'), 400: problemSchema, 404: problemSchema },
        },
      },
      async (request, reply) => {
        const { policy } = callerOf(request);
        policy.assertSelf(request.params.userId);
        const params = new SqlParams();
        const where = await scopeCondition(policy, role, request.query as RawQuery, params);
        // From the monthly sums (see `yearSums`): a few thousand rows a year, not every operation.
        const rows = await db.query<{ year: number }>(
          `select distinct extract(year from o.month)::int as year
           from dashboard_months o where ${where} order by year desc`,
          params.values,
        );
        return reply.send(hydraItem('YearList', request.url, { years: rows.map((row) => row.year) }));
      },
    );

    app.get<{ Params: { userId: string; year: string } }>(
      `/api/dashboardV2/${role}_summary/:userId/year/:year`,
      {
        schema: {
          tags,
          summary:
            'The figures of a year: operations, tonnes, costs (euros excluding tax), valorisation by final code ' +
            '(transit apart) and CO2 emitted and avoided (t CO2e, never netted), aggregated in SQL',
          params: {
            type: 'object',
            properties: { userId: { type: 'string' }, year: { type: 'string', pattern: '^[0-9]{4}$' } },
            required: ['userId', 'year'],
          },
          querystring: {
            type: 'object',
            properties: Object.fromEntries(SCOPE_PARAMS.map((name) => [name, { type: 'string' }])),
          },
          response: { 200: itemResponse('YearlySummary'), 400: problemSchema, 404: problemSchema },
        },
      },
      async (request, reply) => {
        const sums = await yearSums(request, role);
        const figures = await summaryFigures(db, sums);
        return reply.send(hydraItem('YearlySummary', request.url, { year: sums.year, role, ...figures }));
      },
    );

    for (const [chart, compute] of Object.entries(CHARTS)) {
      app.get<{ Params: { userId: string; year: string } }>(
        `/api/dashboardV2/${role}_${chart}/:userId/year/:year`,
        {
          schema: {
            tags,
            summary: `The ${chart.replaceAll('_', ' ')} of a year, aggregated in SQL`,
            params: {
              type: 'object',
              properties: { userId: { type: 'string' }, year: { type: 'string', pattern: '^[0-9]{4}$' } },
              required: ['userId', 'year'],
            },
            querystring: {
              type: 'object',
              properties: Object.fromEntries(SCOPE_PARAMS.map((name) => [name, { type: 'string' }])),
            },
            response: { 200: itemResponse(chart), 400: problemSchema, 404: problemSchema },
          },
        },
        async (request, reply) => {
          const sums = await yearSums(request, role);
          return reply.send(
            hydraItem(chart, request.url, { year: sums.year, role, ...(await compute(db, sums)) }),
          );
        },
      );
    }
  }
}

/**
 * The summary figures of a period's monthly sums (`periodSums`): operations, tonnes, costs, valorisation by final
 * code (transit apart) and CO2; three queries on a few thousand rows at most.
 */
export async function summaryFigures(db: Db, sums: PeriodSums) {
  const [totals, families, flows] = await Promise.all([
    db.one<CostRow & { operations: number; tonnes: string | null }>(
      `with ${sums.months}
       select coalesce(sum(o.operations), 0)::int as operations,
         sum(o.received_quantity)::numeric(16,3)::text as tonnes, ${SUMMED_COSTS}
       from months o`,
      sums.params.values,
    ),
    db.query<{ family: string; tonnes: string }>(
      `with ${sums.outlets}
       select ${FAMILY} as family, sum(t.tonnes)::numeric(16,3)::text as tonnes from outlets t group by 1`,
      sums.params.values,
    ),
    // Tonnes by flow and final code: the CO2 table's input.
    db.query<{ flow: string | null; treatmentCode: string; tonnes: string }>(
      `with ${sums.outlets}
       select s.code as flow, t.treatment_code as "treatmentCode", sum(t.tonnes)::numeric(16,3)::text as tonnes
       from outlets t left join third_level_wastes w on w.id = t.third_level_waste_id
         left join second_level_wastes s on s.id = w.second_level_waste_id
       group by 1, 2`,
      sums.params.values,
    ),
  ]);
  return summaryOf(totals, families, flows);
}

/** The summary of its three queries' rows: totals, final tonnes by family, and by flow and final code. */
function summaryOf(
  totals: CostRow & { operations: number; tonnes: string | null },
  families: { family: string; tonnes: string }[],
  flows: { flow: string | null; treatmentCode: string; tonnes: string }[],
) {
  const byFamily = Object.fromEntries(families.map((row) => [row.family, thousandths(row.tonnes)]));
  const material = byFamily.MATERIAL ?? 0n;
  const energy = byFamily.ENERGY ?? 0n;
  const disposal = byFamily.DISPOSAL ?? 0n;
  const transit = byFamily.TRANSIT ?? 0n;
  const known = material + energy + disposal;
  const co2 = co2Of(flows);
  return {
    operations: totals.operations,
    tonnes: totals.tonnes ?? '0.000',
    costs: {
      treatmentCost: totals.treatmentCost,
      transportCost: totals.transportCost,
      recyclingRevenue: totals.recyclingRevenue,
      purchasePrice: totals.purchasePrice,
    },
    valorisation: {
      materialTonnes: fromThousandths(material),
      energyTonnes: fromThousandths(energy),
      disposalTonnes: fromThousandths(disposal),
      transitTonnes: fromThousandths(transit),
      valorisationRate: percentOf(material + energy, known),
      materialRate: percentOf(material, known),
      energyRate: percentOf(energy, known),
    },
    co2: { ...co2, factorsVersion: CO2_FACTORS.version, uncertainty: CO2_FACTORS.uncertainty },
  };
}
