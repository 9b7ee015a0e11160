import {
  HISTORY_FILTERS,
  type OperationStatus,
  type OperationType,
  operationStatusLabels,
  operationTypeLabels,
} from '@portal/domain/operations';
import type { OperationDescriptor } from 'relay-runtime';
import { globalId } from '../relay/globalId.ts';
import { type EstablishmentFixture, USER_ID, viewerResolvers } from './fixtures.ts';
import { gerland, provider } from './skipFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  renderRoute,
  resolveOperation,
  resolveSession,
} from './TestWrapper.tsx';

/** Operations as the graph returns them, for the tests of the lists, the moves, the detail and the completion. */

export interface OperationFixture {
  databaseId: number;
  status?: OperationStatus;
  type?: OperationType;
  [field: string]: unknown;
}

/** An operation as the Relay test environment answers it: its fields as the graph names them, any overridden by a test. */
export type OperationNode = Record<string, unknown> & {
  id: string;
  databaseId: number;
  skip: Record<string, unknown> | null;
};

/** An operation with every field the screens read: a rotation of the cardboard skip of Gerland, just asked. */
export function operationNode({
  databaseId,
  status = 'REQUESTED',
  type = 'ROTATION',
  ...fields
}: OperationFixture): OperationNode {
  return {
    id: globalId('Operation', databaseId),
    databaseId,
    type,
    typeLabel: operationTypeLabels[type],
    status,
    statusLabel: operationStatusLabels[status],
    declaredBy: null,
    requestedAt: '2030-03-01T09:30:00Z',
    requestedDate: '2030-03-12',
    interventionDate: null,
    comment: null,
    skip: {
      id: globalId('Skip', 7),
      name: 'Benne carton quai 2',
      state: 'AVAILABLE',
      plannedWork: 'ROTATION_ASKED',
    },
    establishment: {
      id: globalId('Establishment', 12),
      displayName: 'Martin Industries > Usine de Lyon Gerland',
    },
    entity: null,
    provider: {
      id: globalId('Establishment', 40),
      displayName: 'Recyclage du Rhône > Centre de tri de Vénissieux',
    },
    thirdLevelWaste: { id: globalId('ThirdLevelWaste', 1), label: 'Emballages en papier et carton' },
    wasteCode: { code: '15 01 01', description: 'emballages en papier/carton' },
    dangerous: false,
    plannedTreatmentCode: {
      code: 'R 3',
      description: 'Recyclage ou récupération des substances organiques',
    },
    receivedQuantity: null,
    quantityEstimated: false,
    realInterventionDate: null,
    bsdNumber: null,
    hazardousPickup: null,
    transporter: null,
    transporterChoices: [],
    broker: null,
    ecoOrganisation: null,
    skipName: null,
    providerComment: null,
    finalOutlets: [],
    completedAt: null,
    validatedAt: null,
    version: 3,
    viewerActions: [],
    canEditCompletion: false,
    canDeclareIncident: false,
    incidents: [],
    program: null,
    costs: null,
    canEditCosts: false,
    defaultTreatment: null,
    outletChoices: [],
    proposedCosts: null,
    ...fields,
  };
}

/** A page of a connection of operations (cursors `c0`, `c1`… from `offset`). */
export function operationPage(
  nodes: readonly object[],
  { hasNextPage = false, totalCount = nodes.length, offset = 0 } = {},
) {
  const edges = nodes.map((node, index) => ({ cursor: `c${offset + index}`, node }));
  return {
    totalCount,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    edges,
  };
}

/** The history filter as the gateway lists it (`operationHistoryFilters`): domain's labels, in its order. */
export const historyFilterOptions = Object.entries(HISTORY_FILTERS).map(([key, filter]) => ({
  value: key.toUpperCase(),
  label: filter.label,
  statuses: [...filter.statuses],
}));

/** The official treatment codes the completion form offers (a few of them). */
export const treatmentCodes = [
  {
    code: 'R 1',
    description: 'Utilisation principale comme combustible',
    qualifications: [{ value: 'VALORISATION_ENERGETIQUE', label: 'Valorisation énergétique' }],
  },
  {
    code: 'R 3',
    description: 'Recyclage ou récupération des substances organiques',
    qualifications: [
      { value: 'RECYCLAGE', label: 'Recyclage' },
      { value: 'AUTRES_VALORISATIONS', label: 'Autres valorisations' },
    ],
  },
  {
    code: 'D 10',
    description: 'Incinération à terre',
    qualifications: [{ value: 'ELIMINATION', label: 'Élimination' }],
  },
];

/** The graph's flags of a viewer of these typologies (`PRODUCER`, ...). */
export function viewerFlags(typologies: readonly string[]) {
  return {
    isProducer: typologies.includes('PRODUCER'),
    isRetriever: typologies.includes('RETRIEVER'),
    isCarrier: typologies.includes('CARRIER'),
  };
}

export interface SignInFixture {
  path: string;
  /** In React's strict mode (effects run twice), as the app runs. */
  strict?: boolean;
  typologies?: string[];
  establishments?: EstablishmentFixture[];
  linked?: EstablishmentFixture[];
}

/** Renders a path of the app and answers the session and the dashboard layout of a producer or a provider. */
export async function signIn({
  path,
  typologies = ['PRODUCER'],
  establishments = [gerland],
  linked = [provider],
  strict = false,
}: SignInFixture) {
  const view = renderRoute(path, undefined, { strict });
  const retriever = !typologies.includes('PRODUCER');
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    typologies: typologies as ('PRODUCER' | 'RETRIEVER' | 'CARRIER')[],
    ownSiteTypology: retriever ? 'RETRIEVER' : 'PRODUCER',
    isRetriever: typologies.includes('RETRIEVER'),
  });
  await resolveOperation(
    view.environment,
    'DashboardLayoutQuery',
    viewerResolvers({ typologies, establishments, linkedEstablishments: linked }),
  );
  // The pick-ups' tabs depend on the typologies. The viewer keeps its id: a generated one would repoint the store's
  // viewer at a record without the layout's fields, which the layout may render in between.
  if (/^\/mes-enlevements(?:[/?]|$)/.test(path)) {
    await resolveOperation(view.environment, 'PickupsLayoutQuery', { User: { id: USER_ID, typologies } });
  }
  return { ...view, retriever, typologies, sites: [...establishments, ...linked] };
}

export interface ListAnswer {
  operations?: readonly object[];
  hasNextPage?: boolean;
  totalCount?: number;
  /** The viewer's recurring rotation programs (the requests tab lists them too). */
  programs?: readonly object[];
  permissions?: readonly string[];
}

/**
 * Answers the list's query (the first, or the one a filter change sent): the operations given, the site the
 * variables name (among the viewer's establishments and linked sites) and the history filters.
 */
export async function resolveList(
  environment: MockEnvironment,
  {
    retriever,
    typologies = [retriever ? 'RETRIEVER' : 'PRODUCER'],
    sites,
  }: { retriever: boolean; typologies?: readonly string[]; sites: readonly EstablishmentFixture[] },
  { operations = [], hasNextPage = false, totalCount, programs = [], permissions = [] }: ListAnswer = {},
): Promise<OperationDescriptor> {
  const pending = await findOperation(environment, 'OperationListPageQuery');
  const { withSite, siteId } = pending.request.variables;
  const site = withSite ? sites.find((item) => item.databaseId === siteId) : undefined;
  return resolveOperation(environment, 'OperationListPageQuery', {
    Query: {
      viewer: {
        id: USER_ID,
        ownSiteTypology: retriever ? 'RETRIEVER' : 'PRODUCER',
        ...viewerFlags(typologies),
        permissions,
        operations: operationPage(operations, {
          hasNextPage,
          ...(totalCount === undefined ? {} : { totalCount }),
        }),
        rotationPrograms: operationPage(programs),
      },
      site: site
        ? {
            id: globalId('Establishment', site.databaseId),
            displayName: `${site.companyName} > ${site.name}`,
          }
        : null,
      operationHistoryFilters: historyFilterOptions,
    },
  });
}

/** Signs in and opens a list of operations (`/operations/demandes`, `/mes-enlevements`…) with its rows. */
export async function openOperationList(fixture: SignInFixture & ListAnswer) {
  const view = await signIn(fixture);
  const operation = await resolveList(view.environment, view, fixture);
  return { ...view, operation };
}

/**
 * Signs in and opens `/operations/:id` with that operation (null: none the viewer may see). The URL names the
 * viewer's first establishment, as the selection would: the screen's query is then sent once.
 */
export async function openOperationPage(
  operation: OperationNode | null,
  fixture: Partial<SignInFixture> = {},
) {
  const selected = (fixture.establishments ?? [gerland])[0]?.databaseId;
  const view = await signIn({
    path: `/operations/${operation?.databaseId ?? 404}?etablissement=${selected}`,
    ...fixture,
  });
  const query = await resolveOperation(view.environment, 'OperationPageQuery', {
    Query: { viewer: { id: USER_ID, ...viewerFlags(view.typologies) }, operation, treatmentCodes },
  });
  return { ...view, query };
}

/** The answer of a move or a completion that went through: the operation as the api now has it. */
export function operationPayload(operation: OperationNode) {
  return { OperationPayload: { userErrors: [], operation } };
}
