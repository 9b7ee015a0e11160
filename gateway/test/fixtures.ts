import type {
  RestCompany,
  RestEntity,
  RestReference,
  RestSite,
  RestState,
  RestUser,
} from '../src/rest/types.ts';

/** JSON-LD bodies in the exact shapes of docs/rest-api.md. */

export const JSON_LD = { 'content-type': 'application/ld+json; charset=utf-8' };
export const PROBLEM = { 'content-type': 'application/problem+json; charset=utf-8' };

export function problem(status: number, title: string, detail: string = title, extra: object = {}) {
  return { type: `/errors/${status}`, title, detail, status, ...extra };
}

export function collection<T>(type: string, members: T[], path = `/api/${type}`) {
  return {
    '@context': `/api/contexts/${type}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': members.length,
  };
}

export function userItem(overrides: Partial<RestUser> = {}): RestUser {
  const id = overrides.id ?? 1;
  return {
    '@id': `/api/users/${id}`,
    '@type': 'User',
    id,
    email: 'producteur@demo.fr',
    userIdentifier: 'producteur@demo.fr',
    lastname: 'Martin',
    firstname: 'Claire',
    phone: '+33612345678',
    function: 'Responsable environnement',
    notificationEmail: null,
    hasAcceptedCGU: true,
    userTypologies: ['producer'],
    permissions: ['dashboard:read', 'site:read'],
    limitedToEntities: false,
    companies: ['/api/companies/1'],
    companiesIds: [1],
    companiesIdsFull: [1],
    linkedCompanies: [],
    companySites: [],
    companySitesIds: [],
    companySitesIdsFull: [],
    companySiteEntities: [],
    ...overrides,
  };
}

export function companyItem(
  id: number,
  name = `Entreprise ${id}`,
  overrides: Partial<RestCompany> = {},
): RestCompany {
  return {
    '@id': `/api/companies/${id}`,
    '@type': 'Company',
    id,
    name,
    siret: null,
    companySector: null,
    ...overrides,
  };
}

export function sectorItem(id: number, code: string, label: string): RestReference {
  return { '@id': `/api/company_sectors/${id}`, '@type': 'CompanySector', id, code, label };
}

export function stateItem(id: number, code: string, label: string, departments: string[]): RestState {
  return { '@id': `/api/states/${id}`, '@type': 'State', id, code, label, departments };
}

export function siteItem(id: number, companyId: number, overrides: Partial<RestSite> = {}): RestSite {
  return {
    '@id': `/api/company_sites/${id}`,
    '@type': 'CompanySite',
    id,
    name: `Site ${String(id).padStart(4, '0')}`,
    company: `/api/companies/${companyId}`,
    companyName: `Entreprise ${companyId}`,
    address: '12 rue de Gerland',
    city: 'Lyon',
    postcode: '69007',
    department: '69',
    siret: '73282932000074',
    lat: 45.7289,
    lon: 4.8315,
    logo: null,
    siteTypologies: ['producer'],
    hasFullAccess: true,
    companySiteEntities: [],
    companySiteEntitiesData: {},
    linkedCompanySites: [],
    entityCount: overrides.companySiteEntities?.length ?? 0,
    companySector: null,
    ...overrides,
  };
}

export function entityItem(id: number, siteId: number, name = `Chantier ${id}`): RestEntity {
  return {
    '@id': `/api/company_sites/${siteId}/company_site_entities/${id}`,
    '@type': 'CompanySiteEntity',
    id,
    name,
    companySite: `/api/company_sites/${siteId}`,
    startDate: '2025-01-06',
    endDate: null,
    address: null,
  };
}

/** The integers of a repeated query parameter (`id[]=1&id[]=2`) of a request (nock 15 gives a Request). */
export function idsOf(request: Request | string, name: string): number[] {
  const url = typeof request === 'string' ? request : request.url;
  const search = url.split('?', 2)[1] ?? '';
  return search
    .split('&')
    .map((pair) => pair.split('=', 2).map(decodeURIComponent))
    .filter(([key]) => key === name)
    .map(([, value]) => Number(value));
}
