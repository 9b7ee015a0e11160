import { messages } from '@portal/domain/messages';
import { act, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { establishmentConnection, USER_ID, viewerResolvers } from '../test/fixtures.ts';
import {
  historyFilterOptions,
  openOperationList,
  operationNode,
  operationPage,
  resolveList,
} from '../test/operationFixtures.ts';
import { gerland, openOperations, provider, siteNode, skipNode, villeurbanne } from '../test/skipFixtures.ts';
import {
  findOperation,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../test/TestWrapper.tsx';

/**
 * What a screen shows while it waits: the skeleton of its content's shape on a first load, never a
 * spinner; and, once it has data, that data stays on screen, marked busy, while a filter or a tab loads the next.
 */

// The screens are lazy route chunks: load them once, so that the first test does not wait for their transform.
beforeAll(async () => {
  await Promise.all([
    import('../apps/operations/OperationsLayout.tsx'),
    import('../apps/operations/OperationListPage.tsx'),
    import('../apps/skips/SkipsTab.tsx'),
    import('../apps/sites/EstablishmentListPage.tsx'),
    import('../apps/dashboard/DashboardHomePage.tsx'),
  ]);
});

/** The loading skeleton on screen: a busy status that says 'Chargement…', of the shape given. */
async function expectSkeleton(kind: string) {
  const skeleton = await waitFor(() => {
    const found = document.querySelector(`[data-skeleton="${kind}"]`);
    if (!found) throw new Error(`no ${kind} skeleton`);
    return found as HTMLElement;
  });
  expect(skeleton).toHaveAttribute('role', 'status');
  expect(skeleton).toHaveAttribute('aria-busy', 'true');
  expect(skeleton).toHaveTextContent('Chargement…');
  expect(document.querySelector('.chakra-spinner')).not.toBeInTheDocument();
}

const noSkeleton = () => expect(document.querySelector('[data-skeleton]')).not.toBeInTheDocument();

/** The closest element that says whether that content is busy. */
const busyState = (element: HTMLElement) => element.closest('[aria-busy]')?.getAttribute('aria-busy');

async function signInAt(path: string) {
  const view = renderRoute(path);
  await resolveSession(view.environment, { hasAcceptedCGU: true, ownSiteTypology: 'PRODUCER' });
  await resolveOperation(
    view.environment,
    'DashboardLayoutQuery',
    viewerResolvers({ establishments: [gerland], linkedEstablishments: [provider] }),
  );
  return view;
}

/**
 * Signs in on the establishments, shown with their first row (returned), then follows the menu to the pick-ups,
 * whose query is then on its way.
 */
async function leaveEstablishmentsForPickups() {
  const view = await signInAt('/mes-etablissements');
  await resolveOperation(
    view.environment,
    'EstablishmentListPageQuery',
    viewerResolvers({ establishments: [gerland] }),
  );
  const site = await screen.findByRole('link', { name: 'Martin Industries > Usine de Lyon Gerland' });
  const navigation = screen.getByRole('navigation', { name: 'Navigation principale' });
  await view.user.click(within(navigation).getByRole('link', { name: 'Mes enlèvements' }));
  await findOperation(view.environment, 'OperationListPageQuery');
  return { view, site };
}

describe('a first load', () => {
  it('shows the dashboard’s frame and the skeleton of the list being opened until the session is known', async () => {
    const view = renderRoute('/mes-enlevements?etablissement=12');
    await findOperation(view.environment, 'viewerSessionQuery');
    await expectSkeleton('list');
    expect(screen.getByText('Portail déchets')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows the rows’ skeleton of a list of operations, not a spinner, until its rows are there', async () => {
    const view = await signInAt('/mes-enlevements?etablissement=12');
    await findOperation(view.environment, 'OperationListPageQuery');
    // The page's title and tabs are there; the list is a skeleton.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes enlèvements' })).toBeInTheDocument();
    await expectSkeleton('list');
    await resolveList(
      view.environment,
      { retriever: false, sites: [gerland] },
      {
        operations: [operationNode({ databaseId: 41, status: 'REALISED' })],
      },
    );
    expect(await screen.findByRole('link', { name: /n° 41$/ })).toBeInTheDocument();
    noSkeleton();
  });

  it('shows the containers’ skeleton on the operations screen', async () => {
    const view = await signInAt('/operations?etablissement=12');
    await findOperation(view.environment, 'SkipsTabQuery');
    await expectSkeleton('list');
  });

  it('shows the rows’ skeleton of a list of establishments', async () => {
    const view = await signInAt('/mes-etablissements');
    await findOperation(view.environment, 'EstablishmentListPageQuery');
    await expectSkeleton('list');
  });

  it('shows the skeleton of the dashboard’s figures, then of its figures alone under the filters', async () => {
    const view = await signInAt('/');
    await findOperation(view.environment, 'DashboardHomePageQuery');
    await expectSkeleton('figures');
    await resolveOperation(
      view.environment,
      'DashboardHomePageQuery',
      viewerResolvers({ establishments: [gerland], linkedEstablishments: [provider] }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour Claire' })).toBeInTheDocument();
    await findOperation(view.environment, 'DashboardFiguresQuery');
    await expectSkeleton('figures');
  });
});

describe('a screen that has data', () => {
  it('keeps the previous rows, marked busy, while a new filter loads, with the new filter showing', async () => {
    const view = await openOperationList({
      path: '/mes-enlevements?etablissement=12',
      operations: [operationNode({ databaseId: 41, status: 'REALISED' })],
    });
    const section = await screen.findByRole('region', { name: 'Historique des opérations' });
    const row = within(section).getByRole('link', { name: /n° 41$/ });
    expect(busyState(row)).toBe('false');

    await view.user.selectOptions(within(section).getByRole('combobox', { name: 'Afficher' }), 'Validées');
    const next = await findOperation(view.environment, 'OperationListPageQuery');
    expect(next.request.variables.filter.history).toBe('VALIDATED');
    // The choice shows at once; the previous rows stay on screen, marked busy, and no skeleton replaces them.
    await waitFor(() =>
      expect(within(section).getByRole('combobox', { name: 'Afficher' })).toHaveDisplayValue('Validées'),
    );
    expect(row).toBeInTheDocument();
    expect(busyState(row)).toBe('true');
    expect(screen.getByText('Mise à jour…')).toBeInTheDocument();
    noSkeleton();

    await resolveList(view.environment, view, {
      operations: [operationNode({ databaseId: 42, status: 'REALISED' })],
    });
    const fresh = await within(section).findByRole('link', { name: /n° 42$/ });
    expect(row).not.toBeInTheDocument();
    expect(busyState(fresh)).toBe('false');
    expect(screen.queryByText('Mise à jour…')).not.toBeInTheDocument();
  });

  it('shows a filter chosen again at once, and a new filter that fails as the screen’s error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = await openOperationList({
      path: '/mes-enlevements?etablissement=12',
      operations: [operationNode({ databaseId: 41, status: 'REALISED' })],
    });
    const section = await screen.findByRole('region', { name: 'Historique des opérations' });
    const filter = () => within(section).getByRole('combobox', { name: 'Afficher' });
    await view.user.selectOptions(filter(), 'Validées');
    await resolveList(view.environment, view, {
      operations: [operationNode({ databaseId: 42, status: 'REALISED' })],
    });
    await within(section).findByRole('link', { name: /n° 42$/ });

    // Every operation again: the store has them, they show while the loader's request refreshes them.
    await view.user.selectOptions(filter(), 'Toutes');
    const row = await within(section).findByRole('link', { name: /n° 41$/ });
    expect(busyState(row)).toBe('false');
    await resolveList(view.environment, view, {
      operations: [operationNode({ databaseId: 41, status: 'REALISED' })],
    });

    await view.user.selectOptions(filter(), 'Annulées');
    const failed = await findOperation(view.environment, 'OperationListPageQuery');
    act(() => view.environment.mock.reject(failed, new Error('HTTP 502')));
    expect(await screen.findByText(messages.retryLater)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /n° 41$/ })).not.toBeInTheDocument();
  });

  it('keeps the previous containers while the state filter loads the next ones', async () => {
    const view = await openOperations();
    const card = await screen.findByRole('article', { name: 'Benne carton quai 2' });
    const filter = screen.getAllByRole('combobox', { name: 'Afficher' })[0] as HTMLElement;
    await view.user.selectOptions(filter, 'Les contenants archivés');
    await waitFor(() => expect(view.router.state.location.search).toContain('etat=archives'));
    await findOperation(view.environment, 'SkipsTabQuery');
    await waitFor(() => expect(filter).toHaveDisplayValue('Les contenants archivés'));
    expect(card).toBeInTheDocument();
    expect(busyState(card)).toBe('true');
    noSkeleton();

    await resolveOperation(view.environment, 'SkipsTabQuery', {
      Query: {
        viewer: { id: USER_ID, ownSiteTypology: 'PRODUCER', isRetriever: false },
        site: siteNode(gerland, {
          skips: [skipNode({ databaseId: 3, name: 'Ancien bac verre', state: 'ARCHIVED' })],
        }),
      },
    });
    const archived = await screen.findByRole('article', { name: 'Ancien bac verre' });
    expect(card).not.toBeInTheDocument();
    expect(busyState(archived)).toBe('false');
  });

  it('keeps the establishments on screen, marked busy, while a new sort loads', async () => {
    const view = await signInAt('/mes-etablissements');
    await resolveOperation(
      view.environment,
      'EstablishmentListPageQuery',
      viewerResolvers({ establishments: [gerland, villeurbanne] }),
    );
    const first = await screen.findByRole('link', { name: 'Martin Industries > Usine de Lyon Gerland' });
    expect(busyState(first)).toBe('false');
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'CITY');
    await findOperation(view.environment, 'EstablishmentListPageOwnPaginationQuery');
    expect(first).toBeInTheDocument();
    expect(busyState(first)).toBe('true');
    expect(screen.getByText('Mise à jour de la liste…')).toBeInTheDocument();
    noSkeleton();
    await resolveOperation(view.environment, 'EstablishmentListPageOwnPaginationQuery', {
      User: { id: USER_ID, establishments: establishmentConnection([villeurbanne, gerland]) },
    });
    await waitFor(() =>
      expect(busyState(screen.getByRole('link', { name: 'Martin Industries > Usine de Lyon Gerland' }))).toBe(
        'false',
      ),
    );
  });

  it('opens another screen whole once its data is there, the screen being left staying meanwhile, marked busy', async () => {
    const { view, site } = await leaveEstablishmentsForPickups();
    await act(async () => {});
    // Not the next screen's title and tabs over a skeleton: the establishments, marked busy.
    expect(site).toBeInTheDocument();
    expect(busyState(screen.getByRole('heading', { level: 1 }))).toBe('true');
    expect(screen.queryByRole('heading', { level: 1, name: 'Mes enlèvements' })).not.toBeInTheDocument();
    noSkeleton();

    await resolveList(
      view.environment,
      { retriever: false, sites: [gerland] },
      {
        operations: [operationNode({ databaseId: 41, status: 'REALISED' })],
      },
    );
    expect(await screen.findByRole('link', { name: /n° 41$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes enlèvements' })).toBeInTheDocument();
    expect(site).not.toBeInTheDocument();
    noSkeleton();
  });

  it('shows the next screen’s skeleton when its data is slow', async () => {
    const { site } = await leaveEstablishmentsForPickups();
    // After NAVIGATION_DATA_WAIT_MS, the screen opens on its skeleton.
    await expectSkeleton('list');
    expect(screen.getByRole('heading', { level: 1, name: 'Mes enlèvements' })).toBeInTheDocument();
    expect(site).not.toBeInTheDocument();
  });

  it('keeps the page on screen, marked busy, while another tab loads, instead of a spinner', async () => {
    const view = await openOperationList({
      path: '/mes-enlevements?etablissement=12',
      operations: [operationNode({ databaseId: 41, status: 'REALISED' })],
    });
    const row = await screen.findByRole('link', { name: /n° 41$/ });
    await view.user.click(screen.getByRole('link', { name: 'Opérations à valider' }));
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/mes-enlevements/operations-a-valider'),
    );
    await findOperation(view.environment, 'OperationListPageQuery');
    // React renders the navigation now (React Router hands it over in a transition): the next tab waits for its rows.
    await act(async () => {});
    expect(busyState(screen.getByRole('heading', { level: 1, name: 'Mes enlèvements' }))).toBe('true');
    // The previous tab stays whole (its heading with its rows), never the next tab's heading over its rows.
    expect(row).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Historique des opérations' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Opérations à valider' })).not.toBeInTheDocument();
    // The page's own status (the header's site selector may say the same while its list loads).
    expect(screen.getByText('Chargement…', { selector: '[role="status"]' })).toBeInTheDocument();
    noSkeleton();

    await resolveOperation(view.environment, 'OperationListPageQuery', {
      Query: {
        viewer: {
          id: USER_ID,
          ownSiteTypology: 'PRODUCER',
          operations: operationPage([operationNode({ databaseId: 43, status: 'COMPLETED' })]),
        },
        site: null,
        operationHistoryFilters: historyFilterOptions,
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Opérations à valider' }),
    ).toBeInTheDocument();
    expect(row).not.toBeInTheDocument();
    expect(busyState(screen.getByRole('link', { name: /n° 43$/ }))).toBe('false');
  });
});
