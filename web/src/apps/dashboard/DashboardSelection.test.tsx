import { waitFor, within } from '@testing-library/react';
import type { ConcreteRequest } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import DashboardLayoutQueryNode from '../../__generated__/DashboardLayoutQuery.graphql.ts';
import {
  type CompanyFixture,
  type EstablishmentFixture,
  establishment,
  establishmentNode,
  globalId,
  USER_ID,
  viewerResolvers,
} from '../../test/fixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../../test/TestWrapper.tsx';
import { SITE_SEARCH_PAGE_SIZE } from './SiteCombobox.tsx';
import { EMPTY_SELECTION } from './selection.ts';
import { rememberedSelection, rememberSelection } from './selectionMemory.ts';

interface DashboardFixture {
  typologies?: string[];
  establishments?: EstablishmentFixture[];
  linkedEstablishments?: EstablishmentFixture[];
  companies?: CompanyFixture[];
}

async function openDashboard(path: string, fixture: DashboardFixture) {
  const view = renderRoute(path);
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  const resolvers = viewerResolvers(fixture);
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
  await screen.findByRole('heading', { level: 1, name: 'Bonjour Claire' });
  return view;
}

const search = (view: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(view.router.state.location.search);

/** Answers the check of a site the URL names: one of the user's own, a linked one, or none they see. */
async function answerSiteCheck(
  environment: MockEnvironment,
  site: EstablishmentFixture | null,
  side: 'own' | 'linked' = 'own',
) {
  return resolveOperation(
    environment,
    'DashboardSelectionSiteQuery',
    site === null
      ? { Query: { establishment: null } }
      : { Establishment: establishmentNode(site, { isOwn: side === 'own' }) },
  );
}

/** Opens a site selector's list and answers its first page. */
async function openSiteList(
  view: { user: ReturnType<typeof renderRoute>['user']; environment: MockEnvironment },
  name: 'Établissement' | 'Client',
  sites: EstablishmentFixture[],
) {
  const combobox = screen.getByRole('combobox', { name });
  await view.user.click(combobox);
  const page = await resolveOperation(
    view.environment,
    'SiteComboboxQuery',
    viewerResolvers(name === 'Client' ? { linkedEstablishments: sites } : { establishments: sites }),
  );
  const listbox = await screen.findByRole('listbox');
  await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(sites.length));
  return { combobox, listbox, page };
}

const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** Every list of establishments a query asks for, with its `first` (undefined: the whole list). */
function establishmentLists(request: ConcreteRequest): { field: string; first: unknown }[] {
  const lists: { field: string; first: unknown }[] = [];
  const visit = (selections: readonly unknown[]) => {
    for (const selection of selections as {
      kind: string;
      name?: string;
      args?: readonly { name: string; value?: unknown }[] | null;
      selections?: readonly unknown[];
    }[]) {
      if (
        selection.kind === 'LinkedField' &&
        (selection.name === 'establishments' || selection.name === 'linkedEstablishments')
      )
        lists.push({
          field: selection.name,
          first: selection.args?.find((arg) => arg.name === 'first')?.value,
        });
      if (selection.selections) visit(selection.selections);
    }
  };
  visit(request.operation.selections);
  return lists;
}

function entitiesOf(establishmentId: number, entities: { databaseId: number; name: string }[]) {
  return {
    Establishment: {
      id: globalId('Establishment', establishmentId),
      entities: {
        edges: entities.map((entity) => ({ node: { id: globalId('Entity', entity.databaseId), ...entity } })),
      },
    },
  };
}

const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');
const villeurbanne = establishment(15, 'Martin Industries', 'Dépôt de Villeurbanne', 'Villeurbanne', '69100');

describe('dashboard selection in the header', () => {
  it('loads no list of establishments with the layout, however many the user has', async () => {
    await openDashboard('/', { establishments: [gerland, villeurbanne] });
    const lists = establishmentLists(DashboardLayoutQueryNode);
    expect(lists.length).toBeGreaterThan(0);
    // Only counts (and the only one, SPEC 2): the sites themselves are searched when a list opens.
    for (const list of lists) expect(list.first).toBe(1);
  });

  it('selects the only establishment automatically and shows its full name and company', async () => {
    const view = await openDashboard('/', { establishments: [gerland] });
    await waitFor(() => expect(search(view).get('etablissement')).toBe('12'));
    await answerSiteCheck(view.environment, gerland);
    const selector = screen.getByRole('combobox', { name: 'Établissement' });
    await waitFor(() => expect(selector).toHaveValue('Usine de Lyon Gerland'));
    expect(screen.getByRole('banner')).toHaveTextContent('Martin Industries · Lyon');
    const card = screen.getByRole('region', { name: 'Établissement sélectionné' });
    expect(within(card).getByText('Martin Industries > Usine de Lyon Gerland')).toBeInTheDocument();
  });

  it('selects nothing on its own when there are two, and finds one by typing part of its name', async () => {
    const view = await openDashboard('/', { establishments: [gerland, villeurbanne] });
    const selector = screen.getByRole('combobox', { name: 'Établissement' });
    expect(selector).toHaveValue('');
    expect(selector).toHaveAttribute('placeholder', 'Choisir un établissement');
    expect(search(view).has('etablissement')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Chantier' })).toBeDisabled();
    expect(screen.getByText(/Choisissez un établissement dans le sélecteur/)).toBeInTheDocument();

    // Opened, it lists the first page of the graph's connection: full names, company and city on their own line.
    const { listbox, page } = await openSiteList(view, 'Établissement', [villeurbanne, gerland]);
    expect(page.request.variables).toEqual({ search: null, first: SITE_SEARCH_PAGE_SIZE, linked: false });
    expect(SITE_SEARCH_PAGE_SIZE).toBeLessThanOrEqual(50);
    expect(optionNames(listbox)).toEqual([
      'Dépôt de Villeurbanne Martin Industries · Villeurbanne',
      'Usine de Lyon Gerland Martin Industries · Lyon',
    ]);

    // Typing searches the connection (one key at a time: the combobox's effects run between keys, as in a browser).
    for (const key of 'Villeur') await view.user.keyboard(key);
    await waitFor(async () => {
      const latest = await findOperation(view.environment, 'SiteComboboxQuery');
      expect(latest.request.variables).toEqual({
        search: 'Villeur',
        first: SITE_SEARCH_PAGE_SIZE,
        linked: false,
      });
    });
    await resolveOperation(
      view.environment,
      'SiteComboboxQuery',
      viewerResolvers({ establishments: [villeurbanne] }),
    );
    await waitFor(() => expect(optionNames(screen.getByRole('listbox'))).toHaveLength(1));
    await view.user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(search(view).get('etablissement')).toBe('15'));
    await waitFor(() => expect(selector).toHaveValue('Dépôt de Villeurbanne'));
    // The site picked from the api's list needs no second look-up.
    expect(pendingOperationNames(view.environment)).not.toContain('DashboardSelectionSiteQuery');
    // The dashboard's figures follow the selection: they are asked again, with the chantiers of the new one.
    await waitFor(() =>
      expect(pendingOperationNames(view.environment)).toEqual(
        expect.arrayContaining(['SelectionBarEntitiesQuery', 'DashboardFiguresQuery']),
      ),
    );
    const card = screen.getByRole('region', { name: 'Établissement sélectionné' });
    expect(within(card).getByText('Martin Industries > Dépôt de Villeurbanne')).toBeInTheDocument();

    // The list then starts with the way back to every establishment.
    await view.user.click(selector);
    await resolveOperation(
      view.environment,
      'SiteComboboxQuery',
      viewerResolvers({ establishments: [villeurbanne, gerland] }),
    );
    const again = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(optionNames(again)).toEqual([
        'Tous les établissements',
        'Dépôt de Villeurbanne Martin Industries · Villeurbanne',
        'Usine de Lyon Gerland Martin Industries · Lyon',
      ]),
    );
    await view.user.click(within(again).getByRole('option', { name: 'Tous les établissements' }));
    await waitFor(() => expect(search(view).has('etablissement')).toBe(false));
    expect(selector).toHaveValue('');
  });

  it('says how many sites a long list holds and that typing narrows it', async () => {
    const view = await openDashboard('/', { establishments: [gerland, villeurbanne] });
    await view.user.click(screen.getByRole('combobox', { name: 'Établissement' }));
    const firstPage = Array.from({ length: SITE_SEARCH_PAGE_SIZE }, (_, index) =>
      establishment(100 + index, 'Martin Industries', `Site ${index + 1}`),
    );
    const resolvers = viewerResolvers({ establishments: firstPage });
    const connection = resolvers.User?.establishments as { totalCount: number };
    connection.totalCount = 2000;
    await resolveOperation(view.environment, 'SiteComboboxQuery', resolvers);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(SITE_SEARCH_PAGE_SIZE));
    expect(
      await within(listbox).findByRole('group', {
        // French thousands are grouped with a narrow no-break space.
        name: /^20 premiers sur 2\s000 : tapez un nom, une ville ou un SIRET pour chercher$/,
      }),
    ).toBeInTheDocument();
  });

  it('keeps a selection from the URL after a reload, once the api has said it is the user’s', async () => {
    const other = establishment(16, 'Recyclage du Rhône', 'Centre de tri', 'Vénissieux');
    const view = await openDashboard('/?etablissement=16', { establishments: [gerland, other] });
    const check = await answerSiteCheck(view.environment, other);
    expect(check.request.variables).toEqual({ databaseId: 16 });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('Centre de tri'),
    );
    expect(screen.getByRole('banner')).toHaveTextContent('Recyclage du Rhône · Vénissieux');
    expect(search(view).get('etablissement')).toBe('16');
  });

  it('clears a selection that is not one of the user’s establishments', async () => {
    const view = await openDashboard('/?etablissement=999&chantier=4', {
      establishments: [gerland, villeurbanne],
    });
    await answerSiteCheck(view.environment, null);
    await waitFor(() => expect(search(view).has('etablissement')).toBe(false));
    expect(search(view).has('chantier')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('');
  });

  it('clears an establishment the user sees only as a provider’s site', async () => {
    const view = await openDashboard('/?etablissement=40', { establishments: [gerland, villeurbanne] });
    await answerSiteCheck(
      view.environment,
      establishment(40, 'Recyclage du Rhône', 'Centre de tri'),
      'linked',
    );
    await waitFor(() => expect(search(view).has('etablissement')).toBe(false));
  });

  it('offers the chantiers of the selected establishment and drops one that is not among them', async () => {
    const view = await openDashboard('/?etablissement=12&chantier=99', {
      establishments: [gerland, villeurbanne],
    });
    await answerSiteCheck(view.environment, gerland);
    const operation = await resolveOperation(
      view.environment,
      'SelectionBarEntitiesQuery',
      entitiesOf(12, [
        { databaseId: 8, name: 'Tour Part-Dieu' },
        { databaseId: 7, name: 'Gare de Vaise' },
      ]),
    );
    expect(operation.request.variables).toEqual({ databaseId: 12 });
    await screen.findByRole('option', { name: 'Gare de Vaise' });
    const entitySelector = screen.getByRole('combobox', { name: 'Chantier' });
    await waitFor(() => expect(search(view).has('chantier')).toBe(false));
    expect(
      within(entitySelector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les chantiers', 'Gare de Vaise', 'Tour Part-Dieu']);

    await view.user.selectOptions(entitySelector, '8');
    await waitFor(() => expect(search(view).get('chantier')).toBe('8'));
    expect(search(view).get('etablissement')).toBe('12');
  });

  it('gives retrievers a client and client chantier selection, and producers none', async () => {
    const client = establishment(40, 'Bâtiments du Sud', 'Siège', 'Marseille');
    const retriever = await openDashboard('/', {
      typologies: ['RETRIEVER'],
      establishments: [gerland, villeurbanne],
      linkedEstablishments: [client],
    });
    expect(screen.getByRole('combobox', { name: 'Chantier du client' })).toBeDisabled();
    const { listbox, page } = await openSiteList(retriever, 'Client', [client]);
    expect(page.request.variables).toMatchObject({ linked: true });
    await retriever.user.click(within(listbox).getByRole('option', { name: /^Siège/ }));
    await waitFor(() => expect(search(retriever).get('client')).toBe('40'));
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Siège');
    await resolveOperation(
      retriever.environment,
      'SelectionBarEntitiesQuery',
      entitiesOf(40, [{ databaseId: 3, name: 'Lot B' }]),
    );
    await screen.findByRole('option', { name: 'Lot B' });
    await retriever.user.selectOptions(screen.getByRole('combobox', { name: 'Chantier du client' }), '3');
    await waitFor(() => expect(search(retriever).get('chantierClient')).toBe('3'));
    retriever.unmount();

    const producer = await openDashboard('/?client=40', {
      establishments: [gerland, villeurbanne],
      linkedEstablishments: [client],
    });
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    await waitFor(() => expect(search(producer).has('client')).toBe(false));
  });
});

describe('the last selection of each user', () => {
  it('is restored on a page opened without a selection, as from a bookmark', async () => {
    const view = await openDashboard('/?etablissement=15', { establishments: [gerland, villeurbanne] });
    await answerSiteCheck(view.environment, villeurbanne);
    await waitFor(() =>
      expect(rememberedSelection(USER_ID)).toEqual({ ...EMPTY_SELECTION, establishmentId: 15 }),
    );
    view.unmount();

    const bookmark = renderRoute('/mes-enlevements?filtre=validees');
    await resolveSession(bookmark.environment, { hasAcceptedCGU: true });
    await waitFor(() => expect(search(bookmark).get('etablissement')).toBe('15'));
    expect(bookmark.router.state.location.pathname).toBe('/mes-enlevements');
    expect(search(bookmark).get('filtre')).toBe('validees');
  });

  it('is not restored where the URL names a selection, nor kept once the user clears it', async () => {
    rememberSelection(USER_ID, { ...EMPTY_SELECTION, establishmentId: 15 });
    const view = renderRoute('/?etablissement=all');
    await resolveSession(view.environment, { hasAcceptedCGU: true });
    await resolveOperation(
      view.environment,
      'DashboardLayoutQuery',
      viewerResolvers({ establishments: [gerland, villeurbanne] }),
    );
    await waitFor(() => expect(search(view).has('etablissement')).toBe(false));
    // What is in force now is no selection: a later bookmark opens without one.
    await waitFor(() => expect(rememberedSelection(USER_ID)).toBeNull());
  });

  it('drops a restored establishment the user may no longer see, without an error', async () => {
    rememberSelection(USER_ID, { ...EMPTY_SELECTION, establishmentId: 999, entityId: 4 });
    const view = renderRoute('/');
    await resolveSession(view.environment, { hasAcceptedCGU: true });
    await waitFor(() => expect(search(view).get('etablissement')).toBe('999'));
    const resolvers = viewerResolvers({ establishments: [gerland, villeurbanne] });
    await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
    await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
    await answerSiteCheck(view.environment, null);
    await waitFor(() => expect(search(view).has('etablissement')).toBe(false));
    expect(search(view).has('chantier')).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour Claire' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(rememberedSelection(USER_ID)).toBeNull());
  });
});

describe('dashboard filters', () => {
  it('clears the establishment and client selections when a company or location filter is chosen', async () => {
    const view = await openDashboard('/?etablissement=12&chantier=4', {
      establishments: [gerland, villeurbanne],
      companies: [{ databaseId: 7, name: 'Martin Industries' }],
    });
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Filtrer par société' }), '7');
    await waitFor(() => expect(search(view).get('societe')).toBe('7'));
    expect(search(view).has('etablissement')).toBe(false);
    expect(search(view).has('chantier')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('');
    expect(screen.getByText('Le tableau de bord porte sur le filtre choisi ci-dessous.')).toBeInTheDocument();

    const location = screen.getByRole('combobox', { name: 'Filtrer par lieu' });
    expect(within(location).getByRole('option', { name: 'Département 69' })).toBeInTheDocument();
    await view.user.selectOptions(location, 'Villeurbanne');
    await waitFor(() => expect(search(view).get('lieu')).toBe('Villeurbanne'));

    // Choosing an establishment again replaces the filters.
    const { listbox } = await openSiteList(view, 'Établissement', [villeurbanne, gerland]);
    await view.user.click(within(listbox).getByRole('option', { name: /^Dépôt de Villeurbanne/ }));
    await waitFor(() => expect(search(view).get('etablissement')).toBe('15'));
    expect(search(view).has('societe')).toBe(false);
    expect(search(view).has('lieu')).toBe(false);
  });

  it('drops a location that is none of the user’s establishments’', async () => {
    const view = await openDashboard('/?lieu=Paris', { establishments: [gerland, villeurbanne] });
    await waitFor(() => expect(search(view).has('lieu')).toBe(false));
    expect(screen.getByRole('combobox', { name: 'Filtrer par lieu' })).toHaveValue('');
  });

  it('drops the filters when the user leaves the dashboard, keeping the establishment', async () => {
    const fixture = { establishments: [gerland, villeurbanne] };
    const view = await openDashboard('/?lieu=Lyon', fixture);
    expect(screen.getByRole('combobox', { name: 'Filtrer par lieu' })).toHaveValue('Lyon');
    await view.router.navigate('/mes-etablissements?etablissement=15&lieu=Lyon&societe=7');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/mes-etablissements'));
    await resolveOperation(view.environment, 'EstablishmentListPageQuery', viewerResolvers(fixture));
    await screen.findByRole('heading', { level: 1, name: 'Mes établissements' });
    await waitFor(() => expect(search(view).has('lieu')).toBe(false));
    expect(search(view).has('societe')).toBe(false);
    expect(search(view).get('etablissement')).toBe('15');
  });
});
