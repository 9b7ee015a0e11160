import type {
  Consistency,
  FillingLevel,
  OperationStatus,
  OperationType,
  OutletQuantityUnit,
  plannedWorkOf,
  UserTypology,
} from '@portal/domain';

/** The shape of a generated world: what `generateWorld` builds and `insertWorld` stores. */

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
   * Years of history before `today` (from the first of January): the chantiers' start dates, the containers'
   * creation dates and their operations span them.
   */
  years?: number;
  /** Seed of the pseudo-random generator: the same options give the same world. */
  seed?: number;
  /** Containers of each producer establishment; 0 by default. */
  skipsPerSite?: number;
  /** Users created per company (linked to it, typology of the company); 0 by default. */
  usersPerCompany?: number;
  emailDomain?: string;
  today?: Date;
  /**
   * Producer companies, the first ones, whose containers (those with a provider and every field a rotation
   * needs) get an operations history; every one by default. The demo keeps it to its producer company.
   */
  operationCompanies?: number;
  /** Whether the latest operation of a container may still be open at `today`; true by default. */
  openOperations?: boolean;
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

/** A container on a producer site; skip types and wastes by their code (migration 003). */
export interface WorldSkip {
  /** Index in `sites`. */
  site: number;
  /** Index in `entities`, or null for a container of the establishment itself. */
  entity: number | null;
  name: string;
  skipType: string;
  thirdLevelWaste: string;
  /** Index in `sites` of a linked collector or recycler site. */
  provider: number | null;
  ecoOrganisation: string | null;
  plannedTreatmentCode: string | null;
  fillingLevel: FillingLevel;
  estimatedFullQuantity: string | null;
  packageCount: number;
  dangerous: boolean;
  consistency: Consistency | null;
  wasteCode: string;
  providerReceiptNumber: string | null;
  providerReceiptValidity: string | null;
  capNumber: string | null;
  adrMention: string | null;
  adrNumber: string | null;
  state: 'AVAILABLE' | 'ARCHIVED';
  /** What its open operation, if any, makes of it (`plannedWorkOf`). */
  plannedWork: ReturnType<typeof plannedWorkOf>;
  createdAt: string;
}

/** A skip type (by code) a provider site offers. */
export interface WorldSkipSiteLink {
  site: number;
  skipType: string;
}

/** One final outlet of an operation: a final treatment code, never a transit one. */
export interface WorldOperationOutlet {
  name: string;
  siret: string;
  address: string;
  treatmentCode: string;
  qualification: 'RECYCLAGE' | null;
  /** 3 decimals: tonnes summing exactly to the received quantity, or percentages summing to 100. */
  quantity: string;
  quantityUnit: OutletQuantityUnit;
}

/** Costs of a realised operation, euro excluding tax per tonne, 2 decimals. */
export interface WorldOperationCosts {
  treatmentCost: string | null;
  transportCost: string | null;
  recyclingRevenue: string | null;
  purchasePrice: string | null;
}

/**
 * A rotation or retirement of a container. Its site, chantier, provider and waste are the container's; dates
 * are days (`YYYY-MM-DD`), times ISO timestamps.
 */
export interface WorldOperation {
  /** Index in `skips`. */
  skip: number;
  type: OperationType;
  status: OperationStatus;
  /** The container's planned code, or the transit code (R 13, D 15) of a first hop through a transit station. */
  plannedTreatmentCode: string | null;
  requestedDate: string;
  interventionDate: string | null;
  comment: string | null;
  receivedQuantity: string | null;
  realInterventionDate: string | null;
  bsdNumber: string | null;
  /** Index in `sites` of the establishment that carried it: its provider, or the carrier linked to its site. */
  transporter: number | null;
  providerComment: string | null;
  version: number;
  /** When it was asked. */
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  validatedAt: string | null;
  /** Empty until completed. */
  outlets: WorldOperationOutlet[];
  /** Realised operations only. */
  costs: WorldOperationCosts | null;
}

/** An incident a producer declared (without photos), on an operation or on a container. */
export interface WorldIncident {
  /** Index in `operations`, or null for an incident on the container itself. */
  operation: number | null;
  /** Index in `skips`: the operation's container, or the container the incident is about. */
  skip: number;
  description: string;
  createdAt: string;
}

export interface World {
  years: number;
  companies: WorldCompany[];
  sites: WorldSite[];
  entities: WorldEntity[];
  siteLinks: WorldSiteLink[];
  users: WorldUser[];
  skips: WorldSkip[];
  skipSiteLinks: WorldSkipSiteLink[];
  /** Oldest request first. */
  operations: WorldOperation[];
  /** Oldest first. */
  incidents: WorldIncident[];
}
