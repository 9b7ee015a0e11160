import { permissionsFor } from '@portal/domain';
import nock from 'nock';
import type { RestCompany, RestEntity, RestSite, RestUser } from '../src/rest/types.ts';
import { companyItem, entityItem, JSON_LD, siteItem, userItem } from './fixtures.ts';
import { API } from './helpers.ts';

export type SiteTypology = 'producer' | 'retriever';

/**
 * One viewer's world, as the api would hold it: `count` own sites of the viewer's typology over 7 companies
 * (every other one with a chantier), half as many sites of the other typology linked to them over 3
 * companies (every other one with a chantier too). Each own site is linked to one of them.
 */
export interface World {
  typology: SiteTypology;
  linkedTypology: SiteTypology;
  user: RestUser;
  ownSites: RestSite[];
  linkedSites: RestSite[];
  entities: RestEntity[];
  companies: RestCompany[];
}

const CITIES = ['Lyon', 'Paris', 'Marseille', 'Lille', 'Nantes'];
const POSTCODES = ['69007', '75011', '13002', '59000', '44000'];

const siteIri = (id: number) => `/api/company_sites/${id}`;
const companyIri = (id: number) => `/api/companies/${id}`;

export function mirrorWorld(count: number, typology: SiteTypology = 'producer', userId = 1): World {
  const linkedTypology: SiteTypology = typology === 'producer' ? 'retriever' : 'producer';
  const linkedCount = Math.max(1, Math.floor(count / 2));
  const entities: RestEntity[] = [];
  const withEntity = (site: RestSite, entityId: number): RestSite => {
    const entity = entityItem(entityId, site.id);
    entities.push(entity);
    return {
      ...site,
      companySiteEntities: [entity['@id']],
      companySiteEntitiesData: { [entityId]: { name: entity.name } },
      entityCount: 1,
    };
  };
  const ownSites = Array.from({ length: count }, (_, i) => {
    const site = siteItem(1000 + i, 1 + (i % 7), {
      siteTypologies: [typology],
      city: CITIES[i % CITIES.length] ?? null,
      postcode: POSTCODES[i % POSTCODES.length] ?? null,
      siret: String(73282932000000 + i),
      linkedCompanySites: [siteIri(5000 + (i % linkedCount))],
    });
    return i % 2 === 0 ? withEntity(site, 10_000 + i) : site;
  });
  const linkedSites = Array.from({ length: linkedCount }, (_, j) => {
    const site = siteItem(5000 + j, 100 + (j % 3), {
      siteTypologies: [linkedTypology],
      hasFullAccess: false,
      linkedCompanySites: ownSites.filter((_, i) => i % linkedCount === j).map((own) => own['@id']),
    });
    return j % 2 === 0 ? withEntity(site, 20_000 + j) : site;
  });
  const companyIds = [
    ...new Set([...ownSites, ...linkedSites].map((site) => Number(site.company?.split('/').pop()))),
  ];
  const ownCompanyIds = [...new Set(ownSites.map((site) => Number(site.company?.split('/').pop())))];
  const user = userItem({
    id: userId,
    userTypologies: [typology],
    permissions: permissionsFor([typology], false),
    companies: [companyIri(1)],
    companiesIds: [1],
    companiesIdsFull: ownCompanyIds,
    linkedCompanies: [...new Set(linkedSites.map((site) => site.company as string))],
    companySitesIdsFull: ownSites.map((site) => site.id),
  });
  return {
    typology,
    linkedTypology,
    user,
    ownSites,
    linkedSites,
    entities,
    companies: companyIds.map((id) => companyItem(id)),
  };
}

/** Lower case without accents, as the api's `q` compares. */
function folded(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function lastSegment(value: string): string {
  return value.split('/').pop() ?? value;
}

function numbers(values: string[]): number[] {
  return values.map((value) => Number(value.split('/').pop()));
}

/**
 * A collection answer in the api's shape, honouring the query as docs/rest-api.md describes it: `id[]`,
 * relation and enum filters (`companySite[]`, `skip[]`, `state[]`, ...), `typology`, `dangerous`, `q`,
 * `order[field]`, and `pagination=false` or `page`/`itemsPerPage` (default 30, at most 500) with `hydra:view`.
 */
/** Official lists are keyed by their code (`R3`), everything else by an integer. */
export function collectionAnswer<T extends { id?: number | string }>(
  request: Request,
  type: string,
  members: T[],
) {
  const url = new URL(request.url);
  const params = url.searchParams;
  let list = [...members];
  const ids = numbers(params.getAll('id[]'));
  if (ids.length > 0) list = list.filter((item) => ids.includes(Number(item.id)));
  // Relation and enum filters (`companySite[]`, `skip[]`, `state[]`): an IRI matches its id.
  for (const key of new Set(params.keys())) {
    const field = /^(\w+)\[\]$/.exec(key)?.[1];
    if (field === undefined || field === 'id') continue;
    const wanted = new Set(params.getAll(key).map(lastSegment));
    list = list.filter((item) => {
      const value = (item as Record<string, unknown>)[field];
      return value !== null && value !== undefined && wanted.has(lastSegment(String(value)));
    });
  }
  const typology = params.get('typology');
  if (typology !== null) {
    list = list.filter((item) => (item as { siteTypologies?: string[] }).siteTypologies?.includes(typology));
  }
  const dangerous = params.get('dangerous');
  if (dangerous !== null) {
    list = list.filter((item) => String((item as { dangerous?: boolean }).dangerous) === dangerous);
  }
  const q = params.get('q');
  if (q !== null) {
    list = list.filter((item) => {
      const site = item as unknown as RestSite & { code?: string; description?: string };
      return [
        site.name,
        site.companyName,
        site.city,
        site.postcode,
        site.siret,
        site.code,
        site.description,
      ].some((field) => folded(field).includes(folded(q)));
    });
  }
  for (const [key, direction] of params) {
    const field = /^order\[(\w+)\]$/.exec(key)?.[1];
    if (field === undefined) continue;
    const sign = direction === 'desc' ? -1 : 1;
    const value = (item: T) => String((item as Record<string, unknown>)[field] ?? '');
    list.sort((a, b) => sign * value(a).localeCompare(value(b)) || Number(a.id) - Number(b.id));
  }
  const total = list.length;
  const body: Record<string, unknown> = {
    '@context': `/api/contexts/${type}`,
    '@id': url.pathname,
    '@type': 'hydra:Collection',
    'hydra:totalItems': total,
  };
  if (params.get('pagination') === 'false') {
    body['hydra:member'] = list;
  } else {
    const page = Number(params.get('page') ?? 1);
    const itemsPerPage = Math.min(Number(params.get('itemsPerPage') ?? 30), 500);
    body['hydra:member'] = list.slice((page - 1) * itemsPerPage, page * itemsPerPage);
    const link = (n: number) => {
      const next = new URLSearchParams(params);
      next.set('page', String(n));
      return `${url.pathname}?${next}`;
    };
    body['hydra:view'] = {
      '@id': link(page),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': link(1),
      'hydra:last': link(Math.max(1, Math.ceil(total / itemsPerPage))),
    };
  }
  return body;
}

/**
 * The api of one world, answering every read the gateway may make (as often as asked): the tests assert
 * which calls were made from the gateway's own call list (GATEWAY_DEBUG), exactly.
 */
export function mockWorld(world: World): nock.Scope {
  const { user } = world;
  const ownSiteIds = new Set(world.ownSites.map((site) => site['@id']));
  const answer =
    <T extends { id?: number | string }>(type: string, members: T[]) =>
    (request: Request) =>
      collectionAnswer(request, type, members);
  return nock(API)
    .persist()
    .get(`/api/users/${user.id}`)
    .reply(200, user, JSON_LD)
    .get('/api/users/me')
    .reply(200, user, JSON_LD)
    .get(`/api/users/${user.id}/company_sites_full`)
    .query(true)
    .reply(200, answer('CompanySite', world.ownSites), JSON_LD)
    .get(`/api/users/${user.id}/company_sites_linked_${world.linkedTypology}_full`)
    .query(true)
    .reply(200, answer('CompanySite', world.linkedSites), JSON_LD)
    .get('/api/company_sites')
    .query(true)
    .reply(200, answer('CompanySite', [...world.ownSites, ...world.linkedSites]), JSON_LD)
    .get('/api/companies')
    .query(true)
    .reply(200, answer('Company', world.companies), JSON_LD)
    .get('/api/company_site_entities')
    .query(true)
    .reply(200, answer('CompanySiteEntity', world.entities), JSON_LD)
    .get(`/api/users/${user.id}/company_site_entities_full`)
    .query(true)
    .reply(
      200,
      answer(
        'CompanySiteEntity',
        world.entities.filter((entity) => ownSiteIds.has(entity.companySite)),
      ),
      JSON_LD,
    );
}
