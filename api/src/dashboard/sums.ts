import {
  CO2_FACTORS,
  co2Of,
  fromThousandths,
  percentOf,
  TRANSIT_TREATMENT_CODES,
  thousandths,
} from '@portal/domain';
import { type Db, SqlParams } from '../db/index.ts';
import type { RawQuery } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { type Role, scopeCondition } from './scope.ts';

/**
 * What the dashboard's figures are read from, in the scope of `scope.ts`, aggregated by PostgreSQL: the monthly
 * sums of the realised operations (`periodSums`), the operations of a month (`scopedMonth`), and the SQL pieces
 * the figures share (families of final codes, costs, flows).
 */

/** The family of a final code in SQL, as `treatmentFamily` of domain/impacts.ts. */
export const FAMILY = `case
    when t.treatment_code = any(array[${TRANSIT_TREATMENT_CODES.map((code) => `'${code}'`).join(', ')}]) then 'TRANSIT'
    when t.treatment_code = 'R 1' then 'ENERGY'
    when t.treatment_code like 'R %' then 'MATERIAL'
    else 'DISPOSAL' end`;

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
