import {
  activityCostFields,
  activityCostsSaveSchema,
  COST_FIELDS,
  iri,
  isoDateSchema,
  messages,
  parisDate,
  restFields,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  badRequest,
  hydraItem,
  idParams,
  itemId,
  jsonSchemaOf,
  ldItem,
  ldObject,
  notFound,
  parseBody,
  problems,
  type RawQuery,
  referenceId,
  sendItem,
  unprocessable,
  type Violation,
} from '../hydra/index.ts';
import { operations } from '../operations/resource.ts';
import { defineResource } from '../resource/resource.ts';
import { decimalSchema, iriSchema, ldObjectSchema, listSchema, objectSchema } from '../resource/schemas.ts';
import { type ResourceRow, selectList } from '../resource/sql.ts';

type CostRow = ResourceRow<typeof activityCostFields>;

/**
 * A provider's activity cost grid (SPEC 2 `/activite/mes-couts-d-activite`, SPEC 3 "Costs"): per client
 * establishment and waste, its four prices per tonne, each set valid from a day, so that an operation is proposed
 * the prices of its own day and past operations keep theirs. Its own sites' only.
 */
export const activityCosts = defineResource({
  type: 'ActivityCost',
  path: '/api/activity_costs',
  tags: ['outlets'],
  fields: activityCostFields,
  from: 'activity_costs a',
  alias: 'a',
  visible: (policy, params) => policy.ownActivityCondition('a.company_site_id', params),
  collection: {
    relations: ['companySite', 'clientSite', 'thirdLevelWaste'],
    order: ['validFrom'],
    dates: ['validFrom'],
    defaultOrder: [{ field: 'validFrom', direction: 'desc' }],
  },
});

const SELECT = selectList('a', activityCostFields);

/**
 * The prices valid on `day` for these (client, waste) pairs of a provider site: of each pair, the row of the latest
 * `valid_from` not after that day.
 */
export async function pricesOn(
  db: Db,
  siteId: number,
  day: string,
  pairs?: readonly { clientSite: number; thirdLevelWaste: number }[],
): Promise<CostRow[]> {
  return db.query<CostRow>(
    `select distinct on (a.client_site_id, a.third_level_waste_id) ${SELECT}
     from activity_costs a
     where a.company_site_id = $1 and a.valid_from <= $2::date
       ${
         pairs === undefined
           ? ''
           : `and (a.client_site_id, a.third_level_waste_id) in (
                select * from unnest($3::int[], $4::int[]))`
       }
     order by a.client_site_id, a.third_level_waste_id, a.valid_from desc`,
    pairs === undefined
      ? [siteId, day]
      : [siteId, day, pairs.map((p) => p.clientSite), pairs.map((p) => p.thirdLevelWaste)],
  );
}

/** The day whose prices apply to an operation: the day it was carried out, else scheduled, else wished. */
export const operationDay = (operation: {
  realInterventionDate: string | null;
  interventionDate: string | null;
  requestedDate: string;
}) => operation.realInterventionDate ?? operation.interventionDate ?? operation.requestedDate;

const costItem = (row: CostRow) =>
  hydraItem('ActivityCost', iri('activity_costs', row.id), {
    id: row.id,
    ...restFields(activityCostFields, row),
  });

const price = (description: string) => decimalSchema(description, true);

const gridSchema = ldObjectSchema('ActivityCostGrid', {
  date: { type: 'string', format: 'date' },
  lines: listSchema(
    objectSchema({
      clientSite: iriSchema('The client establishment: IRI of company_sites'),
      thirdLevelWaste: iriSchema('The waste: IRI of third_level_wastes'),
      validFrom: {
        type: 'string',
        format: 'date',
        nullable: true,
        description: 'From when its prices apply',
      },
      treatmentCost: price('Euro excluding tax per tonne'),
      transportCost: price('Euro excluding tax per tonne'),
      recyclingRevenue: price('Euro excluding tax per tonne'),
      purchasePrice: price('Euro excluding tax per tonne'),
    }),
    'Each client establishment and waste the site serves or has priced, by client then waste',
  ),
});

const siteOf = (request: FastifyRequest) => itemId((request.params as { id: string }).id);

export function registerActivityCostRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config } = context;
  const tags = ['outlets'];
  activityCosts.registerSchema(app);
  activityCosts.registerCollection(app, context, {
    path: '/api/company_sites/:id/activity_costs',
    summary:
      'Every dated price of my site; filters `clientSite[]`, `thirdLevelWaste[]`, `validFrom[after|before]`',
    params: idParams(),
    async restrict(request, params) {
      const siteId = siteOf(request);
      await callerOf(request).policy.assertSiteVisible(siteId);
      return [`a.company_site_id = ${params.add(siteId)}`];
    },
  });

  app.get<{ Params: { id: string } }>(
    '/api/company_sites/:id/activity_cost_grid',
    {
      schema: {
        tags,
        summary:
          'The cost grid of my site on a day (`date`, default today): each client establishment and waste of the ' +
          'containers it serves, or already priced, with the prices valid that day',
        params: idParams(),
        querystring: { type: 'object', properties: { date: { type: 'string' } } },
        response: { 200: ldObject('The grid', gridSchema), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const siteId = siteOf(request);
      const { policy } = callerOf(request);
      await policy.assertSiteVisible(siteId);
      if (!(await policy.hasFullAccess(siteId))) throw notFound();
      const raw = (request.query as RawQuery).date;
      const parsed = isoDateSchema.safeParse(raw ?? parisDate(config.now()));
      if (!parsed.success) throw badRequest('Le paramètre « date » attend une date AAAA-MM-JJ.');
      const day = parsed.data;
      const pairs = await db.query<{ clientSite: number; thirdLevelWaste: number }>(
        `select distinct s.company_site_id as "clientSite", s.third_level_waste_id as "thirdLevelWaste"
         from skips s
         where s.provider_site_id = $1 and s.third_level_waste_id is not null
         union
         select a.client_site_id, a.third_level_waste_id from activity_costs a where a.company_site_id = $1`,
        [siteId],
      );
      const prices = new Map(
        (await pricesOn(db, siteId, day)).map((row) => [`${row.clientSite}:${row.thirdLevelWaste}`, row]),
      );
      const names = await db.query<{ site: number; waste: number; siteName: string; wasteLabel: string }>(
        `select p.site, p.waste, cs.name as "siteName", w.label as "wasteLabel"
         from unnest($1::int[], $2::int[]) as p(site, waste)
         join company_sites cs on cs.id = p.site join third_level_wastes w on w.id = p.waste`,
        [pairs.map((p) => p.clientSite), pairs.map((p) => p.thirdLevelWaste)],
      );
      const order = new Map(names.map((n) => [`${n.site}:${n.waste}`, `${n.siteName}\u0000${n.wasteLabel}`]));
      const key = (p: { clientSite: number; thirdLevelWaste: number }) =>
        `${p.clientSite}:${p.thirdLevelWaste}`;
      const lines = [...pairs]
        .sort((a, b) => (order.get(key(a)) ?? '').localeCompare(order.get(key(b)) ?? '', 'fr'))
        .map((pair) => {
          const row = prices.get(key(pair));
          return {
            clientSite: iri('company_sites', pair.clientSite),
            thirdLevelWaste: iri('third_level_wastes', pair.thirdLevelWaste),
            validFrom: row?.validFrom ?? null,
            ...Object.fromEntries(COST_FIELDS.map((field) => [field, row?.[field] ?? null])),
          };
        });
      return sendItem(
        reply,
        hydraItem('ActivityCostGrid', `${iri('company_sites', siteId)}/activity_cost_grid?date=${day}`, {
          date: day,
          lines,
        }),
      );
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/company_sites/:id/activity_costs',
    {
      schema: {
        tags,
        summary:
          'Saves prices of my site (cost:update): `lines` of a client establishment, a waste and its four prices ' +
          '(euro excluding tax per tonne, 2 decimals, blank: not set), all valid from `validFrom` (a price of ' +
          'that day is replaced); operations before that day keep the prices they had',
        params: idParams(),
        body: jsonSchemaOf(activityCostsSaveSchema),
        response: {
          200: ldObject('The grid on validFrom', gridSchema),
          ...problems(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const siteId = siteOf(request);
      const { policy } = callerOf(request);
      await policy.assertCanManageActivity(siteId, 'cost:update');
      const save = parseBody(activityCostsSaveSchema, request.body);
      const violations: Violation[] = [];
      const lines = save.lines.map((line, index) => {
        const clientSite = referenceId(line.clientSite, 'company_sites');
        const thirdLevelWaste = referenceId(line.thirdLevelWaste, 'third_level_wastes');
        if (clientSite === null)
          violations.push({
            propertyPath: `lines.${index}.clientSite`,
            message: messages.clientNotLinked,
            code: 'not_linked',
          });
        if (thirdLevelWaste === null)
          violations.push({
            propertyPath: `lines.${index}.thirdLevelWaste`,
            message: messages.unknownWasteType,
            code: 'unknown',
          });
        return { ...line, clientSite: clientSite ?? 0, thirdLevelWaste: thirdLevelWaste ?? 0 };
      });
      const clients = new Set(
        (
          await db.query<{ id: number }>(
            'select producer_site_id as id from site_links where retriever_site_id = $1',
            [siteId],
          )
        ).map((row) => row.id),
      );
      const wastes = new Set(
        (
          await db.query<{ id: number }>('select id from third_level_wastes where id = any($1::int[])', [
            lines.map((line) => line.thirdLevelWaste),
          ])
        ).map((row) => row.id),
      );
      lines.forEach((line, index) => {
        if (line.clientSite !== 0 && !clients.has(line.clientSite))
          violations.push({
            propertyPath: `lines.${index}.clientSite`,
            message: messages.clientNotLinked,
            code: 'not_linked',
          });
        if (line.thirdLevelWaste !== 0 && !wastes.has(line.thirdLevelWaste))
          violations.push({
            propertyPath: `lines.${index}.thirdLevelWaste`,
            message: messages.unknownWasteType,
            code: 'unknown',
          });
      });
      if (violations.length > 0) throw unprocessable(violations);
      const column = (field: (typeof COST_FIELDS)[number]) => lines.map((line) => line[field] ?? null);
      await db.query(
        `insert into activity_costs (company_site_id, client_site_id, third_level_waste_id, valid_from,
           treatment_cost, transport_cost, recycling_revenue, purchase_price, updated_at)
         select $1, u.client, u.waste, $2::date, u.treatment, u.transport, u.recycling, u.purchase, $3
         from unnest($4::int[], $5::int[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[])
           as u(client, waste, treatment, transport, recycling, purchase)
         on conflict (company_site_id, client_site_id, third_level_waste_id, valid_from) do update set
           treatment_cost = excluded.treatment_cost, transport_cost = excluded.transport_cost,
           recycling_revenue = excluded.recycling_revenue, purchase_price = excluded.purchase_price,
           updated_at = excluded.updated_at`,
        [
          siteId,
          save.validFrom,
          config.now(),
          lines.map((line) => line.clientSite),
          lines.map((line) => line.thirdLevelWaste),
          column('treatmentCost'),
          column('transportCost'),
          column('recyclingRevenue'),
          column('purchasePrice'),
        ],
      );
      const saved = await pricesOn(db, siteId, save.validFrom, lines);
      return sendItem(
        reply,
        hydraItem(
          'ActivityCostGrid',
          `${iri('company_sites', siteId)}/activity_cost_grid?date=${save.validFrom}`,
          {
            date: save.validFrom,
            lines: saved.map((row) => ({
              clientSite: iri('company_sites', row.clientSite),
              thirdLevelWaste: iri('third_level_wastes', row.thirdLevelWaste),
              validFrom: row.validFrom,
              ...Object.fromEntries(COST_FIELDS.map((field) => [field, row[field]])),
            })),
          },
        ),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/operations/:id/proposed_costs',
    {
      schema: {
        tags: ['outlets', 'operations'],
        summary:
          "The prices proposed for an operation's costs (its provider only): its provider's grid for its " +
          'establishment and waste, as valid on the day it was carried out (else scheduled, else wished); 404 ' +
          'when none is set',
        params: idParams(),
        response: { 200: ldItem('ActivityCost'), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const operation = await operations.load(db, itemId(request.params.id));
      const sides = await policy.assertOperationVisible(operation);
      if (!sides.provider || operation.provider === null || operation.thirdLevelWaste === null)
        throw notFound();
      const [row] = await pricesOn(db, operation.provider, operationDay(operation), [
        { clientSite: operation.companySite, thirdLevelWaste: operation.thirdLevelWaste },
      ]);
      if (row === undefined) throw notFound();
      return sendItem(reply, costItem(row));
    },
  );
}
