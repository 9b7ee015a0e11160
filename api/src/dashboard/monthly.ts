import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db, SqlParams } from '../db/index.ts';
import { hydraItem, itemResponse, problemSchema, type RawQuery } from '../hydra/index.ts';
import {
  COST_SUMS,
  type CostRow,
  FAMILY,
  FLOW_JOIN,
  monthParam,
  OUTLET_TONNES,
  type Role,
  SCOPE_PARAMS,
  scopedYear,
  summaryFigures,
  yearParam,
} from './routes.ts';

/**
 * The monthly dashboard (SPEC 7 "Monthly dashboard"; issue 6, `/details`): the figures of one month of the real
 * intervention dates, in the same scope as the yearly dashboard (routes.ts), each aggregated by PostgreSQL.
 * Paths: `dashboardV2/{role}_{figure}/{userId}/month/{year}/{month}`.
 */

type MonthRequest = FastifyRequest<{ Params: { userId: string; year: string; month: string } }>;

/** The month before `year`-`month`. */
function previousMonth(year: number, month: number): { year: number; month: number } {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** Counts and totals of a month, cheap enough for a header: operations, tonnes, containers, sites, incidents. */
async function lightFigures(db: Db, scoped: string, params: SqlParams) {
  return db.one<{
    operations: number;
    tonnes: string;
    containers: number;
    establishments: number;
    providers: number;
    incidents: number;
    treatmentCost: string;
    transportCost: string;
  }>(
    `with ${scoped}
     select count(*)::int as operations, coalesce(sum(o.received_quantity), 0)::numeric(16,3)::text as tonnes,
       count(distinct o.skip_id)::int as containers, count(distinct o.company_site_id)::int as establishments,
       count(distinct o.provider_site_id)::int as providers,
       (select count(*) from incidents i where i.operation_id in (select id from scoped))::int as incidents,
       coalesce(sum(round(o.received_quantity * c.treatment_cost, 2)), 0)::numeric(16,2)::text as "treatmentCost",
       coalesce(sum(round(o.received_quantity * c.transport_cost, 2)), 0)::numeric(16,2)::text as "transportCost"
     from scoped o left join operation_costs c on c.operation_id = o.id`,
    params.values,
  );
}

const FIGURES = {
  /** The summary of the yearly dashboard, for the month. */
  detailed_summary: async (db: Db, scoped: string, params: SqlParams) => summaryFigures(db, scoped, params),
  /** The light summary, with the previous month's beside it (filled by the route). */
  detailed_summary_light: async (db: Db, scoped: string, params: SqlParams) =>
    lightFigures(db, scoped, params),
  /**
   * By waste (third level, with the official code the operations carried): tonnes, costs, and the final codes
   * its tonnes went to, so that every figure of the month leads to its treatment codes.
   */
  detailed_summary_by_waste: async (db: Db, scoped: string, params: SqlParams) => {
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
        `with ${scoped}
         select o.third_level_waste_id as "thirdLevelWasteId", w.label, coalesce(o.waste_code, w.waste_code)
             as "wasteCode", s.code as flow, s.label as "flowLabel", count(*)::int as operations,
           sum(o.received_quantity)::numeric(16,3)::text as tonnes, ${COST_SUMS}
         from scoped o left join operation_costs c on c.operation_id = o.id ${FLOW_JOIN}
         group by 1, 2, 3, 4, 5 order by sum(o.received_quantity) desc, 1`,
        params.values,
      ),
      db.query<{
        thirdLevelWasteId: number | null;
        wasteCode: string | null;
        family: string;
        treatmentCode: string;
        tonnes: string;
        operations: number;
      }>(
        `with ${scoped}, t as (${OUTLET_TONNES})
         select t.third_level_waste_id as "thirdLevelWasteId", coalesce(o.waste_code, w.waste_code) as "wasteCode",
           ${FAMILY} as family, t.treatment_code as "treatmentCode",
           sum(t.tonnes)::numeric(16,3)::text as tonnes, count(distinct t.operation_id)::int as operations
         from t join scoped o on o.id = t.operation_id
           left join third_level_wastes w on w.id = t.third_level_waste_id
         group by 1, 2, 3, 4 order by 1, sum(t.tonnes) desc`,
        params.values,
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
  detailed_waste_chart: async (db: Db, scoped: string, params: SqlParams) => ({
    lines: await db.query<{ day: number; flow: string | null; label: string | null; tonnes: string }>(
      `with ${scoped}
       select extract(day from o.real_intervention_date)::int as day, s.code as flow, s.label,
         sum(o.received_quantity)::numeric(16,3)::text as tonnes
       from scoped o ${FLOW_JOIN} group by 1, 2, 3 order by 1, 2`,
      params.values,
    ),
  }),
  /** Costs by day of the month. */
  detailed_cost_chart: async (db: Db, scoped: string, params: SqlParams) => ({
    days: await db.query<CostRow & { day: number }>(
      `with ${scoped}
       select extract(day from o.real_intervention_date)::int as day, ${COST_SUMS}
       from scoped o left join operation_costs c on c.operation_id = o.id group by 1 order by 1`,
      params.values,
    ),
  }),
} as const;

export function registerMonthlyDashboardRoutes(app: FastifyInstance, { db }: ApiContext): void {
  for (const role of ['producer', 'retriever'] as const satisfies Role[]) {
    for (const [figure, compute] of Object.entries(FIGURES)) {
      app.get<{ Params: { userId: string; year: string; month: string } }>(
        `/api/dashboardV2/${role}_${figure}/:userId/month/:year/:month`,
        {
          schema: {
            tags: ['dashboard'],
            summary: `The ${figure.replaceAll('_', ' ')} of a month (real intervention dates), aggregated in SQL`,
            params: {
              type: 'object',
              properties: {
                userId: { type: 'string' },
                year: { type: 'string', pattern: '^[0-9]{4}$' },
                month: { type: 'string', pattern: '^(0?[1-9]|1[0-2])$' },
              },
              required: ['userId', 'year', 'month'],
            },
            querystring: {
              type: 'object',
              properties: Object.fromEntries(SCOPE_PARAMS.map((name) => [name, { type: 'string' }])),
            },
            response: { 200: itemResponse(figure), 400: problemSchema, 404: problemSchema },
          },
        },
        async (request: MonthRequest, reply) => {
          const { policy } = callerOf(request);
          policy.assertSelf(request.params.userId);
          const year = yearParam(request.params.year);
          const month = monthParam(request.params.month);
          const query = request.query as RawQuery;
          const { params, scoped } = await scopedYear(policy, role, year, query, month);
          // The light summary carries the month before, so the screen can say how the month compares: both months
          // are asked for at once.
          const before = previousMonth(year, month);
          const [figures, previous] = await Promise.all([
            compute(db, scoped, params),
            figure === 'detailed_summary_light'
              ? scopedYear(policy, role, before.year, query, before.month).then((earlier) =>
                  lightFigures(db, earlier.scoped, earlier.params),
                )
              : null,
          ]);
          return reply.send(
            hydraItem(figure, request.url, {
              year,
              month,
              role,
              ...figures,
              ...(previous === null ? {} : { previous: { ...before, ...previous } }),
            }),
          );
        },
      );
    }
  }
}
