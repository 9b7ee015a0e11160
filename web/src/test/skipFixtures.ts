import { globalId } from '../relay/globalId.ts';
import {
  type EstablishmentFixture,
  establishment,
  establishmentNode,
  USER_ID,
  viewerResolvers,
} from './fixtures.ts';
import { renderRoute, resolveOperation, resolveSession } from './TestWrapper.tsx';

/** Containers and deliveries as the graph returns them, for the operations screen's tests. */

export function connection(nodes: readonly object[]) {
  return {
    totalCount: nodes.length,
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    edges: nodes.map((node, index) => ({ cursor: `c${index}`, node })),
  };
}

export interface SkipFixture {
  databaseId: number;
  name: string;
  [field: string]: unknown;
}

/** A container with every field the screens read; unset details are empty, flags the producer's. */
export function skipNode({ databaseId, ...fields }: SkipFixture) {
  return {
    id: globalId('Skip', databaseId),
    databaseId,
    establishment: { id: globalId('Establishment', 12) },
    entity: null,
    skipType: null,
    unit: null,
    volume: null,
    firstLevelWaste: null,
    secondLevelWaste: null,
    thirdLevelWaste: null,
    provider: null,
    ecoOrganisation: null,
    plannedTreatmentCode: null,
    fillingLevel: null,
    estimatedFullQuantity: null,
    quantityEstimated: false,
    packageCount: null,
    dangerous: false,
    persistentOrganicPollutants: false,
    consistency: null,
    wasteCode: null,
    providerReceiptNumber: null,
    providerReceiptValidity: null,
    capNumber: null,
    adrMention: null,
    adrNumber: null,
    state: 'AVAILABLE',
    plannedWork: null,
    missingForRotation: [],
    canRequestRotation: true,
    canRequestRetirement: true,
    canDeclareIncident: true,
    incidents: [],
    canEdit: true,
    canComplete: false,
    canDelete: true,
    ...fields,
  };
}

export interface DeliveryFixture {
  databaseId: number;
  skipName: string;
  requestedDate: string;
  [field: string]: unknown;
}

export function deliveryNode({ databaseId, skipName, ...fields }: DeliveryFixture) {
  return {
    id: globalId('SkipDelivery', databaseId),
    databaseId,
    skip: { id: globalId('Skip', 900 + databaseId), name: skipName, state: 'ORDERED' },
    establishment: {
      id: globalId('Establishment', 12),
      displayName: 'Martin Industries > Usine de Lyon Gerland',
    },
    orderedAt: '2030-03-01T09:30:00Z',
    scheduledDate: null,
    status: 'ORDERED',
    comment: null,
    program: null,
    canAdvance: false,
    canCancel: false,
    ...fields,
  };
}

export function programNode(databaseId: number, startDate: string, endDate: string) {
  return {
    id: globalId('SkipDeliveryProgram', databaseId),
    databaseId,
    startDate,
    endDate,
    recurrence: 'MONTH',
    interval: 1,
    weekdays: ['FRIDAY'],
    monthPosition: 'LAST',
    monthDay: null,
  };
}

/** Reference data of the container form: a small but real waste hierarchy, types and treatment codes. */
export const formReferences = {
  skipTypes: [
    {
      id: globalId('SkipType', 1),
      label: 'Bac roulant 660 L',
      category: 'Bacs',
      volume: '660.000',
      unit: 'L',
    },
    {
      id: globalId('SkipType', 4),
      label: 'Benne 15 m³',
      category: 'Bennes',
      volume: '15.000',
      unit: 'm3',
    },
  ],
  wasteHierarchy: [
    {
      id: globalId('FirstLevelWaste', 1),
      label: 'Déchets non dangereux',
      secondLevelWastes: [
        {
          id: globalId('SecondLevelWaste', 1),
          label: 'Papier-carton',
          thirdLevelWastes: [
            {
              id: globalId('ThirdLevelWaste', 1),
              label: 'Emballages en papier et carton',
              dangerous: false,
              wasteCode: { code: '15 01 01', description: 'emballages en papier/carton' },
            },
          ],
        },
        {
          id: globalId('SecondLevelWaste', 2),
          label: 'Bois',
          thirdLevelWastes: [
            {
              id: globalId('ThirdLevelWaste', 2),
              label: 'Emballages en bois',
              dangerous: false,
              wasteCode: { code: '15 01 03', description: 'emballages en bois' },
            },
          ],
        },
      ],
    },
    {
      id: globalId('FirstLevelWaste', 2),
      label: 'Déchets dangereux',
      secondLevelWastes: [
        {
          id: globalId('SecondLevelWaste', 3),
          label: 'Emballages souillés',
          thirdLevelWastes: [
            {
              id: globalId('ThirdLevelWaste', 3),
              label: 'Emballages contenant des résidus de substances dangereuses',
              dangerous: true,
              wasteCode: {
                code: '15 01 10*',
                description:
                  'emballages contenant des résidus de substances dangereuses ou contaminés par de tels résidus',
              },
            },
          ],
        },
      ],
    },
  ],
  treatmentCodes: [
    { code: 'R 3', description: 'Recyclage ou récupération des substances organiques' },
    { code: 'D 10', description: 'Incinération à terre' },
  ],
};

export const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');
export const villeurbanne = establishment(
  15,
  'Martin Industries',
  'Dépôt de Villeurbanne',
  'Villeurbanne',
  '69100',
);
export const provider = establishment(
  40,
  'Recyclage du Rhône',
  'Centre de tri de Vénissieux',
  'Vénissieux',
  '69200',
);

export const cardboard = skipNode({
  databaseId: 7,
  name: 'Benne carton quai 2',
  skipType: { id: globalId('SkipType', 4), label: 'Benne 15 m³' },
  unit: 'm3',
  volume: '15.000',
  secondLevelWaste: { id: globalId('SecondLevelWaste', 1), label: 'Papier-carton' },
  thirdLevelWaste: { id: globalId('ThirdLevelWaste', 1), label: 'Emballages en papier et carton' },
  provider: {
    id: globalId('Establishment', 40),
    displayName: 'Recyclage du Rhône > Centre de tri de Vénissieux',
  },
  fillingLevel: 'HALF',
  plannedWork: 'ROTATION_PLANNED',
  missingForRotation: [
    { field: 'plannedTreatmentCode', label: 'Code de traitement prévu' },
    { field: 'estimatedFullQuantity', label: 'Quantité estimée une fois plein (t)' },
  ],
  canRequestRotation: false,
});

export const solvents = skipNode({
  databaseId: 8,
  name: 'Fûts de solvants',
  state: 'ORDERED',
  provider: {
    id: globalId('Establishment', 40),
    displayName: 'Recyclage du Rhône > Centre de tri de Vénissieux',
  },
  // Awaiting its delivery, it is not on site: the graph allows no request on it.
  canRequestRotation: false,
  canRequestRetirement: false,
  dangerous: true,
  fillingLevel: 'FULL',
  wasteCode: { code: '14 06 03*', description: 'autres solvants et mélanges de solvants' },
});

export interface ScreenFixture {
  path?: string;
  typologies?: string[];
  establishments?: EstablishmentFixture[];
  linked?: EstablishmentFixture[];
  site?: Record<string, unknown> | null;
  incoming?: object[];
  /** With no site chosen: the sites whose containers are listed, grouped (siteNode). */
  groups?: object[];
}

export function siteNode(
  site: EstablishmentFixture,
  { skips = [cardboard, solvents], deliveries = [], canManageSkips = true }: Record<string, unknown> = {},
) {
  return establishmentNode(site, {
    canManageSkips,
    skips: connection(skips as object[]),
    skipDeliveries: connection(deliveries as object[]),
  });
}

/** Signs in, answers the layout and opens `/operations` with the screen's data. */
export async function openOperations(fixture: ScreenFixture = {}) {
  const typologies = fixture.typologies ?? ['PRODUCER'];
  const retriever = !typologies.includes('PRODUCER');
  const view = renderRoute(fixture.path ?? '/operations?etablissement=12');
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    typologies: typologies as ('PRODUCER' | 'RETRIEVER' | 'CARRIER')[],
    ownSiteTypology: retriever ? 'RETRIEVER' : 'PRODUCER',
    isRetriever: typologies.includes('RETRIEVER'),
  });
  await resolveOperation(
    view.environment,
    'DashboardLayoutQuery',
    viewerResolvers({
      typologies,
      establishments: fixture.establishments ?? [gerland],
      linkedEstablishments: fixture.linked ?? [provider],
    }),
  );
  const operation = await resolveOperation(view.environment, 'SkipsTabQuery', {
    Query: {
      viewer: {
        id: USER_ID,
        ownSiteTypology: retriever ? 'RETRIEVER' : 'PRODUCER',
        isRetriever: typologies.includes('RETRIEVER'),
        incomingSkipDeliveries: connection(fixture.incoming ?? []),
        establishments: connection(fixture.groups ?? []),
        linkedEstablishments: connection(fixture.groups ?? []),
      },
      site: fixture.site === undefined ? siteNode(gerland) : fixture.site,
    },
  });
  return { ...view, operation };
}
