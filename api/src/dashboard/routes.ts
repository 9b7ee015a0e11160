import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, dataStampOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { type Db, SqlParams } from '../db/index.ts';
import { hydraItem, type JsonSchema, problems, type RawQuery } from '../hydra/index.ts';
import { listSchema } from '../resource/schemas.ts';
import {
  costProperties,
  countSchema,
  figureResponse,
  figureRouteSchema,
  flowProperties,
  linesSchema,
  monthSchema,
  summaryProperties,
  tonnesSchema,
  treatmentSchema,
} from './schemas.ts';
import { pathParamsSchema, ROLES, type Role, scopeCondition, scopeQuerySchema, yearParam } from './scope.ts';
import {
  type CostRow,
  FAMILY,
  FLOW_JOIN,
  type PeriodSums,
  periodSums,
  SUMMED_COSTS,
  summaryFigures,
} from './sums.ts';

/**
 * The yearly dashboard (SPEC 7 "Year lists", "Yearly dashboard"), aggregated by PostgreSQL: realised
 * operations by their real intervention date, their final outlets' tonnes (a percentage of the received weight
 * or tonnes), their costs, in the dashboard's scope (`scope.ts`). The answers are plain JSON objects that carry
 * their `@id` (the path asked) and `@type` (the figure's name).
 */

type YearRequest = FastifyRequest<{ Params: { userId: string; year: string } }>;

/** The sums of the year of a yearly dashboard path, for the caller (see `periodSums`). */
async function yearSums(request: YearRequest, role: Role) {
  const { policy } = callerOf(request);
  policy.assertSelf(request.params.userId);
  const year = yearParam(request.params.year);
  return { year, ...(await periodSums(policy, role, request.query as RawQuery, year)) };
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

/** What each chart answers besides its year and side. */
const CHART_SCHEMAS: Record<keyof typeof CHARTS, Record<string, JsonSchema>> = {
  treatment_cost_evolution: {
    months: linesSchema({ month: monthSchema, ...costProperties }, 'By month'),
  },
  waste_evolution_chart: {
    lines: linesSchema({ month: monthSchema, ...flowProperties, tonnes: tonnesSchema('Received tonnes') }),
  },
  distribution_treatment_types_chart: {
    lines: listSchema(treatmentSchema, 'By family and final code'),
  },
  waste_distribution_chart: {
    lines: linesSchema({
      ...flowProperties,
      tonnes: tonnesSchema('Received tonnes'),
      operations: countSchema('Operations'),
    }),
  },
  costs_distribution_by_waste_chart: { lines: linesSchema({ ...flowProperties, ...costProperties }) },
};

export function registerDashboardRoutes(app: FastifyInstance, { reads }: ApiContext): void {
  const tags = ['dashboard'];

  for (const role of ROLES) {
    app.get<{ Params: { userId: string } }>(
      `/api/dashboardV2/${role}_year_list/:userId`,
      {
        schema: {
          tags,
          summary: `The years with realised operations of my ${role === 'producer' ? 'sites' : 'clients'}, latest first`,
          params: pathParamsSchema('userId'),
          querystring: scopeQuerySchema(),
          response: {
            200: figureResponse('YearList', 'The years, latest first', {
              years: listSchema({ type: 'integer' }),
            }),
            ...problems(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const { policy } = callerOf(request);
        policy.assertSelf(request.params.userId);
        const params = new SqlParams();
        const where = await scopeCondition(policy, role, request.query as RawQuery, params);
        // From the monthly sums (see `yearSums`): for each year the sums hold, whether the scope has one row of it,
        // the first found (a provider's scope has thousands a year, every one of which a distinct would read).
        const rows = await reads.of(dataStampOf(request)).query<{ year: number }>(
          `select y.year from generate_series(
             (select extract(year from min(month))::int from dashboard_months),
             (select extract(year from max(month))::int from dashboard_months)) as y(year)
           where exists (select 1 from dashboard_months o where ${where}
             and o.month >= make_date(y.year, 1, 1) and o.month < make_date(y.year + 1, 1, 1))
           order by y.year desc`,
          params.values,
        );
        return reply.send(hydraItem('YearList', request.url, { years: rows.map((row) => row.year) }));
      },
    );

    app.get<{ Params: { userId: string; year: string } }>(
      `/api/dashboardV2/${role}_summary/:userId/year/:year`,
      {
        schema: figureRouteSchema(
          'YearlySummary',
          'The figures of a year: operations, tonnes, costs (euros excluding tax), valorisation by final code ' +
            '(transit apart) and CO2 emitted and avoided (t CO2e, never netted), aggregated in SQL',
          'year',
          summaryProperties,
        ),
      },
      async (request, reply) => {
        const sums = await yearSums(request, role);
        const figures = await summaryFigures(reads.of(dataStampOf(request)), sums);
        return reply.send(hydraItem('YearlySummary', request.url, { year: sums.year, role, ...figures }));
      },
    );

    for (const [chart, compute] of Object.entries(CHARTS)) {
      app.get<{ Params: { userId: string; year: string } }>(
        `/api/dashboardV2/${role}_${chart}/:userId/year/:year`,
        {
          schema: figureRouteSchema(
            chart,
            `The ${chart.replaceAll('_', ' ')} of a year, aggregated in SQL`,
            'year',
            CHART_SCHEMAS[chart as keyof typeof CHARTS],
          ),
        },
        async (request, reply) => {
          const sums = await yearSums(request, role);
          return reply.send(
            hydraItem(chart, request.url, {
              year: sums.year,
              role,
              ...(await compute(reads.of(dataStampOf(request)), sums)),
            }),
          );
        },
      );
    }
  }
}
