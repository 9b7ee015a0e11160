import type { UserTypology } from '@portal/domain';
import {
  CARRIER_COMPANY_PATTERNS,
  CARRIER_SITE_PATTERNS,
  CHANTIER_NAMES,
  COLLECTOR_COMPANY_PATTERNS,
  COLLECTOR_SITE_PATTERNS,
  FIRSTNAMES,
  FUNCTIONS,
  PRODUCER_COMPANY_PATTERNS,
  PRODUCER_SITE_PATTERNS,
  RECYCLER_COMPANY_PATTERNS,
  RECYCLER_SITE_PATTERNS,
  STREETS,
  SURNAMES,
} from './names.ts';
import { addOperations } from './operations.ts';
import { luhnCheckDigit, random, siretOf } from './random.ts';
import { OFFERED_SKIP_TYPES, SKIP_PLACES, SKIP_TEMPLATES, type SkipTemplate } from './skips.ts';
import { TOWNS, type Town } from './towns.ts';
import type { CompanyRole, World, WorldEntity, WorldOptions, WorldSite } from './world.ts';

export type * from './world.ts';
export { luhnCheckDigit };

/**
 * Sectors of producers: industry, construction, trade, transport, hotels and restaurants, health. Collectors
 * and recyclers are in waste management (E), carriers in transport (H).
 */
const PRODUCER_SECTORS = ['C', 'C', 'C', 'F', 'F', 'G', 'H', 'I', 'Q'] as const;
const sectorOfRole: Record<Exclude<CompanyRole, 'producer'>, string> = {
  collector: 'E',
  recycler: 'E',
  carrier: 'H',
};

const fill = (pattern: string, key: string, value: string) => pattern.replace(`{${key}}`, value);
/** « de Lyon », « d'Annecy », « du Havre »: the French of a place name after "de". */
export function ofTown(city: string): string {
  if (city.startsWith('Le ')) return `du ${city.slice(3)}`;
  if (/^[AEIOUYÂÊÎÔÛÉÈ]/.test(city)) return `d'${city}`;
  return `de ${city}`;
}
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A deterministic French world: producer companies with establishments and chantiers, collector and recycler
 * companies (retriever sites), one carrier, and the site links between clients and providers. Names, towns
 * (real postcodes, departments, coordinates) and SIRETs (Luhn-valid) look real; the people and companies are not.
 */
export function generateWorld(options: WorldOptions): World {
  const {
    companies: producerCount,
    sitesPerCompany,
    entitiesPerSite,
    retrieverCompanies = Math.max(1, Math.ceil(producerCount / 10)),
    years = 3,
    seed = 1,
    usersPerCompany = 0,
    skipsPerSite = 0,
    emailDomain = 'portail-dechets.test',
    today = new Date(),
    operationCompanies = producerCount,
    openOperations = true,
  } = options;
  const next = random(seed);
  // A stream of its own, so that adding sectors left every other generated value of a seed unchanged.
  const nextSector = random(seed ^ 0x5ec7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');

  const usedSirens = new Set<string>(['356000000']);
  const newSiren = () => {
    for (;;) {
      const payload = `${1 + Math.floor(next() * 9)}${digits(7)}`;
      const siren = `${payload}${luhnCheckDigit(payload)}`;
      if (!usedSirens.has(siren)) {
        usedSirens.add(siren);
        return siren;
      }
    }
  };
  const address = () => `${1 + Math.floor(next() * 120)} ${pick(STREETS)}`;
  const jitter = () => Math.round((next() - 0.5) * 0.04 * 10_000) / 10_000;

  const world: World = {
    years,
    companies: [],
    sites: [],
    entities: [],
    siteLinks: [],
    users: [],
    skips: [],
    skipSiteLinks: [],
    operations: [],
    incidents: [],
  };

  const addCompany = (
    role: CompanyRole,
    patterns: readonly string[],
    siteCount: number,
    sitePatterns: readonly string[],
  ) => {
    const siren = newSiren();
    const companyIndex = world.companies.length;
    world.companies.push({
      name: fill(pick(patterns), 'surname', pick(SURNAMES)),
      siret: siretOf(siren, 1),
      role,
      sector:
        role === 'producer'
          ? (PRODUCER_SECTORS[Math.floor(nextSector() * PRODUCER_SECTORS.length)] as string)
          : sectorOfRole[role],
    });
    const typology: UserTypology =
      role === 'producer' ? 'producer' : role === 'carrier' ? 'carrier' : 'retriever';
    const usedNames = new Set<string>();
    const siteIndexes: number[] = [];
    for (let s = 0; s < siteCount; s++) {
      const town = pick(TOWNS) as Town;
      let name = fill(pick(sitePatterns), 'de', ofTown(town.city));
      for (let n = 2; usedNames.has(name); n++)
        name = `${fill(pick(sitePatterns), 'de', ofTown(town.city))} ${n}`;
      usedNames.add(name);
      siteIndexes.push(world.sites.length);
      world.sites.push({
        company: companyIndex,
        name,
        address: address(),
        city: town.city,
        postcode: town.postcode,
        department: town.department,
        // The head office is establishment 1; sites follow (NIC 0002, 0003, ...).
        siret: siretOf(siren, s + 2),
        lat: Math.round((town.lat + jitter()) * 10_000) / 10_000,
        lon: Math.round((town.lon + jitter()) * 10_000) / 10_000,
        typologies: [typology],
      });
    }
    for (let u = 0; u < usersPerCompany; u++) {
      const firstname = pick(FIRSTNAMES);
      const lastname = pick(SURNAMES);
      world.users.push({
        email: `${slug(firstname)}.${slug(lastname)}.${companyIndex + 1}-${u + 1}@${emailDomain}`,
        firstname,
        lastname,
        phone: `+336${digits(8)}`,
        function: pick(FUNCTIONS),
        typology,
        company: companyIndex,
      });
    }
    return siteIndexes;
  };

  const producerSites: number[] = [];
  for (let c = 0; c < producerCount; c++) {
    producerSites.push(
      ...addCompany('producer', PRODUCER_COMPANY_PATTERNS, sitesPerCompany, PRODUCER_SITE_PATTERNS),
    );
  }
  const retrieverSitesByCompany: number[][] = [];
  for (let r = 0; r < retrieverCompanies; r++) {
    const collector = r % 2 === 0;
    retrieverSitesByCompany.push(
      addCompany(
        collector ? 'collector' : 'recycler',
        collector ? COLLECTOR_COMPANY_PATTERNS : RECYCLER_COMPANY_PATTERNS,
        sitesPerCompany,
        collector ? COLLECTOR_SITE_PATTERNS : RECYCLER_SITE_PATTERNS,
      ),
    );
  }
  const carrierSites = addCompany(
    'carrier',
    CARRIER_COMPANY_PATTERNS,
    Math.min(sitesPerCompany, 3),
    CARRIER_SITE_PATTERNS,
  );

  const historyStart = new Date(Date.UTC(today.getUTCFullYear() - years, 0, 1)).getTime();
  const historyDays = Math.max(1, Math.floor((today.getTime() - historyStart) / 86_400_000));
  for (const site of producerSites) {
    const town = world.sites[site] as WorldSite;
    for (let e = 0; e < entitiesPerSite; e++) {
      const start = new Date(historyStart + Math.floor(next() * historyDays) * 86_400_000);
      const finished = next() < 0.3;
      const end = new Date(start.getTime() + (90 + Math.floor(next() * 540)) * 86_400_000);
      world.entities.push({
        site,
        name: `${CHANTIER_NAMES[(site + e) % CHANTIER_NAMES.length]}${e >= CHANTIER_NAMES.length ? ` ${e + 1}` : ''}`,
        startDate: isoDate(start),
        endDate: finished ? isoDate(end) : null,
        address: next() < 0.5 ? `${address()}, ${town.postcode} ${town.city}` : null,
      });
    }
  }

  const nearest = (from: WorldSite, candidates: number[]): number => {
    let best = candidates[0] as number;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const candidate of candidates) {
      const site = world.sites[candidate] as WorldSite;
      const distance = (site.lat - from.lat) ** 2 + (site.lon - from.lon) ** 2;
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return best;
  };
  // Each client site works with two provider companies (their nearest site) and with the carrier.
  producerSites.forEach((site, index) => {
    const from = world.sites[site] as WorldSite;
    const providers = new Set<number>();
    for (let k = 0; k < Math.min(2, retrieverCompanies); k++) {
      const sites = retrieverSitesByCompany[(index + k) % retrieverCompanies] ?? [];
      if (sites.length > 0) providers.add(nearest(from, sites));
    }
    if (carrierSites.length > 0) providers.add(nearest(from, carrierSites));
    for (const retrieverSite of providers) world.siteLinks.push({ producerSite: site, retrieverSite });
  });

  for (const sites of retrieverSitesByCompany) {
    for (const site of sites) {
      const role = world.companies[(world.sites[site] as WorldSite).company]?.role;
      const offered = role === 'recycler' ? OFFERED_SKIP_TYPES.recycler : OFFERED_SKIP_TYPES.collector;
      for (const skipType of offered) world.skipSiteLinks.push({ site, skipType });
    }
  }
  if (skipsPerSite > 0) {
    addSkips(world, producerSites, skipsPerSite, random(seed ^ 0x5c1b), today, historyStart);
    addOperations(world, {
      seed,
      today,
      historyStart,
      companies: operationCompanies,
      open: openOperations,
    });
  }

  return world;
}

/**
 * Containers for each producer site, from a stream of their own so that the rest of a seeded world is the
 * same with or without them. Consecutive templates mix hazardous and ordinary wastes; on each company's
 * first site the second-to-last container lacks mandatory fields and the last is archived (the demo shows
 * both), elsewhere a few are, at random. Most were placed early in the years of history, all of them a month
 * or more before `today`.
 */
function addSkips(
  world: World,
  producerSites: number[],
  perSite: number,
  next: () => number,
  today: Date,
  historyStart: number,
) {
  const historyDays = Math.max(0, Math.floor((today.getTime() - historyStart) / 86_400_000) - 30);
  const lastDay = today.getTime() - 30 * 86_400_000;
  /**
   * A container of a chantier is placed in the first weeks of the chantier; any other, at a time increasing with
   * the draw (as when they were spread over the last year: the same order of creation), most early on.
   */
  const createdAt = (draw: number, entity: WorldEntity | null) => {
    if (entity !== null) {
      const start = Date.parse(`${entity.startDate}T00:00:00Z`) + (today.getTime() % 86_400_000);
      return new Date(
        Math.min(start + Math.floor(draw * 30) * 86_400_000, Math.max(start, lastDay)),
      ).toISOString();
    }
    return new Date(lastDay - Math.floor((1 - (1 - draw) ** 2) * historyDays) * 86_400_000).toISOString();
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
  const dayOffset = (days: number) => isoDate(new Date(today.getTime() + days * 86_400_000));
  const providersOf = new Map<number, number[]>();
  for (const link of world.siteLinks) {
    const provider = world.sites[link.retrieverSite] as WorldSite;
    if (!provider.typologies.includes('retriever')) continue;
    providersOf.set(link.producerSite, [...(providersOf.get(link.producerSite) ?? []), link.retrieverSite]);
  }
  const entitiesOf = new Map<number, number[]>();
  world.entities.forEach((entity, index) => {
    entitiesOf.set(entity.site, [...(entitiesOf.get(entity.site) ?? []), index]);
  });
  const firstSiteOfCompany = new Set<number>();
  const seenCompanies = new Set<number>();
  for (const site of producerSites) {
    const company = (world.sites[site] as WorldSite).company;
    if (!seenCompanies.has(company)) firstSiteOfCompany.add(site);
    seenCompanies.add(company);
  }

  for (const site of producerSites) {
    const offset = Math.floor(next() * SKIP_TEMPLATES.length);
    const providers = providersOf.get(site) ?? [];
    const entities = entitiesOf.get(site) ?? [];
    const department = (world.sites[site] as WorldSite).department;
    const names = new Set<string>();
    for (let j = 0; j < perSite; j++) {
      const template = SKIP_TEMPLATES[(offset + j) % SKIP_TEMPLATES.length] as SkipTemplate;
      let name = `${template.name} ${pick(SKIP_PLACES)}`;
      for (let n = 2; names.has(name); n++) name = `${template.name} ${n}`;
      names.add(name);
      const demoSite = firstSiteOfCompany.has(site);
      const incomplete = (demoSite && perSite >= 3 && j === perSite - 2) || (!demoSite && next() < 0.08);
      const archived = (demoSite && perSite >= 2 && j === perSite - 1) || (!demoSite && next() < 0.05);
      const hazardous = template.hazardous;
      const year = today.getUTCFullYear();
      const entity =
        j % 3 === 2 && entities.length > 0 ? (entities[Math.floor(j / 3) % entities.length] as number) : null;
      world.skips.push({
        site,
        entity,
        name,
        skipType: template.skipType,
        thirdLevelWaste: template.waste,
        provider: providers.length === 0 ? null : (providers[j % providers.length] as number),
        ecoOrganisation: template.ecoOrganisation ?? null,
        plannedTreatmentCode: incomplete ? null : template.plannedTreatmentCode,
        fillingLevel: pick(['EMPTY', 'QUARTER', 'HALF', 'THREE_QUARTERS', 'FULL'] as const),
        estimatedFullQuantity: incomplete ? null : template.estimatedFullQuantity,
        packageCount: template.packageCount,
        dangerous: hazardous !== undefined,
        consistency: hazardous?.consistency ?? null,
        wasteCode: template.wasteCode,
        providerReceiptNumber: hazardous === undefined ? null : `${year - 1}/R/${department}/${digits(4)}`,
        providerReceiptValidity: hazardous === undefined ? null : dayOffset(365 + Math.floor(next() * 730)),
        capNumber: hazardous === undefined || incomplete ? null : `CAP-${year}-${digits(5)}`,
        adrMention: hazardous?.adrMention ?? null,
        adrNumber: hazardous?.adrNumber ?? null,
        state: archived ? 'ARCHIVED' : 'AVAILABLE',
        plannedWork: null,
        createdAt: createdAt(next(), entity === null ? null : (world.entities[entity] as WorldEntity)),
      });
    }
  }
}
