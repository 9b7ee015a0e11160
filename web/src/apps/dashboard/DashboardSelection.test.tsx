import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type CompanyFixture,
  type EstablishmentFixture,
  establishment,
  globalId,
  viewerResolvers,
} from '../../test/fixtures.ts';
import {
  pendingOperationNames,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../../test/TestWrapper.tsx';

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
  it('selects the only establishment automatically and keeps it in the URL', async () => {
    const view = await openDashboard('/', { establishments: [gerland] });
    await waitFor(() => expect(search(view).get('etablissement')).toBe('12'));
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('12');
    const card = screen.getByRole('region', { name: 'Établissement sélectionné' });
    expect(within(card).getByText('Martin Industries > Usine de Lyon Gerland')).toBeInTheDocument();
  });

  it('selects nothing on its own when there are two, and lets the user choose', async () => {
    const view = await openDashboard('/', { establishments: [gerland, villeurbanne] });
    const selector = screen.getByRole('combobox', { name: 'Établissement' });
    expect(selector).toHaveValue('');
    expect(search(view).has('etablissement')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Chantier' })).toBeDisabled();
    expect(screen.getByText(/Choisissez un établissement dans le sélecteur/)).toBeInTheDocument();
    // Sorted by name within the company.
    const options = within(selector)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Choisir un établissement',
      'Martin Industries > Dépôt de Villeurbanne',
      'Martin Industries > Usine de Lyon Gerland',
    ]);

    await view.user.selectOptions(selector, '15');
    await waitFor(() => expect(search(view).get('etablissement')).toBe('15'));
    // The dashboard's figures follow the selection: they are asked again, with the chantiers of the new one.
    await waitFor(() =>
      expect(pendingOperationNames(view.environment)).toEqual(
        expect.arrayContaining(['SelectionBarEntitiesQuery', 'DashboardFiguresQuery']),
      ),
    );
    const card = screen.getByRole('region', { name: 'Établissement sélectionné' });
    expect(within(card).getByText('Martin Industries > Dépôt de Villeurbanne')).toBeInTheDocument();
  });

  it('keeps a selection from the URL after a reload and groups establishments by company', async () => {
    const other = establishment(16, 'Recyclage du Rhône', 'Centre de tri');
    await openDashboard('/?etablissement=16', { establishments: [gerland, other] });
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('16');
    expect(screen.getByRole('group', { name: 'Recyclage du Rhône' })).toBeInTheDocument();
  });

  it('clears a selection that is not one of the user’s establishments', async () => {
    const view = await openDashboard('/?etablissement=999&chantier=4', {
      establishments: [gerland, villeurbanne],
    });
    await waitFor(() => expect(search(view).has('etablissement')).toBe(false));
    expect(search(view).has('chantier')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('');
  });

  it('offers the chantiers of the selected establishment and drops one that is not among them', async () => {
    const view = await openDashboard('/?etablissement=12&chantier=99', {
      establishments: [gerland, villeurbanne],
    });
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
    const client = establishment(40, 'Bâtiments du Sud', 'Siège');
    const retriever = await openDashboard('/', {
      typologies: ['RETRIEVER'],
      establishments: [gerland, villeurbanne],
      linkedEstablishments: [client],
    });
    const clientSelector = screen.getByRole('combobox', { name: 'Client' });
    expect(screen.getByRole('combobox', { name: 'Chantier du client' })).toBeDisabled();
    await retriever.user.selectOptions(clientSelector, '40');
    await waitFor(() => expect(search(retriever).get('client')).toBe('40'));
    await resolveOperation(
      retriever.environment,
      'SelectionBarEntitiesQuery',
      entitiesOf(40, [{ databaseId: 3, name: 'Lot B' }]),
    );
    await screen.findByRole('option', { name: 'Lot B' });
    await retriever.user.selectOptions(screen.getByRole('combobox', { name: 'Chantier du client' }), '3');
    await waitFor(() => expect(search(retriever).get('chantierClient')).toBe('3'));
    retriever.unmount();

    await openDashboard('/?client=40', {
      establishments: [gerland, villeurbanne],
      linkedEstablishments: [client],
    });
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
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
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Établissement' }), '15');
    await waitFor(() => expect(search(view).get('etablissement')).toBe('15'));
    expect(search(view).has('societe')).toBe(false);
    expect(search(view).has('lieu')).toBe(false);
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
