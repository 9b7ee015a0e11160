import type { RequestParameters } from 'relay-runtime';
import { globalId } from '../relay/globalId.ts';
import type { TypeValues } from './TestWrapper.tsx';

export { globalId };

/** Consistent mock data for the viewer's queries (the mock generator cannot guess enum lists or ids). */
export interface EstablishmentFixture {
  databaseId: number;
  name: string;
  companyName: string;
  city?: string;
  postcode?: string;
}

export interface CompanyFixture {
  databaseId: number;
  name: string;
}

export const USER_ID = 'VXNlcjox';

/** What Relay gives the network layer for a persisted screen query (its id, no text). */
export const screenQueryParams = {
  id: 'c0ffee',
  cacheID: 'c0ffee',
  name: 'SomeScreenQuery',
  operationKind: 'query',
  text: null,
  metadata: {},
} as RequestParameters;

export function establishment(
  databaseId: number,
  companyName: string,
  name: string,
  city = 'Lyon',
  postcode = '69007',
): EstablishmentFixture {
  return { databaseId, companyName, name, city, postcode };
}

/** An establishment node as the graph returns it. */
export function establishmentNode(item: EstablishmentFixture, extra: Record<string, unknown> = {}) {
  const postcode = item.postcode ?? '69007';
  return {
    id: globalId('Establishment', item.databaseId),
    databaseId: item.databaseId,
    name: item.name,
    companyName: item.companyName,
    displayName: `${item.companyName} > ${item.name}`,
    address: '12 rue de Gerland',
    postcode,
    department: postcode.slice(0, 2),
    city: item.city ?? 'Lyon',
    siret: '73282932000074',
    entityCount: 2,
    ...extra,
  };
}

/** A whole connection (every item, no next page) of establishments. */
export function establishmentConnection(items: readonly EstablishmentFixture[]) {
  return {
    totalCount: items.length,
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    edges: items.map((item) => ({ cursor: String(item.databaseId), node: establishmentNode(item) })),
  };
}

export function viewerResolvers({
  typologies = ['PRODUCER'],
  establishments = [],
  linkedEstablishments = [],
  companies = [],
  linkedCompanies = [],
  firstname = 'Claire',
  lastname = 'Martin',
}: {
  typologies?: string[];
  establishments?: EstablishmentFixture[];
  linkedEstablishments?: EstablishmentFixture[];
  companies?: CompanyFixture[];
  linkedCompanies?: CompanyFixture[];
  firstname?: string;
  lastname?: string;
} = {}): TypeValues {
  return {
    User: {
      id: USER_ID,
      firstname,
      lastname,
      fullName: `${firstname} ${lastname}`,
      hasAcceptedCGU: true,
      typologies,
      ownSiteTypology: typologies.includes('PRODUCER') ? 'PRODUCER' : 'RETRIEVER',
      companies: companies.map((company) => ({ id: globalId('Company', company.databaseId), ...company })),
      linkedCompanies: linkedCompanies.map((company) => ({
        id: globalId('Company', company.databaseId),
        ...company,
      })),
      establishments: establishmentConnection(establishments),
      linkedEstablishments: establishmentConnection(linkedEstablishments),
    },
  };
}
