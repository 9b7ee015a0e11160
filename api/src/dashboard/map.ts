import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, dataStampOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import { badRequest, hydraItem, type JsonSchema, problems, type RawQuery } from '../hydra/index.ts';
import { iriSchema, ldObjectSchema, listSchema, objectSchema } from '../resource/schemas.ts';
import {
  countSchema,
  figureResponse,
  linesSchema,
  periodProperties,
  tonnesSchema,
  treatmentSchema,
} from './schemas.ts';
import { ROLES, type Role, scopeQuerySchema } from './scope.ts';
import { FAMILY, periodSums } from './sums.ts';

/**
 * The dashboard map (SPEC 7 "Map"): for a year and the dashboard's scope, the producer and provider
 * sites of the realised operations with the tonnes between them (`aggregate_data`), and the final outlets those
 * tonnes went to (`final_outlet`). Both read the year's monthly sums (sums.ts `periodSums`, migration 009), grouped
 * by PostgreSQL: a few hundred rows whatever the volume.
 *
 * An outlet is placed where an establishment of the portal with its SIRET is, else where its entry of a provider's
 * outlet directory is (its town's position, or one set by hand); otherwise its lat/lon are null (never guessed).
 */

type MapRequest = FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>;

const YEAR = /^[1-9][0-9]{3}$/;

/** The year of the query (required, 4 digits) and its monthly sums in scope. */
async function mapScope(request: MapRequest, role: Role) {
  const { policy } = callerOf(request);
  const query = request.query as RawQuery;
  const raw = Array.isArray(query.year) ? query.year.at(-1) : query.year;
  const value = raw === undefined ? '' : String(raw).trim();
  if (value === '') throw badRequest('Le paramètre « year » est obligatoire (une année sur 4 chiffres).');
  if (!YEAR.test(value))
    throw badRequest('Le paramètre « year » attend une année sur 4 chiffres, par exemple 2025.');
  const year = Number(value);
  return { year, ...(await periodSums(policy, role, query, year)) };
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
const querystring = scopeQuerySchema(
  { year: { type: 'string', pattern: '^[1-9][0-9]{3}$', description: 'the year' } },
  ['year'],
);

const position = (description: string): JsonSchema => ({ type: 'number', nullable: true, description });

/** A site of the map: a producer or provider site of the operations, with what went through it. */
const mapSiteSchema = ldObjectSchema('CompanySite', {
  id: { type: 'integer' },
  name: { type: 'string' },
  company: iriSchema('Its company: IRI of companies'),
  companyName: { type: 'string' },
  city: { type: 'string', nullable: true },
  department: { type: 'string', nullable: true },
  lat: position('Latitude; null when unknown'),
  lon: position('Longitude; null when unknown'),
  roles: listSchema({ type: 'string', enum: ['PRODUCER', 'RETRIEVER'] }, 'Its sides in these operations'),
  tonnes: tonnesSchema('Received tonnes'),
  operations: countSchema('Operations'),
});

const mapDataSchema = {
  ...periodProperties(false),
  sites: listSchema(mapSiteSchema, 'By name'),
  links: linesSchema(
    {
      producerSite: iriSchema('The producer site: IRI of company_sites'),
      retrieverSite: iriSchema('The provider site: IRI of company_sites'),
      tonnes: tonnesSchema('Received tonnes'),
      operations: countSchema('Operations'),
    },
    'Each pair of sites with operations',
  ),
};

const finalOutletsSchema = {
  ...periodProperties(false),
  outlets: linesSchema(
    {
      name: { type: 'string' },
      siret: { type: 'string', nullable: true },
      address: { type: 'string', nullable: true, description: 'Its most frequent spelling' },
      tonnes: tonnesSchema('Final tonnes, transit included'),
      transitTonnes: tonnesSchema('Tonnes under a transit code'),
      operations: countSchema('Operations'),
      lat: position('Of an establishment with its SIRET, else of its outlet directory entry; null otherwise'),
      lon: position('Of an establishment with its SIRET, else of its outlet directory entry; null otherwise'),
      treatments: listSchema(treatmentSchema),
    },
    'One per SIRET (per name and address without one), heaviest first',
  ),
  withoutOutlet: objectSchema(
    {
      operations: countSchema('Operations without outlets yet'),
      tonnes: tonnesSchema('Their received tonnes'),
    },
    'The operations whose provider has not said where their waste went',
  ),
};

export function registerDashboardMapRoutes(app: FastifyInstance, { reads }: ApiContext): void {
  const tags = ['dashboard'];

  for (const role of ROLES) {
    app.get(
      `/api/dashboard/map/${role}/aggregate_data`,
      {
        schema: {
          tags,
          summary:
            'The sites of the map for a year: producer and provider sites of the realised operations in scope ' +
            '(coordinates, roles, tonnes, operations) and the tonnes from each producer site to each provider site',
          querystring,
          response: {
            200: figureResponse(
              'DashboardMapData',
              'The sites of the map and the tonnes between them',
              mapDataSchema,
            ),
            ...problems(400, 401),
          },
        },
      },
      async (request: MapRequest, reply) => {
        const { year, params, months } = await mapScope(request, role);
        const db = reads.of(dataStampOf(request));
        // The sums grouped by (producer site, provider site) first: the sites and links are read from those few
        // pairs.
        const row = await db.one<{ sites: SiteRow[] | null; links: LinkRow[] | null }>(
          `with ${months},
           pairs as (
             select o.company_site_id as producer_id, o.provider_site_id as provider_id,
               sum(o.received_quantity) as tonnes, sum(o.operations)::int as operations
             from months o group by 1, 2),
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
          response: {
            200: figureResponse(
              'DashboardMapFinalOutlets',
              'The final outlets of the year',
              finalOutletsSchema,
            ),
            ...problems(400, 401),
          },
        },
      },
      async (request: MapRequest, reply) => {
        const { year, params, months, outletSites, outletNames } = await mapScope(request, role);
        const db = reads.of(dataStampOf(request));
        const [outlets, without] = await Promise.all([
          db.query<OutletRow>(
            // Each sum table read once, grouped at once to a few hundred rows (by outlet and code, the outlet's own
            // rows having a null code; by outlet and spelling) that the rest of the query works on.
            `with ${outletSites}, ${outletNames},
             sums as (
               select o.outlet_key as key, o.treatment_code, sum(o.tonnes) as tonnes,
                 sum(o.operations)::int as operations
               from outlet_sites o group by 1, 2),
             spellings as (
               select n.outlet_key as key, n.name, n.address, sum(n.lines) as lines
               from outlet_names n group by 1, 2, 3),
             outlets as (select s.key, s.tonnes, s.operations from sums s where s.treatment_code is null),
             codes as (
               select t.key, t.treatment_code, ${FAMILY} as family, t.tonnes, t.operations
               from sums t where t.treatment_code is not null),
             -- Each outlet's codes as one list, in one pass (not a subquery per outlet).
             treatments as (
               select c.key, coalesce(sum(c.tonnes) filter (where c.family = 'TRANSIT'), 0) as transit,
                 json_agg(json_build_object('treatmentCode', c.treatment_code, 'family', c.family,
                   'tonnes', c.tonnes::numeric(16,3)::text, 'operations', c.operations)
                 order by c.tonnes desc, c.treatment_code) as treatments
               from codes c group by c.key),
             -- An outlet's name and address: the spelling of the most lines (ties: the first in byte order).
             names as (
               select distinct on (n.key) n.key, n.name from spellings n group by n.key, n.name
               order by n.key, sum(n.lines) desc, n.name collate "C"),
             addresses as (
               select distinct on (n.key) n.key, n.address from spellings n where n.address is not null
               group by n.key, n.address order by n.key, sum(n.lines) desc, n.address collate "C"),
             -- Where each outlet is: the establishment with its SIRET (the first by id), else its entry in a
             -- provider's outlet directory (placed on its town or by hand; the first by id), found for all the
             -- outlets at once by hashing (not a scan of both tables per outlet).
             places as (
               select distinct on (p.key) p.key, p.lat, p.lon from (
                 select o.key, cs.lat, cs.lon, 0 as source, cs.id from outlets o
                   join company_sites cs on cs.siret = substr(o.key, 2)
                   where o.key like 'S%' and cs.lat is not null and cs.lon is not null
                 union all
                 select o.key, f.lat, f.lon, 1, f.id from outlets o join final_outlets f on f.siret = substr(o.key, 2)
                   where o.key like 'S%' and f.lat is not null and f.lon is not null
                 union all
                 select o.key, f.lat, f.lon, 1, f.id from outlets o join final_outlets f on f.source_key = o.key
                   where f.lat is not null and f.lon is not null) p
               order by p.key, p.source, p.id)
             select n.name, case when o.key like 'S%' then substr(o.key, 2) end as siret, a.address,
               o.tonnes::numeric(16,3)::text as tonnes, o.operations,
               t.transit::numeric(16,3)::text as "transitTonnes", t.treatments, located.lat, located.lon
             from outlets o join names n on n.key = o.key join treatments t on t.key = o.key
               left join addresses a on a.key = o.key
               left join places located on located.key = o.key
             order by o.tonnes desc, n.name`,
            params.values,
          ),
          // Operations whose provider has not said where their waste went: counted, never placed.
          db.one<{ operations: number; tonnes: string }>(
            `with ${months}
             select coalesce(sum(o.without_outlet_operations), 0)::int as operations,
               coalesce(sum(o.without_outlet_tonnes), 0)::numeric(16,3)::text as tonnes
             from months o`,
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
