import { idFromIri } from '@portal/domain';
import DataLoader from 'dataloader';
import { pathWithQuery, type RestClient, type RestQuery } from '../rest/client.ts';
import { nullOn404 } from '../rest/errors.ts';
import type { HydraCollection } from '../rest/hydra.ts';
import { MAX_ITEMS_PER_PAGE } from '../rest/pages.ts';
import type {
  RestCompany,
  RestEntity,
  RestFirstLevelWaste,
  RestIncident,
  RestOperation,
  RestOperationCost,
  RestReference,
  RestRotationProgram,
  RestSecondLevelWaste,
  RestSite,
  RestSkip,
  RestSkipDelivery,
  RestSkipDeliveryProgram,
  RestSkipType,
  RestState,
  RestThirdLevelWaste,
  RestTreatmentCode,
  RestUser,
  RestWasteCode,
} from '../rest/types.ts';
import type { Connection } from '../schema/connections.ts';
import { oppositeSide, type SiteSide, sideOf } from '../viewer/rights.ts';
import { createItemLoader, type ItemKey, itemCacheKey, MAX_IDS_PER_CALL, primeItems } from './item-loader.ts';
import { createRelationListLoader, type RelationListKey } from './relation-lists.ts';
import { siteListPath } from './site-lists.ts';

export type { ItemKey } from './item-loader.ts';
export type { RelationListKey } from './relation-lists.ts';

/** A user by id, or `me` (the caller) for bearer scripts whose user id is not known yet. */
export type UserKey = number | 'me';

/**
 * The DataLoaders of ONE GraphQL request (never shared: they cache what this caller may see). Every loader
 * batches or primes so that a screen costs one REST call per kind of resource, whatever its list lengths:
 * a batch of up to MAX_IDS_PER_CALL ids travels as a URL filter, a larger one is answered by one list that
 * covers it (see each loader), never by a call per chunk.
 */
export interface Loaders {
  users: DataLoader<UserKey, RestUser | null, string>;
  companies: DataLoader<ItemKey, RestCompany | null, number>;
  sites: DataLoader<ItemKey, RestSite | null, number>;
  entities: DataLoader<ItemKey, RestEntity | null, number>;
  /** The entities of each site (ordered by name). */
  entitiesBySite: DataLoader<ItemKey, RestEntity[], number>;
  /** Per-user site lists and pages (`users/{id}/company_sites_full?..`), keyed by their request path. */
  siteLists: DataLoader<string, HydraCollection<RestSite>>;
  /** The sites linked to each site (its `linkedCompanySites` the caller can see), in the api's order. */
  linkedSites: DataLoader<RestSite, RestSite[], number>;
  companySectors(): Promise<RestReference[]>;
  states(): Promise<RestState[]>;
  skips: DataLoader<ItemKey, RestSkip | null, number>;
  skipDeliveries: DataLoader<ItemKey, RestSkipDelivery | null, number>;
  skipDeliveryPrograms: DataLoader<ItemKey, RestSkipDeliveryProgram | null, number>;
  /** The skips of each site (`skips?companySite[]=`), with the filters and window of each key. */
  skipsBySite: DataLoader<RelationListKey, Connection<RestSkip>, string>;
  /** The skips of each chantier (`skips?companySiteEntity[]=`). */
  skipsByEntity: DataLoader<RelationListKey, Connection<RestSkip>, string>;
  /** The deliveries of each skip (`skip_deliveries?skip[]=`). */
  deliveriesBySkip: DataLoader<RelationListKey, Connection<RestSkipDelivery>, string>;
  /** The deliveries ordered for each site (`skip_deliveries?companySite[]=`). */
  deliveriesBySite: DataLoader<RelationListKey, Connection<RestSkipDelivery>, string>;
  operations: DataLoader<ItemKey, RestOperation | null, number>;
  /** The operations of each site, chantier and skip (`operations?companySite[]=`, ...). */
  operationsBySite: DataLoader<RelationListKey, Connection<RestOperation>, string>;
  operationsByEntity: DataLoader<RelationListKey, Connection<RestOperation>, string>;
  operationsBySkip: DataLoader<RelationListKey, Connection<RestOperation>, string>;
  rotationPrograms: DataLoader<ItemKey, RestRotationProgram | null, number>;
  incidents: DataLoader<ItemKey, RestIncident | null, number>;
  operationCosts: DataLoader<ItemKey, RestOperationCost | null, number>;
  /** The costs of each operation (`operation_costs?operation[]=`): one set or none. */
  costsByOperation: DataLoader<RelationListKey, Connection<RestOperationCost>, string>;
  /** The incidents of each operation and of each skip (`incidents?operation[]=`, `incidents?skip[]=`). */
  incidentsByOperation: DataLoader<RelationListKey, Connection<RestIncident>, string>;
  incidentsBySkip: DataLoader<RelationListKey, Connection<RestIncident>, string>;
  /** The programs of each skip (`operation_programs?skip[]=`). */
  rotationProgramsBySkip: DataLoader<RelationListKey, Connection<RestRotationProgram>, string>;
  /** Reference lists of the containers, each read whole at most once per request. */
  firstLevelWastes(): Promise<RestFirstLevelWaste[]>;
  secondLevelWastes(): Promise<RestSecondLevelWaste[]>;
  thirdLevelWastes(): Promise<RestThirdLevelWaste[]>;
  skipTypes(): Promise<RestSkipType[]>;
  /** The 842 official waste codes: read only when a code's description is asked. */
  wasteCodes(): Promise<RestWasteCode[]>;
  treatmentCodes(): Promise<RestTreatmentCode[]>;
  /** One page of the official waste codes the api finds (`q`, `dangerous`); equal searches share a call. */
  searchWasteCodes(query: WasteCodeSearch): Promise<RestWasteCode[]>;
}

export interface WasteCodeSearch {
  /** `q`: code or description, accent-insensitive. Blank means no search. */
  search?: string | null | undefined;
  dangerous?: boolean | null | undefined;
  /** How many, at most (the api's page size caps it). */
  first: number;
}

const byName = { pagination: false, 'order[name]': 'asc' } as const;
const byCode = { pagination: false, 'order[code]': 'asc' } as const;
/** The portal's own reference tables are seeded in a meaningful order (families, flows, bins then skips). */
const asSeeded = { pagination: false } as const;

export interface LoaderOptions {
  /** Company ids the caller's screen will need (from the viewer): fetched with the first company batch. */
  companyHints: () => Iterable<number>;
  /** The signed-in user (cached by the request): the mirror side of a site depends on it. */
  viewer: () => Promise<RestUser | null>;
}

function integerIds(iris: readonly string[] | undefined): number[] {
  return (iris ?? []).map((iri) => idFromIri(iri)).filter((id): id is number => id !== null);
}

function groupBySite(entities: readonly RestEntity[]): Map<number, RestEntity[]> {
  const bySite = new Map<number, RestEntity[]>();
  for (const entity of entities) {
    const siteId = idFromIri(entity.companySite);
    if (siteId === null) continue;
    const list = bySite.get(siteId);
    if (list === undefined) bySite.set(siteId, [entity]);
    else list.push(entity);
  }
  return bySite;
}

export function createLoaders(rest: RestClient, options: LoaderOptions): Loaders {
  const companies = createItemLoader<RestCompany>({
    rest,
    collection: '/api/companies',
    prefetch: options.companyHints,
  });
  const sites = createItemLoader<RestSite>({ rest, collection: '/api/company_sites' });
  const entities = createItemLoader<RestEntity>({ rest, collection: '/api/company_site_entities' });

  const users: DataLoader<UserKey, RestUser | null, string> = new DataLoader(
    (keys) =>
      Promise.all(
        keys.map(async (key) => {
          const user = await nullOn404(rest.get<RestUser>(`/api/users/${key}`));
          if (user !== null && key === 'me') users.prime(user.id, user);
          return user;
        }),
      ),
    { cacheKeyFn: String, batch: false },
  );

  /**
   * Up to MAX_IDS_PER_CALL sites: `company_site_entities?companySite[]=..`. More sites than one URL carries
   * (a screen of 2,000 establishments with their chantiers): one list that covers them all, the viewer's
   * own chantiers (`users/{id}/company_site_entities_full`) when they are all own sites, else every
   * chantier the viewer sees.
   */
  async function entitiesOfSites(siteIds: number[]): Promise<RestEntity[]> {
    if (siteIds.length <= MAX_IDS_PER_CALL) {
      const { items } = await rest.getCollection<RestEntity>('/api/company_site_entities', {
        'companySite[]': siteIds,
        ...byName,
      });
      return items;
    }
    const user = await options.viewer();
    const allOwn = user !== null && siteIds.every((id) => sideOf(user, id) === 'own');
    const path = allOwn ? `/api/users/${user.id}/company_site_entities_full` : '/api/company_site_entities';
    return (await rest.getCollection<RestEntity>(path, byName)).items;
  }

  const entitiesBySite: DataLoader<ItemKey, RestEntity[], number> = new DataLoader(
    async (keys) => {
      const siteIds = keys.map((key) => idFromIri(key));
      const valid = [...new Set(siteIds.filter((id): id is number => id !== null))];
      // Without a companySite[] filter the api would answer every entity the caller sees.
      if (valid.length === 0) return keys.map(() => []);
      const items = await entitiesOfSites(valid);
      primeItems(entities, items);
      const bySite = groupBySite(items);
      // A covering list holds the whole list of every site it mentions.
      for (const [siteId, list] of bySite) entitiesBySite.prime(siteId, list);
      return siteIds.map((id) => (id === null ? [] : (bySite.get(id) ?? [])));
    },
    { cacheKeyFn: itemCacheKey },
  );

  // The cache map is read by linkedSites: a list this request already asked for is reused, not raced.
  const siteListCache = new Map<string, Promise<HydraCollection<RestSite>>>();
  const siteLists = new DataLoader<string, HydraCollection<RestSite>>(
    (paths) =>
      Promise.all(
        paths.map(async (path) => {
          try {
            const page = (await nullOn404(rest.getCollection<RestSite>(path))) ?? {
              items: [],
              totalItems: 0,
              lastPage: 1,
            };
            primeItems(sites, page.items);
            return page;
          } catch (error) {
            return error instanceof Error ? error : new Error(String(error));
          }
        }),
      ),
    { cacheMap: siteListCache },
  );

  /**
   * The links of a site are on the other side of the mirror: those of my establishments are my providers'
   * (or clients') sites, those of a provider's (or client's) site are my own. So the whole list of that
   * side covers every link of a batch of same-side sites, in one call. It is used when the links outnumber
   * one `id[]` call (2,000 establishments and their 1,000 providers), or when this request already asked
   * for that list (a screen showing the providers beside the establishments): then the links cost nothing.
   * Otherwise (one establishment's page) the few links go through the site batch (`company_sites?id[]=`).
   */
  const linkedSites = new DataLoader<RestSite, RestSite[], number>(
    async (parents) => {
      const linkIds = parents.map((site) => integerIds(site.linkedCompanySites));
      const allIds = [...new Set(linkIds.flat())];
      if (allIds.length === 0) return parents.map(() => []);
      const user = await options.viewer();
      if (user !== null) {
        const sides = new Set<SiteSide>(parents.map((site) => oppositeSide(sideOf(user, site.id))));
        const [side] = sides;
        const covering = sides.size === 1 && side !== undefined ? siteListPath(user, side) : null;
        if (covering !== null && (allIds.length > MAX_IDS_PER_CALL || siteListCache.has(covering))) {
          await siteLists.load(covering);
        }
      }
      const loaded = await sites.loadMany(allIds);
      const byId = new Map<number, RestSite>();
      for (const site of loaded) {
        if (site instanceof Error) throw site;
        if (site !== null) byId.set(site.id, site);
      }
      return linkIds.map((ids) => ids.map((id) => byId.get(id)).filter((site) => site !== undefined));
    },
    { cacheKeyFn: (site) => site.id },
  );

  const referenceLists = new Map<string, Promise<unknown[]>>();
  function referenceList<T>(path: string, query: RestQuery): Promise<T[]> {
    const key = pathWithQuery(path, query);
    let list = referenceLists.get(key);
    if (list === undefined) {
      list = rest.getCollection<unknown>(key).then(({ items }) => items);
      referenceLists.set(key, list);
    }
    return list as Promise<T[]>;
  }

  const skips = createItemLoader<RestSkip>({ rest, collection: '/api/skips' });
  const skipDeliveries = createItemLoader<RestSkipDelivery>({ rest, collection: '/api/skip_deliveries' });
  const skipDeliveryPrograms = createItemLoader<RestSkipDeliveryProgram>({
    rest,
    collection: '/api/skip_delivery_programs',
  });

  /**
   * The deliveries of more skips than one URL carries: those of the skips' sites (the skips are primed by
   * the list that named them, so this costs no call), or everything the caller sees past MAX_IDS_PER_CALL
   * sites.
   */
  async function sitesOfSkips(skipIds: number[]): Promise<RestQuery | null> {
    const siteIds = new Set<number>();
    for (const skip of await skips.loadMany(skipIds)) {
      if (skip instanceof Error) throw skip;
      const siteId = idFromIri(skip?.companySite);
      if (siteId !== null) siteIds.add(siteId);
    }
    return siteIds.size <= MAX_IDS_PER_CALL ? { 'companySite[]': [...siteIds] } : null;
  }

  const operations = createItemLoader<RestOperation>({ rest, collection: '/api/operations' });
  const operationList = (relation: string, parentOf: (operation: RestOperation) => number | null) =>
    createRelationListLoader<RestOperation>({
      rest,
      collection: '/api/operations',
      relation,
      parentOf,
      items: operations,
    });

  const rotationPrograms = createItemLoader<RestRotationProgram>({
    rest,
    collection: '/api/operation_programs',
  });
  const incidents = createItemLoader<RestIncident>({ rest, collection: '/api/incidents' });
  const operationCosts = createItemLoader<RestOperationCost>({ rest, collection: '/api/operation_costs' });
  const incidentList = (relation: string, parentOf: (incident: RestIncident) => number | null) =>
    createRelationListLoader<RestIncident>({
      rest,
      collection: '/api/incidents',
      relation,
      parentOf,
      items: incidents,
    });

  return {
    users,
    companies,
    sites,
    entities,
    entitiesBySite,
    siteLists,
    linkedSites,
    companySectors: () => referenceList<RestReference>('/api/company_sectors', byCode),
    states: () => referenceList<RestState>('/api/states', byCode),
    skips,
    skipDeliveries,
    skipDeliveryPrograms,
    skipsBySite: createRelationListLoader<RestSkip>({
      rest,
      collection: '/api/skips',
      relation: 'companySite[]',
      parentOf: (skip) => idFromIri(skip.companySite),
      items: skips,
    }),
    skipsByEntity: createRelationListLoader<RestSkip>({
      rest,
      collection: '/api/skips',
      relation: 'companySiteEntity[]',
      parentOf: (skip) => idFromIri(skip.companySiteEntity),
      items: skips,
    }),
    deliveriesBySkip: createRelationListLoader<RestSkipDelivery>({
      rest,
      collection: '/api/skip_deliveries',
      relation: 'skip[]',
      parentOf: (delivery) => idFromIri(delivery.skip),
      items: skipDeliveries,
      covering: sitesOfSkips,
    }),
    deliveriesBySite: createRelationListLoader<RestSkipDelivery>({
      rest,
      collection: '/api/skip_deliveries',
      relation: 'companySite[]',
      parentOf: (delivery) => idFromIri(delivery.companySite),
      items: skipDeliveries,
    }),
    operations,
    operationsBySite: operationList('companySite[]', (operation) => idFromIri(operation.companySite)),
    operationsByEntity: operationList('companySiteEntity[]', (operation) =>
      idFromIri(operation.companySiteEntity),
    ),
    operationsBySkip: operationList('skip[]', (operation) => idFromIri(operation.skip)),
    rotationPrograms,
    incidents,
    operationCosts,
    costsByOperation: createRelationListLoader<RestOperationCost>({
      rest,
      collection: '/api/operation_costs',
      relation: 'operation[]',
      parentOf: (cost) => idFromIri(cost.operation),
      items: operationCosts,
    }),
    incidentsByOperation: incidentList('operation[]', (incident) => idFromIri(incident.operation)),
    incidentsBySkip: incidentList('skip[]', (incident) => idFromIri(incident.skip)),
    rotationProgramsBySkip: createRelationListLoader<RestRotationProgram>({
      rest,
      collection: '/api/operation_programs',
      relation: 'skip[]',
      parentOf: (program) => idFromIri(program.skip),
      items: rotationPrograms,
    }),
    firstLevelWastes: () => referenceList<RestFirstLevelWaste>('/api/first_level_wastes', asSeeded),
    secondLevelWastes: () => referenceList<RestSecondLevelWaste>('/api/second_level_wastes', asSeeded),
    thirdLevelWastes: () => referenceList<RestThirdLevelWaste>('/api/third_level_wastes', asSeeded),
    skipTypes: () => referenceList<RestSkipType>('/api/skip_types', asSeeded),
    wasteCodes: () => referenceList<RestWasteCode>('/api/operation_waste_codes', asSeeded),
    treatmentCodes: () => referenceList<RestTreatmentCode>('/api/operation_treatment_codes', asSeeded),
    searchWasteCodes: ({ search, dangerous, first }) => {
      const q = search?.trim();
      return referenceList<RestWasteCode>('/api/operation_waste_codes', {
        q: q === '' ? undefined : q,
        dangerous: dangerous ?? undefined,
        page: 1,
        itemsPerPage: Math.min(first, MAX_ITEMS_PER_PAGE),
      });
    },
  };
}
