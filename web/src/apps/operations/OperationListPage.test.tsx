import { messages } from '@portal/domain/messages';
import { act, waitFor, within } from '@testing-library/react';
import { MockPayloadGenerator } from 'relay-test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillDate } from '../../test/dateField.ts';
import { globalId, USER_ID } from '../../test/fixtures.ts';
import {
  historyFilterOptions,
  openOperationList,
  operationNode,
  operationPage,
  resolveList,
  signIn,
} from '../../test/operationFixtures.ts';
import { gerland, provider, villeurbanne } from '../../test/skipFixtures.ts';
import { findOperation, resolveOperation, screen } from '../../test/TestWrapper.tsx';

// The screens are lazy route chunks: load them once, so that the first test does not wait for their transform.
beforeAll(async () => {
  await Promise.all([import('./OperationsLayout.tsx'), import('./OperationListPage.tsx')]);
});

const OPEN = ['REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED', 'COMPLETED'];

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const asked = operationNode({
  databaseId: 31,
  viewerActions: ['CANCEL'],
});
const scheduledRetirement = operationNode({
  databaseId: 32,
  type: 'RETIREMENT',
  status: 'SCHEDULED',
  requestedDate: '2030-03-20',
  interventionDate: '2030-03-22',
  dangerous: true,
  skip: { id: globalId('Skip', 8), name: 'Fûts de solvants', state: 'AVAILABLE', plannedWork: null },
  thirdLevelWaste: null,
  wasteCode: { code: '14 06 03*', description: 'autres solvants et mélanges de solvants' },
  viewerActions: ['CANCEL'],
});

describe('the requests tab', () => {
  it('lists the producer’s open operations of the selected establishment, with their status and moves', async () => {
    const { operation } = await openOperationList({
      path: '/operations/demandes?etablissement=12',
      operations: [asked, scheduledRetirement],
    });
    expect(operation.request.variables).toEqual({
      filter: { history: 'ALL', statuses: OPEN, establishmentId: globalId('Establishment', 12) },
      siteId: 12,
      withSite: true,
      withPrograms: true,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    const tabs = await screen.findByRole('navigation', { name: 'Vues des opérations' });
    expect(within(tabs).getByRole('link', { name: 'Demandes' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Historique' })).toHaveAttribute(
      'href',
      '/operations/historique?etablissement=12',
    );
    const section = screen.getByRole('region', { name: 'Demandes en cours' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Demandes en cours' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Les rotations et retraits demandés qui ne sont pas encore terminés.');
    expect(section).toHaveTextContent(
      'Établissement sélectionné : Martin Industries > Usine de Lyon Gerland',
    );
    // The history's filter is not offered here.
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();

    const table = within(section).getByRole('table', { name: 'Demandes en cours' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Opération',
      'Contenant et déchet',
      'Établissement',
      'Date souhaitée',
      'Intervention',
      'Statut',
      'Actions',
    ]);
    const [first, second] = rowsOf(table) as [HTMLElement, HTMLElement];
    expect(cellsOf(first)).toEqual([
      'Rotation n° 31',
      'Benne carton quai 2Emballages en papier et carton · 15 01 01',
      'Martin Industries > Usine de Lyon Gerland',
      '12/03/2030',
      '—',
      'Demande en cours',
      'Annuler',
    ]);
    const link = within(first).getByRole('link', { name: / n° 31$/ });
    // The detail keeps the dashboard selection.
    expect(link).toHaveAttribute('href', '/operations/31?etablissement=12');
    expect(within(first).getByRole('button', { name: 'Annuler : Rotation n° 31' })).toBeEnabled();

    expect(cellsOf(second)).toEqual([
      'Retrait définitif n° 32',
      'Fûts de solvants14 06 03*',
      'Martin Industries > Usine de Lyon Gerland',
      '20/03/2030',
      '22/03/2030',
      'Programmée',
      'Annuler',
    ]);
    expect(
      within(second).getByRole('button', { name: 'Annuler : Retrait définitif n° 32' }),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent('2 opérations');
    expect(within(section).queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
  });

  it('says when no request is in progress', async () => {
    await openOperationList({ path: '/operations/demandes?etablissement=12' });
    const section = await screen.findByRole('region', { name: 'Demandes en cours' });
    expect(section).toHaveTextContent('Aucune demande en cours.');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(section).not.toHaveTextContent('0 opération');
  });
});

describe('the history', () => {
  it('filters by requested dates typed jj/mm/aaaa, which go into the URL as ISO dates', async () => {
    const view = await openOperationList({
      path: '/operations/historique?etablissement=12&du=2030-03-01',
      operations: [operationNode({ databaseId: 33, status: 'CANCELLED' })],
    });
    const from = await screen.findByRole('textbox', { name: 'Souhaitée à partir du' });
    expect(from).toHaveValue('01/03/2030');
    expect(from).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    const to = screen.getByRole('textbox', { name: "Souhaitée jusqu'au" });
    // A day that does not exist filters nothing and says so.
    await view.user.type(to, '31022030');
    expect(await screen.findByText(messages.dateFormat)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(messages.dateFormat);
    expect(view.router.state.location.search).toBe('?etablissement=12&du=2030-03-01');
    await fillDate(view.user, to, '31/03/2030');
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?etablissement=12&du=2030-03-01&au=2030-03-31'),
    );
    expect(screen.queryByText(messages.dateFormat)).not.toBeInTheDocument();
    // Emptied: the filter leaves the URL.
    await view.user.clear(from);
    await waitFor(() => expect(view.router.state.location.search).toBe('?etablissement=12&au=2030-03-31'));
  });

  it('reads its filter from ?filtre=, and a new choice goes into the URL and loads the list again', async () => {
    const view = await openOperationList({
      path: '/operations/historique?etablissement=12&filtre=annulees',
      operations: [operationNode({ databaseId: 33, status: 'CANCELLED' })],
    });
    expect(view.operation.request.variables.filter).toEqual({
      history: 'CANCELLED',
      statuses: null,
      establishmentId: globalId('Establishment', 12),
    });
    const section = await screen.findByRole('region', { name: 'Historique des opérations' });
    const filter = within(section).getByRole('combobox', { name: 'Afficher' });
    expect(filter).toHaveDisplayValue('Annulées');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(historyFilterOptions.map((option) => option.label));
    expect(cellsOf(rowsOf(within(section).getByRole('table')).at(0) as HTMLElement)).toContain('Annulée');
    // A closed operation offers no move.
    expect(within(within(section).getByRole('table')).queryByRole('button')).not.toBeInTheDocument();
    expect(section).toHaveTextContent('1 opération');

    await view.user.selectOptions(filter, 'Validées');
    await waitFor(() => expect(view.router.state.location.search).toBe('?etablissement=12&filtre=validees'));
    const reloaded = await resolveList(view.environment, view, { operations: [] });
    expect(reloaded.request.variables).toEqual({
      filter: { history: 'VALIDATED', statuses: null, establishmentId: globalId('Establishment', 12) },
      siteId: 12,
      withSite: true,
      withPrograms: false,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    expect(await screen.findByText('Aucune opération ne correspond à ce filtre.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Afficher' })).toHaveDisplayValue('Validées');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // Back to every operation: the default stays out of the URL.
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Afficher' }), 'Toutes');
    await waitFor(() => expect(view.router.state.location.search).toBe('?etablissement=12'));
    const all = await resolveList(view.environment, view, {
      operations: [operationNode({ databaseId: 34, status: 'REALISED' })],
    });
    expect(all.request.variables.filter.history).toBe('ALL');
    expect(await screen.findByRole('table', { name: 'Historique des opérations' })).toHaveTextContent(
      'Réalisée',
    );
  });

  it('narrows the pick-ups to one waste under one code, as a dashboard row leads there, until the user drops it', async () => {
    const view = await signIn({
      path: '/mes-enlevements?etablissement=12&filtre=validees&dechet=2&code_dechet=15+01+01',
    });
    const pending = await findOperation(view.environment, 'OperationListPageQuery');
    expect(pending.request.variables.filter).toMatchObject({
      thirdLevelWasteId: globalId('ThirdLevelWaste', 2),
      wasteCode: '15 01 01',
    });
    await resolveOperation(view.environment, 'OperationListPageQuery', {
      Query: {
        viewer: { id: USER_ID, ownSiteTypology: 'PRODUCER', operations: operationPage([]) },
        site: null,
        wasteType: { __typename: 'ThirdLevelWaste', label: 'Emballages en carton' },
        operationHistoryFilters: historyFilterOptions,
      },
    });
    expect(await screen.findByText('Déchet : Emballages en carton')).toBeInTheDocument();
    expect(screen.getByText('Code déchet : 15 01 01')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Tous les déchets' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?etablissement=12&filtre=validees'));
    const reloaded = await findOperation(view.environment, 'OperationListPageQuery');
    expect(reloaded.request.variables.filter).not.toHaveProperty('wasteCode');
    expect(reloaded.request.variables.withWaste).toBe(false);
  });

  it('shows every establishment of the viewer when none is selected', async () => {
    const { operation } = await openOperationList({
      path: '/operations/historique',
      establishments: [gerland, villeurbanne],
    });
    expect(operation.request.variables).toEqual({
      filter: { history: 'ALL', statuses: null, establishmentId: null },
      siteId: 0,
      withSite: false,
      withPrograms: false,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    const section = await screen.findByRole('region', { name: 'Historique des opérations' });
    expect(section).toHaveTextContent('Tous les établissements');
    expect(within(section).getByRole('combobox', { name: 'Afficher' })).toHaveValue('ALL');
    expect(section).toHaveTextContent('Aucune opération ne correspond à ce filtre.');
  });

  it('loads the next operations with the same filter, and says when they fail to load', async () => {
    const view = await openOperationList({
      path: '/operations/historique?etablissement=12&filtre=validees',
      operations: [51, 52].map((databaseId) => operationNode({ databaseId, status: 'REALISED' })),
      hasNextPage: true,
      totalCount: 3,
    });
    const section = await screen.findByRole('region', { name: 'Historique des opérations' });
    expect(section).toHaveTextContent('3 opérations');
    const more = within(section).getByRole('button', { name: 'Afficher plus' });
    await view.user.click(more);
    const next = await findOperation(view.environment, 'OperationListPaginationQuery');
    expect(next.request.variables).toEqual({
      count: 50,
      cursor: 'c1',
      filter: { history: 'VALIDATED', statuses: null, establishmentId: globalId('Establishment', 12) },
      id: USER_ID,
    });
    act(() => view.environment.mock.reject(next, new Error('HTTP 502')));
    expect(await screen.findByText(messages.retryLater)).toBeInTheDocument();
    expect(rowsOf(within(section).getByRole('table'))).toHaveLength(2);

    await view.user.click(within(section).getByRole('button', { name: 'Afficher plus' }));
    const retry = await findOperation(view.environment, 'OperationListPaginationQuery');
    act(() =>
      view.environment.mock.resolve(
        retry,
        MockPayloadGenerator.generate(retry, {
          User: () => ({
            id: USER_ID,
            operations: operationPage([operationNode({ databaseId: 53, status: 'REALISED' })], {
              totalCount: 3,
              offset: 2,
            }),
          }),
        }),
      ),
    );
    await waitFor(() => expect(rowsOf(within(section).getByRole('table'))).toHaveLength(3));
    expect(within(section).getByRole('link', { name: / n° 53$/ })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
  });

  it('draws a whole page of 50 operations, in order, though its first rows are drawn first', async () => {
    const numbers = Array.from({ length: 50 }, (_, index) => 100 + index);
    await openOperationList({
      path: '/operations/historique?etablissement=12&filtre=validees',
      operations: numbers.map((databaseId) => operationNode({ databaseId, status: 'REALISED' })),
      totalCount: 50,
    });
    const section = await screen.findByRole('region', { name: 'Historique des opérations' });
    await waitFor(() => expect(rowsOf(within(section).getByRole('table'))).toHaveLength(50));
    const links = within(section).getAllByRole('link', { name: / n° \d+$/ });
    expect(links.map((link) => Number(link.textContent?.match(/\d+$/)?.[0]))).toEqual(numbers);
  });

  it('shows the real intervention date once known, and a deleted container as such', async () => {
    await openOperationList({
      path: '/operations/historique?etablissement=12',
      operations: [
        operationNode({
          databaseId: 35,
          status: 'REALISED',
          interventionDate: '2030-03-13',
          realInterventionDate: '2030-03-14',
          skip: null,
          thirdLevelWaste: null,
          wasteCode: null,
        }),
      ],
    });
    const row = rowsOf(await screen.findByRole('table', { name: 'Historique des opérations' }))[0];
    expect(cellsOf(row as HTMLElement)).toEqual([
      'Rotation n° 35',
      'Contenant supprimé',
      'Martin Industries > Usine de Lyon Gerland',
      '12/03/2030',
      '14/03/2030',
      'Réalisée',
      '',
    ]);
  });
});

describe('my pick-ups', () => {
  it('shows a provider the history of the selected client, and the tab of what waits for it', async () => {
    const view = await openOperationList({
      path: '/mes-enlevements?etablissement=40&client=12',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland, villeurbanne],
      operations: [asked],
    });
    expect(view.operation.request.variables).toEqual({
      filter: { history: 'ALL', statuses: null, establishmentId: globalId('Establishment', 12) },
      siteId: 12,
      withSite: true,
      withPrograms: false,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes enlèvements' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Mes enlèvements' });
    expect(within(tabs).getByRole('link', { name: 'Historique' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Opérations à valider' })).toHaveAttribute(
      'href',
      '/mes-enlevements/operations-a-valider?etablissement=40&client=12',
    );
    const section = screen.getByRole('region', { name: 'Historique des opérations' });
    expect(section).toHaveTextContent('Toutes vos opérations de collecte, de la demande à la validation.');
    expect(section).toHaveTextContent(
      'Établissement sélectionné : Martin Industries > Usine de Lyon Gerland',
    );
    expect(within(section).getByRole('combobox', { name: 'Afficher' })).toHaveValue('ALL');

    await view.user.selectOptions(within(section).getByRole('combobox', { name: 'Afficher' }), 'Demandées');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/mes-enlevements'));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?etablissement=40&client=12&filtre=demandees'),
    );
    const reloaded = await resolveList(view.environment, view, { operations: [asked] });
    expect(reloaded.request.variables.filter).toMatchObject({ history: 'ASKED', statuses: null });
  });

  it('offers a provider to declare a flow for a client from its history, when it may', async () => {
    const open = (permissions: string[]) =>
      openOperationList({
        path: '/mes-enlevements?etablissement=40&client=12',
        typologies: ['RETRIEVER'],
        establishments: [provider],
        linked: [gerland],
        operations: [asked],
        permissions,
      });
    const view = await open(['flow:declare']);
    const section = await screen.findByRole('region', { name: 'Historique des opérations' });
    await view.user.click(within(section).getByRole('button', { name: 'Déclarer un flux' }));
    expect(await screen.findByRole('dialog', { name: 'Déclarer un flux' })).toBeInTheDocument();
    expect(await findOperation(view.environment, 'DeclareFlowDialogQuery')).toBeDefined();
    view.unmount();

    await open([]);
    const without = await screen.findByRole('region', { name: 'Historique des opérations' });
    expect(within(without).queryByRole('button', { name: 'Déclarer un flux' })).not.toBeInTheDocument();
  });

  it('gives a provider the requests to accept and the operations to complete', async () => {
    const { operation } = await openOperationList({
      path: '/mes-enlevements/operations-a-valider?etablissement=40',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland],
      operations: [
        operationNode({
          databaseId: 31,
          viewerActions: ['HOLD', 'SCHEDULE', 'ACCEPT_WITHOUT_SCHEDULING', 'DECLINE'],
        }),
      ],
    });
    expect(operation.request.variables).toEqual({
      filter: {
        history: 'ALL',
        statuses: ['REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED'],
        establishmentId: null,
      },
      siteId: 0,
      withSite: false,
      withPrograms: false,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    const section = await screen.findByRole('region', { name: 'Opérations à valider' });
    expect(section).toHaveTextContent(
      'Les demandes de vos clients à accepter, et les opérations programmées à compléter.',
    );
    expect(section).toHaveTextContent('Tous les établissements');
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Mes enlèvements' });
    expect(within(tabs).getByRole('link', { name: 'Opérations à valider' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Historique' })).not.toHaveAttribute('aria-current');
  });

  it('gives a producer what its providers completed, and says when nothing waits', async () => {
    const { operation } = await openOperationList({
      path: '/mes-enlevements/operations-a-valider?etablissement=12&filtre=annulees',
    });
    expect(operation.request.variables).toEqual({
      filter: { history: 'ALL', statuses: ['COMPLETED'], establishmentId: globalId('Establishment', 12) },
      siteId: 12,
      withSite: true,
      withPrograms: false,
      wasteTypeId: globalId('ThirdLevelWaste', 0),
      withWaste: false,
    });
    const section = await screen.findByRole('region', { name: 'Opérations à valider' });
    expect(section).toHaveTextContent(
      'Les opérations réalisées par vos prestataires, qui attendent votre validation.',
    );
    expect(section).toHaveTextContent('Aucune opération ne vous attend.');
  });
});

describe('the recurring rotations of the requests tab', () => {
  const program = (databaseId: number, fields: Record<string, unknown>) => ({
    id: globalId('RotationProgram', databaseId),
    databaseId,
    status: 'PENDING',
    statusLabel: 'En attente de validation',
    startDate: '2030-03-11',
    endDate: '2030-06-30',
    recurrence: 'WEEK',
    interval: 1,
    weekdays: ['MONDAY', 'THURSDAY'],
    monthPosition: null,
    monthDay: null,
    comment: null,
    nextDates: ['2030-03-11', '2030-03-14', '2030-03-18', '2030-03-21'],
    canValidate: false,
    canDelete: false,
    skip: { id: globalId('Skip', 9), name: 'Bac verre' },
    establishment: {
      id: globalId('Establishment', 12),
      displayName: 'Martin Industries > Usine de Lyon Gerland',
    },
    ...fields,
  });
  const weekly = program(5, { canValidate: true, comment: 'Accès par le portail nord' });
  const monthly = program(6, {
    status: 'VALIDATED',
    statusLabel: 'Validé',
    recurrence: 'MONTH',
    interval: 2,
    weekdays: ['FRIDAY'],
    monthPosition: 'LAST',
    nextDates: [],
    skip: { id: globalId('Skip', 10), name: 'Benne bois' },
  });
  const programsSection = () => screen.getByRole('region', { name: 'Programmes de rotations' });
  const programCard = (name: string) => within(programsSection()).getByRole('article', { name });

  it('shows each program’s rhythm, period and next dates, and lets the provider validate a pending one', async () => {
    const view = await openOperationList({
      path: '/operations/demandes?etablissement=40',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland],
      programs: [weekly, monthly],
    });
    await screen.findByRole('region', { name: 'Programmes de rotations' });
    const first = programCard('Bac verre');
    expect(first).toHaveTextContent('En attente de validation');
    expect(first).toHaveTextContent('Martin Industries > Usine de Lyon Gerland');
    expect(first).toHaveTextContent('RythmeToutes les semaines : lundi, jeudi');
    expect(first).toHaveTextContent('Périodedu 11/03/2030 au 30/06/2030');
    expect(first).toHaveTextContent('Accès par le portail nord');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['lundi 11 mars 2030', 'jeudi 14 mars 2030', 'lundi 18 mars 2030', 'jeudi 21 mars 2030']);
    const second = programCard('Benne bois');
    expect(second).toHaveTextContent('Validé');
    expect(second).toHaveTextContent('Tous les 2 mois : le dernier vendredi');
    expect(second).toHaveTextContent('Plus aucune date à venir');
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Supprimer/ })).not.toBeInTheDocument();

    await view.user.click(
      within(first).getByRole('button', { name: 'Valider le programme de rotations du contenant Bac verre' }),
    );
    const validation = await resolveOperation(view.environment, 'RotationProgramListValidateMutation', {
      RotationProgramPayload: {
        userErrors: [],
        rotationProgram: { ...weekly, status: 'VALIDATED', statusLabel: 'Validé', canValidate: false },
      },
    });
    expect(validation.request.variables).toEqual({ input: { id: globalId('RotationProgram', 5) } });
    expect(await screen.findByText(messages.rotationProgramValidated)).toBeInTheDocument();
    await waitFor(() => expect(programCard('Bac verre')).toHaveTextContent('Validé'));
    expect(within(programCard('Bac verre')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the producer delete a program after confirmation, and says when there is none', async () => {
    const view = await openOperationList({
      path: '/operations/demandes?etablissement=12',
      programs: [program(5, { canDelete: true })],
    });
    await screen.findByRole('region', { name: 'Programmes de rotations' });
    await view.user.click(
      within(programCard('Bac verre')).getByRole('button', {
        name: 'Supprimer le programme de rotations du contenant Bac verre',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer ce programme ?' });
    expect(confirm).toHaveTextContent(
      'Le programme de rotations du contenant « Bac verre » sera supprimé, avec ses rotations à venir qui ne sont pas encore réalisées.',
    );
    await view.user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    const deletion = await resolveOperation(view.environment, 'RotationProgramListDeleteMutation', {
      DeleteRotationProgramPayload: {
        userErrors: [],
        deletedRotationProgramId: globalId('RotationProgram', 5),
      },
    });
    expect(deletion.request.variables).toEqual({
      input: { id: globalId('RotationProgram', 5) },
      connections: [expect.stringContaining('RotationProgramList_rotationPrograms')],
    });
    expect(await screen.findByText(messages.rotationProgramDeleted)).toBeInTheDocument();
    await waitFor(() => expect(programsSection()).toHaveTextContent('Aucun programme de rotations.'));
  });

  it('lists the programs with the requests only', async () => {
    await openOperationList({ path: '/operations/historique?etablissement=12', programs: [weekly] });
    await screen.findByRole('region', { name: 'Historique des opérations' });
    expect(screen.queryByRole('region', { name: 'Programmes de rotations' })).not.toBeInTheDocument();
  });
});
