import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, dataStampOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { hydraItem, type JsonSchema, type RawQuery } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { listSchema, objectSchema } from '../resource/schemas.ts';
import {
  costProperties,
  countSchema,
  figureRouteSchema,
  flowProperties,
  linesSchema,
  monthSchema,
  summaryProperties,
  tonnesSchema,
  treatmentSchema,
} from './schemas.ts';
import { monthParam, ROLES, type Role, yearParam } from './scope.ts';
import {
  COST_SUMS,
  COSTS_JOIN,
  type CostRow,
  FAMILY,
  FLOW_JOIN,
  periodSums,
  SUMMED_COSTS,
  scopedMonth,
  summaryFigures,
} from './sums.ts';

/**
 * The monthly dashboard (SPEC 7 "Monthly dashboard", `/details`): the figures of one month of the real
 * intervention dates, in the same scope as the yearly dashboard (scope.ts), each aggregated by PostgreSQL: the
 * summaries and the month by waste from the monthly sums (`periodSums`), the charts by day from the operations.
 * Paths: `dashboardV2/{role}_{figure}/{userId}/month/{year}/{month}`.
 */

type MonthRequest = FastifyRequest<{ Params: { userId: string; year: string; month: string } }>;

/** A month of the caller's figures: who asks, on which side, in which scope. */
interface Month {
  policy: Policy;
  role: Role;
  query: RawQuery;
  year: number;
  month: number;
}

/** The month before `year`-`month`. */
function previousMonth(year: number, month: number): { year: number; month: number } {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/**
 * Counts and totals of a month, cheap enough for a header: operations, tonnes, containers, sites and providers
 * from the monthly sums; incidents from the incidents of its operations (few, read from the incidents' side).
 */
async function lightFigures(db: Db, { policy, role, query, year, month }: Month) {
  const [sums, operations] = await Promise.all([
    periodSums(policy, role, query, year, month),
    scopedMonth(policy, role, year, month, query),
  ]);
  const [figures, incidents] = await Promise.all([
    db.one<{
      operations: number;
      tonnes: string;
      containers: number;
      establishments: number;
      providers: number;
      treatmentCost: string;
      transportCost: string;
    }>(
      `with ${sums.months}
       select coalesce(sum(o.operations), 0)::int as operations,
         coalesce(sum(o.received_quantity), 0)::numeric(16,3)::text as tonnes,
         (select count(distinct skip)::int from months m cross join unnest(m.skip_ids) as skip) as containers,
         count(distinct o.company_site_id)::int as establishments,
         count(distinct o.provider_site_id)::int as providers,
         coalesce(sum(o.treatment_cost), 0)::numeric(16,2)::text as "treatmentCost",
         coalesce(sum(o.transport_cost), 0)::numeric(16,2)::text as "transportCost"
       from months o`,
      sums.params.values,
    ),
    db.one<{ incidents: number }>(
      `with ${operations.scoped}
       select count(*)::int as incidents from incidents i join scoped o on o.id = i.operation_id`,
      operations.params.values,
    ),
  ]);
  return { ...figures, ...incidents };
}

const FIGURES = {
  /** The summary of the yearly dashboard, for the month. */
  detailed_summary: async (db: Db, { policy, role, query, year, month }: Month) =>
    summaryFigures(db, await periodSums(policy, role, query, year, month)),
  /** The light summary, with the previous month's beside it: both asked for at once. */
  detailed_summary_light: async (db: Db, current: Month) => {
    const before = previousMonth(current.year, current.month);
    const [figures, previous] = await Promise.all([
      lightFigures(db, current),
      lightFigures(db, { ...current, ...before }),
    ]);
    return { ...figures, previous: { ...before, ...previous } };
  },
  /**
   * By waste (third level, with the official code the operations carried): tonnes, costs, and the final codes
   * its tonnes went to, so that every figure of the month leads to its treatment codes.
   */
  detailed_summary_by_waste: async (db: Db, { policy, role, query, year, month }: Month) => {
    const sums = await periodSums(policy, role, query, year, month);
    const [wastes, treatments] = await Promise.all([
      db.query<
        CostRow & {
          thirdLevelWasteId: number | null;
          label: string | null;
          wasteCode: string | null;
          flow: string | null;
          flowLabel: string | null;
          operations: number;
          tonnes: string;
        }
      >(
        `with ${sums.months}
         select o.third_level_waste_id as "thirdLevelWasteId", w.label, coalesce(o.waste_code, w.waste_code)
             as "wasteCode", s.code as flow, s.label as "flowLabel", sum(o.operations)::int as operations,
           sum(o.received_quantity)::numeric(16,3)::text as tonnes, ${SUMMED_COSTS}
         from months o ${FLOW_JOIN}
         group by 1, 2, 3, 4, 5 order by sum(o.received_quantity) desc, 1`,
        sums.params.values,
      ),
      db.query<{
        thirdLevelWasteId: number | null;
        wasteCode: string | null;
        family: string;
        treatmentCode: string;
        tonnes: string;
        operations: number;
      }>(
        `with ${sums.outlets}
         select t.third_level_waste_id as "thirdLevelWasteId", coalesce(t.waste_code, w.waste_code) as "wasteCode",
           ${FAMILY} as family, t.treatment_code as "treatmentCode",
           sum(t.tonnes)::numeric(16,3)::text as tonnes, sum(t.operations)::int as operations
         from outlets t left join third_level_wastes w on w.id = t.third_level_waste_id
         group by 1, 2, 3, 4 order by 1, sum(t.tonnes) desc`,
        sums.params.values,
      ),
    ]);
    const key = (row: { thirdLevelWasteId: number | null; wasteCode: string | null }) =>
      `${row.thirdLevelWasteId}|${row.wasteCode}`;
    return {
      lines: wastes.map((waste) => ({
        ...waste,
        treatments: treatments
          .filter((treatment) => key(treatment) === key(waste))
          .map(({ family, treatmentCode, tonnes, operations }) => ({
            family,
            treatmentCode,
            tonnes,
            operations,
          })),
      })),
    };
  },
  /** Received tonnes by day of the month and flow. */
  detailed_waste_chart: async (db: Db, { policy, role, query, year, month }: Month) => {
    const { scoped, params } = await scopedMonth(policy, role, year, month, query);
    return {
      lines: await db.query<{ day: number; flow: string | null; label: string | null; tonnes: string }>(
        `with ${scoped}
         select extract(day from o.real_intervention_date)::int as day, s.code as flow, s.label,
           sum(o.received_quantity)::numeric(16,3)::text as tonnes
         from scoped o ${FLOW_JOIN} group by 1, 2, 3 order by 1, 2`,
        params.values,
      ),
    };
  },
  /** Costs by day of the month. */
  detailed_cost_chart: async (db: Db, { policy, role, query, year, month }: Month) => {
    const { scoped, params } = await scopedMonth(policy, role, year, month, query);
    return {
      days: await db.query<CostRow & { day: number }>(
        `with ${scoped}
         select extract(day from o.real_intervention_date)::int as day, ${COST_SUMS}
         from scoped o ${COSTS_JOIN} group by 1 order by 1`,
        params.values,
      ),
    };
  },
} as const;

/** The light figures of a month. */
const lightProperties: Record<string, JsonSchema> = {
  operations: countSchema('Realised operations'),
  tonnes: tonnesSchema('Received tonnes'),
  containers: countSchema('Distinct containers'),
  establishments: countSchema('Distinct establishments'),
  providers: countSchema('Distinct providers'),
  treatmentCost: costProperties.treatmentCost,
  transportCost: costProperties.transportCost,
  incidents: countSchema('Incidents declared on those operations'),
};

const day: JsonSchema = { type: 'integer', minimum: 1, maximum: 31, description: 'The day of the month' };

/** What each figure of the month answers besides its period and side. */
const FIGURE_SCHEMAS: Record<keyof typeof FIGURES, Record<string, JsonSchema>> = {
  detailed_summary: summaryProperties,
  detailed_summary_light: {
    ...lightProperties,
    previous: objectSchema(
      { year: { type: 'integer' }, month: monthSchema, ...lightProperties },
      'The same figures for the month before',
    ),
  },
  detailed_summary_by_waste: {
    lines: linesSchema(
      {
        thirdLevelWasteId: { type: 'integer', nullable: true, description: 'The id of the precise waste' },
        label: { type: 'string', nullable: true, description: 'The label of the precise waste' },
        wasteCode: {
          type: 'string',
          nullable: true,
          description: 'The official code the operations carried',
        },
        flow: flowProperties.flow,
        flowLabel: flowProperties.label,
        operations: countSchema('Realised operations'),
        tonnes: tonnesSchema('Received tonnes'),
        ...costProperties,
        treatments: listSchema(treatmentSchema, 'The final codes its tonnes went to'),
      },
      'By precise waste, heaviest first',
    ),
  },
  detailed_waste_chart: {
    lines: linesSchema({ day, ...flowProperties, tonnes: tonnesSchema('Received tonnes') }),
  },
  detailed_cost_chart: { days: linesSchema({ day, ...costProperties }) },
};

export function registerMonthlyDashboardRoutes(app: FastifyInstance, { reads }: ApiContext): void {
  for (const role of ROLES) {
    for (const [figure, compute] of Object.entries(FIGURES)) {
      app.get<{ Params: { userId: string; year: string; month: string } }>(
        `/api/dashboardV2/${role}_${figure}/:userId/month/:year/:month`,
        {
          schema: figureRouteSchema(
            figure,
            `The ${figure.replaceAll('_', ' ')} of a month (real intervention dates), aggregated in SQL`,
            'month',
            FIGURE_SCHEMAS[figure as keyof typeof FIGURES],
          ),
        },
        async (request: MonthRequest, reply) => {
          const { policy } = callerOf(request);
          policy.assertSelf(request.params.userId);
          const year = yearParam(request.params.year);
          const month = monthParam(request.params.month);
          const db = reads.of(dataStampOf(request));
          const figures = await compute(db, { policy, role, query: request.query as RawQuery, year, month });
          return reply.send(
            hydraItem(figure, request.url, {
              year,
              month,
              role,
              ...figures,
            }),
          );
        },
      );
    }
  }
}
