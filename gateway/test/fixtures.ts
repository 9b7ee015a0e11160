import type {
  RestCompany,
  RestEntity,
  RestFirstLevelWaste,
  RestReference,
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
} from '../src/rest/types.ts';

/** JSON-LD bodies in the exact shapes of docs/rest-api.md. */

export const JSON_LD = { 'content-type': 'application/ld+json; charset=utf-8' };
export const PROBLEM = { 'content-type': 'application/problem+json; charset=utf-8' };

export function problem(status: number, title: string, detail: string = title, extra: object = {}) {
  return { type: `/errors/${status}`, title, detail, status, ...extra };
}

/** A 422 problem with these violations (`[propertyPath, message]`), as the api answers a refused write. */
export function violations(...list: [string, string][]) {
  return problem(
    422,
    'Les données envoyées ne sont pas valides.',
    list.map(([path, message]) => `${path}: ${message}`).join('\n'),
    {
      violations: list.map(([propertyPath, message]) => ({ propertyPath, message, code: 'invalid' })),
    },
  );
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

/** A container in the exact shape of docs/rest-api.md ("Skips"): a non-hazardous cardboard skip, half full. */
export function skipItem(id: number, siteId: number, overrides: Partial<RestSkip> = {}): RestSkip {
  return {
    '@id': `/api/skips/${id}`,
    '@type': 'Skip',
    id,
    name: `Benne ${id}`,
    companySite: `/api/company_sites/${siteId}`,
    companySiteEntity: null,
    skipType: '/api/skip_types/4',
    unit: 'm3',
    volume: '15.000',
    firstLevelWaste: '/api/first_level_wastes/1',
    secondLevelWaste: '/api/second_level_wastes/1',
    thirdLevelWaste: '/api/third_level_wastes/2',
    provider: null,
    ecoOrganisation: null,
    plannedTreatmentCode: 'R 3',
    fillingLevel: 'HALF',
    estimatedFullQuantity: '2.400',
    quantityEstimated: false,
    packageCount: 1,
    dangerous: false,
    persistentOrganicPollutants: false,
    consistency: null,
    wasteCode: '15 01 01',
    providerReceiptNumber: null,
    providerReceiptValidity: null,
    capNumber: null,
    adrMention: null,
    adrNumber: null,
    state: 'AVAILABLE',
    plannedWork: null,
    missingForRotation: [],
    version: 1,
    createdAt: `2026-01-01T08:00:${String(id % 60).padStart(2, '0')}+00:00`,
    updatedAt: '2026-01-02T08:00:00+00:00',
    ...overrides,
  };
}

export function deliveryItem(
  id: number,
  skip: RestSkip,
  overrides: Partial<RestSkipDelivery> = {},
): RestSkipDelivery {
  return {
    '@id': `/api/skip_deliveries/${id}`,
    '@type': 'SkipDelivery',
    id,
    skip: skip['@id'],
    companySite: skip.companySite,
    companySiteEntity: skip.companySiteEntity,
    provider: skip.provider,
    requestedDate: '2026-03-02',
    scheduledDate: null,
    status: 'ORDERED',
    program: null,
    comment: null,
    version: 1,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    validatedAt: null,
    ...overrides,
  };
}

export function programItem(
  id: number,
  overrides: Partial<RestSkipDeliveryProgram> = {},
): RestSkipDeliveryProgram {
  return {
    '@id': `/api/skip_delivery_programs/${id}`,
    '@type': 'SkipDeliveryProgram',
    id,
    skip: '/api/skips/1',
    companySite: '/api/company_sites/1',
    companySiteEntity: null,
    provider: '/api/company_sites/12',
    startDate: '2026-03-02',
    endDate: '2026-12-31',
    recurrence: 'MONTH',
    interval: 1,
    weekdays: [],
    monthPosition: null,
    monthDay: 2,
    comment: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The reference lists of the containers, a few rows of each in the api's shapes. */
export const FIRST_LEVEL_WASTES: RestFirstLevelWaste[] = [
  {
    '@id': '/api/first_level_wastes/1',
    '@type': 'FirstLevelWaste',
    id: 1,
    code: 'DND',
    label: 'Déchets non dangereux',
  },
  {
    '@id': '/api/first_level_wastes/2',
    '@type': 'FirstLevelWaste',
    id: 2,
    code: 'DD',
    label: 'Déchets dangereux',
  },
  {
    '@id': '/api/first_level_wastes/3',
    '@type': 'FirstLevelWaste',
    id: 3,
    code: 'DI',
    label: 'Déchets inertes',
  },
];

export const SECOND_LEVEL_WASTES: RestSecondLevelWaste[] = [
  [1, 'PAPIER_CARTON', 'Papier-carton', 1],
  [2, 'METAUX', 'Métaux', 1],
  [3, 'DD_SOLVANTS', 'Solvants usagés', 2],
].map(([id, code, label, first]) => ({
  '@id': `/api/second_level_wastes/${id}`,
  '@type': 'SecondLevelWaste',
  id: id as number,
  code: code as string,
  label: label as string,
  firstLevelWaste: `/api/first_level_wastes/${first}`,
}));

export const THIRD_LEVEL_WASTES: RestThirdLevelWaste[] = [
  [1, 'PAPIER_BUREAU', 'Papier de bureau', 1, '20 01 01', false],
  [2, 'CARTON', 'Emballages en carton', 1, '15 01 01', false],
  [3, 'FERRAILLE', 'Ferraille', 2, '17 04 05', false],
  [4, 'SOLVANTS_HALOGENES', 'Solvants halogénés', 3, '14 06 02*', true],
].map(([id, code, label, second, wasteCode, dangerous]) => ({
  '@id': `/api/third_level_wastes/${id}`,
  '@type': 'ThirdLevelWaste',
  id: id as number,
  code: code as string,
  label: label as string,
  secondLevelWaste: `/api/second_level_wastes/${second}`,
  wasteCode: wasteCode as string,
  dangerous: dangerous as boolean,
}));

export const SKIP_TYPES: RestSkipType[] = [
  [1, 'BAC_240', 'Bac 240 L', 'Bac roulant', '240.000', 'L'],
  [4, 'BENNE_15', 'Benne 15 m3', 'Benne', '15.000', 'm3'],
  [7, 'BIG_BAG', 'Big bag', 'Big bag', '1.000', 'unité'],
].map(([id, code, label, category, volume, unit]) => ({
  '@id': `/api/skip_types/${id}`,
  '@type': 'SkipType',
  id: id as number,
  code: code as string,
  label: label as string,
  category: category as string,
  volume: volume as string,
  unit: unit as string,
}));

export const WASTE_CODES: RestWasteCode[] = [
  ['14 06 02*', 'autres solvants et mélanges de solvants halogénés', true, '14'],
  ['15 01 01', 'emballages en papier/carton', false, '15'],
  [
    '15 01 10*',
    'emballages contenant des résidus de substances dangereuses ou contaminés par de tels résidus',
    true,
    '15',
  ],
  ['17 04 05', 'fer et acier', false, '17'],
  ['20 01 01', 'papier et carton', false, '20'],
].map(([code, description, dangerous, chapter]) => {
  const id = Number(String(code).replace(/\D/g, ''));
  return {
    '@id': `/api/operation_waste_codes/${id}`,
    '@type': 'OperationWasteCode',
    id,
    code: code as string,
    description: description as string,
    dangerous: dangerous as boolean,
    chapter: chapter as string,
  };
});

export const TREATMENT_CODES: RestTreatmentCode[] = [
  ['R 1', "Utilisation principale comme combustible ou autre moyen de produire de l'énergie", 'R', true],
  [
    'R 3',
    'Recyclage ou récupération des substances organiques qui ne sont pas utilisées comme solvants',
    'R',
    true,
  ],
  ['R 13', 'Stockage de déchets préalablement à l’une des opérations R1 à R12', 'R', false],
  ['D 10', 'Incinération à terre', 'D', true],
].map(([code, description, kind, isFinal]) => {
  const id = String(code).replace(/\s/g, '');
  return {
    '@id': `/api/operation_treatment_codes/${id}`,
    '@type': 'OperationTreatmentCode',
    id,
    code: code as string,
    description: description as string,
    kind: kind as string,
    isFinal: isFinal as boolean,
    usableInTrackdechets: true,
    // As treatment-codes.json lists them: R 3 allows two qualifications, R 1 one, a transit code none.
    operationModes:
      (
        {
          'R 3': ['RECYCLAGE', 'AUTRES_VALORISATIONS'],
          'R 1': ['VALORISATION_ENERGETIQUE'],
          'D 10': ['ELIMINATION'],
        } as Record<string, string[]>
      )[code as string] ?? [],
  };
});

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
