import type { TypeValues } from './TestWrapper.tsx';

/** Consistent mock data for the viewer's queries (the mock generator cannot guess enum lists or ids). */
export interface EstablishmentFixture {
  databaseId: number;
  name: string;
  companyName: string;
  city?: string;
}

export const USER_ID = 'VXNlcjox';

export function establishment(databaseId: number, companyName: string, name: string, city = 'Lyon') {
  return { databaseId, companyName, name, city };
}

export function viewerResolvers({
  typologies = ['PRODUCER'],
  establishments = [],
  firstname = 'Claire',
  lastname = 'Martin',
}: {
  typologies?: string[];
  establishments?: EstablishmentFixture[];
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
      establishments: {
        totalCount: establishments.length,
        edges: establishments.map((item) => ({
          cursor: String(item.databaseId),
          node: {
            id: btoa(`Establishment:${item.databaseId}`),
            databaseId: item.databaseId,
            name: item.name,
            companyName: item.companyName,
            displayName: `${item.companyName} > ${item.name}`,
            address: '12 rue de Gerland',
            postcode: '69007',
            city: item.city ?? 'Lyon',
            siret: '73282932000074',
          },
        })),
      },
    },
  };
}
