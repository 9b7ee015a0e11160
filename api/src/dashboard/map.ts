import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { badRequest, hydraItem, itemResponse, problemSchema, type RawQuery } from '../hydra/index.ts';
import { FAMILY, OUTLET_TONNES, type Role, SCOPE_PARAMS, scopedYear } from './routes.ts';

/**
 * The dashboard map (SPEC 7 "Map"; issue 6): for a year and the dashboard's scope, the producer and provider
 * sites of the realised operations with the tonnes between them (`aggregate_data`), and the final outlets those
 * tonnes went to (`final_outlet`). Everything is grouped by PostgreSQL: a few hundred rows whatever the volume.
 *
 * An outlet of an operation has a name, a SIRET and an address but no coordinates: it is placed only when an
 * establishment of the portal has the same SIRET and coordinates; otherwise its lat/lon are null (never guessed).
 */

type MapRequest = FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>;

const YEAR = /^[1-9][0-9]{3}$/;

/** The year of the query (required, 4 digits) and the `scoped` CTE of its realised operations in scope. */
async function mapScope(request: MapRequest, role: Role) {
  const { policy } = callerOf(request);
  const query = request.query as RawQuery;
  const raw = Array.isArray(query.year) ? query.year.at(-1) : query.year;
  const value = raw === undefined ? '' : String(raw).trim();
  if (value === '') throw badRequest('Le paramètre « year » est obligatoire (une année sur 4 chiffres).');
  if (!YEAR.test(value))
    throw badRequest('Le paramètre « year » attend une année sur 4 chiffres, par exemple 2025.');
  const year = Number(value);
  return { year, ...(await scopedYear(policy, role, year, query)) };
}

const siteIri = (id: number) => `/api/company_sites/${id}`;

interface SiteRow {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
  city: string | null;
  department: string | null;
  lat: number | null;
  lon: number | null;
  roles: ('PRODUCER' | 'RETRIEVER')[];
  tonnes: string;
  operations: number;
}

interface LinkRow {
  producerSiteId: number;
  retrieverSiteId: number;
  tonnes: string;
  operations: number;
}

interface OutletRow {
  name: string;
  siret: string | null;
  address: string | null;
  tonnes: string;
  transitTonnes: string;
  operations: number;
  lat: number | null;
  lon: number | null;
  treatments: { treatmentCode: string; family: string; tonnes: string; operations: number }[];
}

/** The query string of the map routes: the year and the dashboard's scope. */
const querystring = {
  type: 'object',
  properties: {
    year: { type: 'string', description: 'the year, 4 digits (required)' },
    ...Object.fromEntries(SCOPE_PARAMS.map((name) => [name, { type: 'string' }])),
  },
} as const;

export function registerDashboardMapRoutes(app: FastifyInstance, { db }: ApiContext): void {
  const tags = ['dashboard'];

  for (const role of ['producer', 'retriever'] as const) {
    app.get(
      `/api/dashboard/map/${role}/aggregate_data`,
      {
        schema: {
          tags,
          summary:
            'The sites of the map for a year: producer and provider sites of the realised operations in scope ' +
            '(coordinates, roles, tonnes, operations) and the tonnes from each producer site to each provider site',
          querystring,
          response: { 200: itemResponse('DashboardMapData'), 400: problemSchema },
        },
      },
      async (request: MapRequest, reply) => {
        const { year, params, scoped } = await mapScope(request, role);
        // Operations grouped by (producer site, provider site) first: the sites and links are read from those
        // few pairs, never from the operations again.
        const row = await db.one<{ sites: SiteRow[] | null; links: LinkRow[] | null }>(
          `with ${scoped},
           pairs as (
             select o.company_site_id as producer_id, o.provider_site_id as provider_id,
               sum(o.received_quantity) as tonnes, count(*)::int as operations
             from scoped o group by 1, 2),
           ends as (
             select producer_id as site_id, 'PRODUCER' as role, tonnes, operations from pairs
             union all
             select provider_id, 'RETRIEVER', tonnes, operations from pairs where provider_id is not null),
           sites as (
             select site_id, array_agg(distinct role order by role) as roles, sum(tonnes) as tonnes,
               sum(operations)::int as operations
             from ends group by site_id)
           select
             (select json_agg(json_build_object(
                 'id', cs.id, 'name', cs.name, 'companyId', c.id, 'companyName', c.name, 'city', cs.city,
                 'department', cs.department, 'lat', cs.lat, 'lon', cs.lon, 'roles', s.roles,
                 'tonnes', s.tonnes::numeric(16,3)::text, 'operations', s.operations)
               order by cs.name, cs.id)
              from sites s join company_sites cs on cs.id = s.site_id join companies c on c.id = cs.company_id)
               as sites,
             (select json_agg(json_build_object(
                 'producerSiteId', p.producer_id, 'retrieverSiteId', p.provider_id,
                 'tonnes', p.tonnes::numeric(16,3)::text, 'operations', p.operations)
               order by p.producer_id, p.provider_id)
              from pairs p where p.provider_id is not null) as links`,
          params.values,
        );
        return reply.send(
          hydraItem('DashboardMapData', request.url, {
            year,
            role,
            sites: (row.sites ?? []).map((site) =>
              hydraItem('CompanySite', siteIri(site.id), {
                id: site.id,
                name: site.name,
                company: `/api/companies/${site.companyId}`,
                companyName: site.companyName,
                city: site.city,
                department: site.department,
                lat: site.lat,
                lon: site.lon,
                roles: site.roles,
                tonnes: site.tonnes,
                operations: site.operations,
              }),
            ),
            links: (row.links ?? []).map((link) => ({
              producerSite: siteIri(link.producerSiteId),
              retrieverSite: siteIri(link.retrieverSiteId),
              tonnes: link.tonnes,
              operations: link.operations,
            })),
          }),
        );
      },
    );

    app.get(
      `/api/dashboard/map/${role}/final_outlet`,
      {
        schema: {
          tags,
          summary:
            'The final outlets of the realised operations of a year in scope, by SIRET (by name and address ' +
            'without one): tonnes by treatment code (transit apart), operations, and coordinates when an ' +
            'establishment has that SIRET',
          querystring,
          response: { 200: itemResponse('DashboardMapFinalOutlets'), 400: problemSchema },
        },
      },
      async (request: MapRequest, reply) => {
        const { year, params, scoped } = await mapScope(request, role);
        const [outlets, without] = await Promise.all([
          db.query<OutletRow>(
            `with ${scoped}, all_tonnes as (${OUTLET_TONNES}),
             keyed as (
               select a.*, case when nullif(btrim(a.siret), '') is not null then 'S' || btrim(a.siret)
                 else 'N' || lower(btrim(a.name)) || chr(31) || lower(btrim(coalesce(a.address, ''))) end as key
               from all_tonnes a where a.name is not null),
             codes as (
               select t.key, t.treatment_code, ${FAMILY} as family, sum(t.tonnes) as tonnes,
                 count(distinct t.operation_id)::int as operations
               from keyed t group by t.key, t.treatment_code),
             -- An outlet's name and address: the most frequent spelling (ties: the first in byte order).
             outlets as (
               select t.key, mode() within group (order by btrim(t.name) collate "C") as name,
                 nullif(btrim(min(t.siret)), '') as siret,
                 mode() within group (order by btrim(t.address) collate "C") as address,
                 sum(t.tonnes) as tonnes, count(distinct t.operation_id)::int as operations
               from keyed t group by t.key)
             select o.name, o.siret, o.address, o.tonnes::numeric(16,3)::text as tonnes, o.operations,
               coalesce((select sum(c.tonnes) from codes c where c.key = o.key and c.family = 'TRANSIT'), 0)
                 ::numeric(16,3)::text as "transitTonnes",
               (select json_agg(json_build_object('treatmentCode', c.treatment_code, 'family', c.family,
                   'tonnes', c.tonnes::numeric(16,3)::text, 'operations', c.operations)
                 order by c.tonnes desc, c.treatment_code)
                from codes c where c.key = o.key) as treatments,
               located.lat, located.lon
             from outlets o
             left join lateral (
               select cs.lat, cs.lon from company_sites cs
               where o.siret is not null and cs.siret = o.siret and cs.lat is not null and cs.lon is not null
               order by cs.id limit 1) located on true
             order by o.tonnes desc, o.name`,
            params.values,
          ),
          // Operations whose provider has not said where their waste went: counted, never placed.
          db.one<{ operations: number; tonnes: string }>(
            `with ${scoped}
             select count(*)::int as operations,
               coalesce(sum(o.received_quantity), 0)::numeric(16,3)::text as tonnes
             from scoped o
             where not exists (select 1 from operation_final_outlet_links l where l.operation_id = o.id)`,
            params.values,
          ),
        ]);
        return reply.send(
          hydraItem('DashboardMapFinalOutlets', request.url, {
            year,
            role,
            outlets: outlets.map((outlet) => ({
              name: outlet.name,
              siret: outlet.siret,
              address: outlet.address,
              tonnes: outlet.tonnes,
              transitTonnes: outlet.transitTonnes,
              operations: outlet.operations,
              lat: outlet.lat,
              lon: outlet.lon,
              treatments: outlet.treatments,
            })),
            withoutOutlet: without,
          }),
        );
      },
    );
  }
}
