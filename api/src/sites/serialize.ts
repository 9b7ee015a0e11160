import { iri } from '@portal/domain';
import type { Db } from '../db/index.ts';
import { SqlParams } from '../db/index.ts';
import { entityIri } from '../entities/serialize.ts';
import { hydraItem } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';

export const SITE_SELECT = `cs.id, cs.company_id as "companyId", c.name as "companyName", cs.name, cs.address,
  cs.city, cs.postcode, cs.department, cs.siret, cs.lat, cs.lon, cs.logo,
  c.company_sector_id as "companySectorId"`;
export const SITE_FROM = 'company_sites cs join companies c on c.id = cs.company_id';

export interface SiteRow {
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  address: string | null;
  city: string | null;
  postcode: string | null;
  department: string | null;
  siret: string | null;
  lat: number | null;
  lon: number | null;
  logo: string | null;
  companySectorId: number | null;
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group === undefined) groups.set(key(item), [item]);
    else group.push(item);
  }
  return groups;
}

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
    db.query<{ siteId: number; code: string }>(
      `select x.company_site_id as "siteId", st.code from company_site_site_typologies x
       join site_typologies st on st.id = x.site_typology_id
       where x.company_site_id = any($1::int[]) order by st.id`,
      [siteIds],
    ),
    db.query<{ id: number; siteId: number; name: string }>(
      `select e.id, e.company_site_id as "siteId", e.name from company_site_entities e
       where e.company_site_id = any(${siteIdsParam}::int[]) and ${visibleEntity}
       order by e.name, e.id`,
      params.values,
    ),
    // Both ends of site_links: a producer site's providers and a retriever site's clients.
    db.query<{ siteId: number; linkedId: number }>(
      `select l.producer_site_id as "siteId", l.retriever_site_id as "linkedId" from site_links l
       where l.producer_site_id = any($1::int[])
       union
       select l.retriever_site_id, l.producer_site_id from site_links l
       where l.retriever_site_id = any($1::int[])
       order by 1, 2`,
      [siteIds],
    ),
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
      name: row.name,
      company: iri('companies', row.companyId),
      companyName: row.companyName,
      address: row.address,
      city: row.city,
      postcode: row.postcode,
      department: row.department,
      siret: row.siret,
      lat: row.lat,
      lon: row.lon,
      logo: row.logo,
      companySector: row.companySectorId === null ? null : iri('company_sectors', row.companySectorId),
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
