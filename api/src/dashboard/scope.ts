import type { SqlParams } from '../db/index.ts';
import { badRequest, idFilter, type JsonSchema, type RawQuery } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { visibleAsContainer } from '../resource/sides.ts';

/**
 * The dashboard's scope (SPEC 7): which realised operations a figure counts for the caller. The side
 * (`producer`: my sites' operations; `retriever`: those my sites provide) and the query's optional site,
 * chantier, company and location narrow it; the api's policy bounds it to what the caller sees. The dashboard's
 * figures, its map and the monthly costs all count in this scope.
 */

export type Role = 'producer' | 'retriever';
export const ROLES: readonly Role[] = ['producer', 'retriever'];

export const SCOPE_PARAMS = [
  'producerCompanySiteId',
  'producerCompanySiteEntityId',
  'retrieverCompanySiteId',
  'retrieverCompanySiteEntityId',
  'companyId',
  'location',
] as const;

/** The query parameters of the scope, as the OpenAPI document describes them (`extra`: the route's own). */
export function scopeQuerySchema(extra: Record<string, JsonSchema> = {}, required: readonly string[] = []) {
  return {
    type: 'object',
    properties: {
      ...extra,
      ...Object.fromEntries(
        SCOPE_PARAMS.map((name) => [
          name,
          {
            type: 'string',
            description: name === 'location' ? 'a department code or a town of my side' : 'an id or an IRI',
          },
        ]),
      ),
    },
    ...(required.length === 0 ? {} : { required: [...required] }),
  };
}

/** A department code ('69', '2A', '971') or a city name (the dashboard's location filter, SPEC 3). */
const LOCATION = /^[\p{L}0-9' -]{1,100}$/u;

/** The parameters of the dashboard's paths (`{userId}/year/{year}`, `{userId}/month/{year}/{month}`). */
const PATH_PARAMS = {
  userId: { type: 'string', description: "the caller's id, or 'me'" },
  year: { type: 'string', pattern: '^[0-9]{4}$' },
  month: { type: 'string', pattern: '^(0?[1-9]|1[0-2])$' },
} as const;

/** The schema of a dashboard path's parameters, as the OpenAPI document describes them. */
export const pathParamsSchema = (...names: (keyof typeof PATH_PARAMS)[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, PATH_PARAMS[name]])),
  required: names,
});

/** The year of a dashboard path (`/year/2025`): four digits, or a 400 (route schemas document, they do not check). */
export function yearParam(value: string): number {
  if (!new RegExp(PATH_PARAMS.year.pattern).test(value))
    throw badRequest('L’année attendue est de la forme 2025.');
  return Number(value);
}

/** The month of a dashboard path (`/month/2025/3`): 1 to 12, or a 400. */
export function monthParam(value: string): number {
  if (!new RegExp(PATH_PARAMS.month.pattern).test(value))
    throw badRequest('Le mois attendu est un nombre de 1 à 12.');
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
  const visible = await visibleAsContainer('o')(policy, params);
  const side = role === 'producer' ? 'o.company_site_id' : 'o.provider_site_id';
  const conditions = [visible, `${side} = any(${params.add(own)}::int[])`, `o.status = 'REALISED'`];
  const narrow: [string, string][] = [
    ['producerCompanySiteId', 'o.company_site_id'],
    ['producerCompanySiteEntityId', 'o.company_site_entity_id'],
    ['retrieverCompanySiteId', 'o.provider_site_id'],
  ];
  for (const [name, column] of narrow) {
    const id = idFilter(query, name);
    if (id !== undefined) conditions.push(`${column} = ${params.add(id)}`);
  }
  // The company filter: operations whose producer or provider site belongs to that company. Its sites are read
  // once (a hashed subplan), where an `exists` on either site looked them up again for each of the rows (200,000
  // operations of a year, in the dashboard benchmark: tests/bench/dashboard.ts).
  const companyId = idFilter(query, 'companyId');
  if (companyId !== undefined) {
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
