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
import { TOWNS, type Town } from './towns.ts';

export interface WorldOptions {
  /** Producer companies (clients). */
  companies: number;
  /** Establishments of each producer and provider company (a carrier has at most 3). */
  sitesPerCompany: number;
  /** Chantiers (entities) of each producer establishment. */
  entitiesPerSite: number;
  /** Collector and recycler companies (retriever sites); default one per ten producers. */
  retrieverCompanies?: number;
  /**
   * Years of history. Today it spreads the chantiers' start dates over that many years before `today`;
   * the operations history of later issues will span the same years.
   */
  years?: number;
  /** Seed of the pseudo-random generator: the same options give the same world. */
  seed?: number;
  /** Users created per company (linked to it, typology of the company); 0 by default. */
  usersPerCompany?: number;
  emailDomain?: string;
  today?: Date;
}

export type CompanyRole = 'producer' | 'collector' | 'recycler' | 'carrier';

export interface WorldCompany {
  name: string;
  siret: string;
  role: CompanyRole;
  /** Section of NAF rev. 2 (`company_sectors.code`). */
  sector: string;
}

export interface WorldSite {
  /** Index in `companies`. */
  company: number;
  name: string;
  address: string;
  city: string;
  postcode: string;
  department: string;
  siret: string;
  lat: number;
  lon: number;
  typologies: UserTypology[];
}

export interface WorldEntity {
  /** Index in `sites`. */
  site: number;
  name: string;
  startDate: string;
  endDate: string | null;
  address: string | null;
}

/** A provider site working for a client site (indexes in `sites`). */
export interface WorldSiteLink {
  producerSite: number;
  retrieverSite: number;
}

export interface WorldUser {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  function: string;
  typology: UserTypology;
  /** Index in `companies`. */
  company: number;
}

export interface World {
  years: number;
  companies: WorldCompany[];
  sites: WorldSite[];
  entities: WorldEntity[];
  siteLinks: WorldSiteLink[];
  users: WorldUser[];
}

/** mulberry32: small, fast and deterministic. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The digit that makes `payload + digit` pass the Luhn check. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

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
    emailDomain = 'portail-dechets.test',
    today = new Date(),
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
  const siretOf = (siren: string, establishment: number) => {
    const payload = `${siren}${String(establishment).padStart(4, '0')}`;
    return `${payload}${luhnCheckDigit(payload)}`;
  };
  const address = () => `${1 + Math.floor(next() * 120)} ${pick(STREETS)}`;
  const jitter = () => Math.round((next() - 0.5) * 0.04 * 10_000) / 10_000;

  const world: World = { years, companies: [], sites: [], entities: [], siteLinks: [], users: [] };

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

  return world;
}
