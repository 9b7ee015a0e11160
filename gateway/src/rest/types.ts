/** The resources of docs/rest-api.md as the gateway reads them (JSON-LD items; references are IRIs). */

export interface JsonLdItem {
  '@id': string;
  '@type'?: string;
  id: number;
}

export interface RestUser extends JsonLdItem {
  email: string;
  userIdentifier: string;
  lastname: string | null;
  firstname: string | null;
  phone: string | null;
  function: string | null;
  notificationEmail: string | null;
  hasAcceptedCGU: boolean;
  userTypologies: string[];
  permissions: string[];
  limitedToEntities: boolean;
  companies: string[];
  companiesIds: number[];
  companiesIdsFull: number[];
  linkedCompanies: string[];
  companySites: string[];
  companySitesIds: number[];
  companySitesIdsFull: number[];
  companySiteEntities: string[];
}

export interface RestCompany extends JsonLdItem {
  name: string;
  siret?: string | null;
  /** IRI of its NAF section (`/api/company_sectors/3`), or null. */
  companySector?: string | null;
}

export interface RestSite extends JsonLdItem {
  name: string;
  company: string | null;
  companyName: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  department: string | null;
  siret: string | null;
  lat: number | null;
  lon: number | null;
  logo: string | null;
  siteTypologies: string[];
  hasFullAccess: boolean;
  companySiteEntities: string[];
  companySiteEntitiesData: Record<string, { name: string }>;
  /** IRIs of the linked sites the caller can see: a producer site's providers, a retriever site's clients. */
  linkedCompanySites: string[];
  /** Chantiers the caller sees here. */
  entityCount: number;
  companySector: string | null;
}

export interface RestEntity extends JsonLdItem {
  name: string;
  companySite: string;
  startDate: string | null;
  endDate: string | null;
  address: string | null;
}

/** An entry of a reference list (`company_sectors`, `site_typologies`). */
export interface RestReference extends JsonLdItem {
  code: string;
  label: string;
}

/** `GET /api/states`: a French region and its departments. */
export interface RestState extends RestReference {
  departments: string[];
}

/** `POST /api/login`. */
export interface LoginResult {
  token: string;
  userId: number;
  expiresAt: string;
}
