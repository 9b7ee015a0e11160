import { entityIri, establishmentFields, iri, restFields, USER_TYPOLOGIES } from '@portal/domain';
import type { Db, NamedStatement } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';
import { hydraItem, idsFilter, textOrder } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { byChoice } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import { iriSchema } from '../resource/schemas.ts';
import type { ResourceRow } from '../resource/sql.ts';

export type SiteRow = ResourceRow<typeof establishmentFields>;

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group === undefined) groups.set(key(item), [item]);
    else group.push(item);
  }
  return groups;
}

/** The typologies of the sites $1, read with every list of sites: named (`NamedStatement`), planned once. */
const SITE_TYPOLOGIES: NamedStatement = {
  name: 'site_typologies',
  text: `select x.company_site_id as "siteId", st.code from company_site_site_typologies x
    join site_typologies st on st.id = x.site_typology_id
    where x.company_site_id = any($1::int[]) order by st.id`,
};

/** Both ends of site_links of the sites $1 (a producer site's providers, a retriever site's clients): named. */
const SITE_LINKS: NamedStatement = {
  name: 'site_links',
  text: `select l.producer_site_id as "siteId", l.retriever_site_id as "linkedId" from site_links l
    where l.producer_site_id = any($1::int[])
    union
    select l.retriever_site_id, l.producer_site_id from site_links l
    where l.retriever_site_id = any($1::int[])
    order by 1, 2`,
};

/**
 * CompanySite items, with the typologies, entities, linked sites and access computed for the caller: 3 queries
 * whatever the number of sites.
 */
export async function siteItems(db: Db, policy: Policy, rows: SiteRow[]) {
  const siteIds = rows.map((row) => row.id);
  const params = new SqlParams();
  const siteIdsParam = params.add(siteIds);
  const visibleEntity = await policy.visibleEntityCondition('e.id', 'e.company_site_id', params);
  const [typologies, entities, links, canSeeSite, fullAccess] = await Promise.all([
    db.query<{ siteId: number; code: string }>(SITE_TYPOLOGIES, [siteIds]),
    db.query<{ id: number; siteId: number; name: string }>(
      `select e.id, e.company_site_id as "siteId", e.name from company_site_entities e
       where e.company_site_id = any(${siteIdsParam}::int[]) and ${visibleEntity}
       order by e.name, e.id`,
      params.values,
    ),
    db.query<{ siteId: number; linkedId: number }>(SITE_LINKS, [siteIds]),
    policy.siteVisibility(),
    Promise.all(siteIds.map((id) => policy.hasFullAccess(id))),
  ]);
  const typologiesBySite = groupBy(typologies, (t) => t.siteId);
  const entitiesBySite = groupBy(entities, (entity) => entity.siteId);
  const linksBySite = groupBy(
    links.filter((link) => canSeeSite(link.linkedId)),
    (link) => link.siteId,
  );
  return rows.map((row, index) => {
    const siteEntities = entitiesBySite.get(row.id) ?? [];
    return hydraItem('CompanySite', iri('company_sites', row.id), {
      id: row.id,
      ...restFields(establishmentFields, row),
      siteTypologies: (typologiesBySite.get(row.id) ?? []).map((t) => t.code),
      hasFullAccess: fullAccess[index] === true,
      companySiteEntities: siteEntities.map((entity) => entityIri(row.id, entity.id)),
      companySiteEntitiesData: Object.fromEntries(
        siteEntities.map((entity) => [String(entity.id), { name: entity.name }]),
      ),
      entityCount: siteEntities.length,
      linkedCompanySites: (linksBySite.get(row.id) ?? []).map((link) => iri('company_sites', link.linkedId)),
    });
  });
}

/**
 * Establishments (company sites, SPEC 3): the caller's own and those linked to them (SPEC 6); each item carries
 * what the caller may do and see of it.
 */
export const sites = defineResource({
  type: 'CompanySite',
  path: '/api/company_sites',
  tags: ['sites'],
  fields: establishmentFields,
  from: 'company_sites cs join companies c on c.id = cs.company_id',
  alias: 'cs',
  visible: (policy, params) => policy.visibleSiteCondition('cs.id', params),
  items: (rows, { db, policy }) => siteItems(db, policy, rows),
  computed: {
    siteTypologies: { type: 'array', items: { type: 'string', enum: [...USER_TYPOLOGIES] } },
    hasFullAccess: { type: 'boolean', description: 'The caller has full access to it (SPEC 6)' },
    companySiteEntities: { type: 'array', items: iriSchema('A chantier the caller sees') },
    companySiteEntitiesData: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { name: { type: 'string' } } },
      description: 'The name of each chantier, by id',
    },
    entityCount: { type: 'integer' },
    linkedCompanySites: {
      type: 'array',
      items: iriSchema('A site linked to it that the caller sees (its providers or its clients)'),
    },
  },
  collection: {
    relations: ['company'],
    order: ['name', 'city', 'postcode', 'siret', 'companyName'],
    orderColumns: {
      name: textOrder('cs.name'),
      city: textOrder('cs.city'),
      companyName: textOrder('c.name'),
    },
    // Folded by the database (migration 002): site name, city, postcode and SIRET; company name.
    search: ['cs.search_text', 'c.search_text'],
    filters: [
      byChoice('typology', USER_TYPOLOGIES, (typology, params) => [
        `exists (select 1 from company_site_site_typologies x
          join site_typologies st on st.id = x.site_typology_id
          where x.company_site_id = cs.id and st.code = ${params.add(typology)})`,
      ]),
      {
        // Sites linked to one of these (from either end of the link); the links of a site the caller cannot see
        // are none of their business.
        query: { 'linkedTo[]': { type: 'array', items: { type: 'string' }, description: 'ids or IRIs' } },
        async where(raw, params, { policy }) {
          const linkedTo = idsFilter(raw, 'linkedTo');
          if (linkedTo === undefined) return [];
          const canSeeSite = await policy.siteVisibility();
          const ids = `${params.add(linkedTo.filter(canSeeSite))}::int[]`;
          return [
            `exists (select 1 from site_links l
              where (l.producer_site_id = cs.id and l.retriever_site_id = any(${ids}))
                 or (l.retriever_site_id = cs.id and l.producer_site_id = any(${ids})))`,
          ];
        },
      },
    ],
  },
});
