import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import {
  type EstablishmentFixture,
  establishment,
  establishmentNode,
  USER_ID,
  viewerResolvers,
} from '../../test/fixtures.ts';
import {
  pendingOperationNames,
  rejectOperation,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../../test/TestWrapper.tsx';

const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');
const villeurbanne = establishment(15, 'Martin Industries', 'Dépôt de Villeurbanne', 'Villeurbanne', '69100');
const provider = establishment(
  40,
  'Recyclage du Rhône',
  'Centre de tri de Vénissieux',
  'Vénissieux',
  '69200',
);

function manyEstablishments(count: number, from = 1): EstablishmentFixture[] {
  return Array.from({ length: count }, (_, index) =>
    establishment(from + index, 'Martin Industries', `Site ${String(from + index).padStart(4, '0')}`),
  );
}

/** A page of a connection, as the gateway answers `first`/`after`. */
function page(items: readonly EstablishmentFixture[], hasNextPage: boolean, endCursor: string | null = null) {
  return {
    totalCount: 120,
    pageInfo: { hasNextPage, hasPreviousPage: false, startCursor: null, endCursor },
    edges: items.map((item) => ({ cursor: `c${item.databaseId}`, node: establishmentNode(item) })),
  };
}

async function openList(
  path: string,
  fixture: {
    typologies?: string[];
    establishments?: EstablishmentFixture[];
    linkedEstablishments?: EstablishmentFixture[];
  },
) {
  const view = await openLayout(path, fixture);
  const operation = await resolveOperation(view.environment, 'EstablishmentListPageQuery', view.resolvers);
  return { ...view, operation };
}

/** Signs in with the fixture's typologies and answers the layout, not the screen. */
async function openLayout(path: string, fixture: Parameters<typeof viewerResolvers>[0] & object) {
  const view = renderRoute(path);
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    typologies: (fixture.typologies ?? ['PRODUCER']) as ('PRODUCER' | 'RETRIEVER' | 'CARRIER')[],
  });
  const resolvers = viewerResolvers(fixture);
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  return { ...view, resolvers };
}

const search = (view: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(view.router.state.location.search);

describe('my establishments', () => {
  it('lists them as "company > site" with city, postcode, SIRET and chantier count, each linked', async () => {
    const { operation } = await openList('/mes-etablissements', { establishments: [gerland, villeurbanne] });
    expect(operation.request.variables).toEqual({
      linked: false,
      search: null,
      orderBy: { field: 'NAME', direction: 'ASC' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes établissements' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Mes établissements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Martin Industries > Usine de Lyon Gerland');
    expect(rows[0]).toHaveTextContent('Lyon');
    expect(rows[0]).toHaveTextContent('69007');
    expect(rows[0]).toHaveTextContent('73282932000074');
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/mes-etablissements/12',
    );
    expect(screen.getByText('2 établissements')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
  });

  it('searches after a pause in typing: the URL and the query variables follow', async () => {
    const view = await openList('/mes-etablissements', { establishments: [gerland, villeurbanne] });
    const box = await screen.findByRole('searchbox', { name: 'Rechercher un établissement' });
    await view.user.type(box, 'villeur');
    await waitFor(() => expect(search(view).get('q')).toBe('villeur'));
    // One request for the whole word, not one per letter.
    await waitFor(() =>
      expect(pendingOperationNames(view.environment)).toEqual(['EstablishmentListPageOwnPaginationQuery']),
    );
    const refetch = await resolveOperation(view.environment, 'EstablishmentListPageOwnPaginationQuery', {
      User: { id: USER_ID, establishments: page([villeurbanne], false) },
    });
    expect(refetch.request.variables).toMatchObject({
      id: USER_ID,
      search: 'villeur',
      orderBy: { field: 'NAME', direction: 'ASC' },
      count: 50,
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Mes établissements' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    expect(screen.getByRole('table', { name: 'Mes établissements' })).toHaveTextContent(
      'Dépôt de Villeurbanne',
    );

    await view.user.clear(box);
    await view.user.type(box, 'inconnu');
    await resolveOperation(view.environment, 'EstablishmentListPageOwnPaginationQuery', {
      User: { id: USER_ID, establishments: { ...page([], false), totalCount: 0 } },
    });
    expect(
      await screen.findByText('Aucun établissement ne correspond à votre recherche.'),
    ).toBeInTheDocument();
  });

  it('sorts by the chosen field and direction, kept in the URL', async () => {
    const view = await openList('/mes-etablissements', { establishments: [gerland, villeurbanne] });
    await view.user.selectOptions(await screen.findByRole('combobox', { name: 'Trier par' }), 'CITY');
    await waitFor(() => expect(search(view).get('tri')).toBe('ville'));
    const byCity = await resolveOperation(view.environment, 'EstablishmentListPageOwnPaginationQuery', {
      User: { id: USER_ID, establishments: page([gerland, villeurbanne], false) },
    });
    expect(byCity.request.variables).toMatchObject({ orderBy: { field: 'CITY', direction: 'ASC' } });

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Ordre' }), 'DESC');
    await waitFor(() => expect(search(view).get('ordre')).toBe('desc'));
    const descending = await resolveOperation(view.environment, 'EstablishmentListPageOwnPaginationQuery', {
      User: { id: USER_ID, establishments: page([villeurbanne, gerland], false) },
    });
    expect(descending.request.variables).toMatchObject({ orderBy: { field: 'CITY', direction: 'DESC' } });
  });

  it('opens with the search and sort of a shared URL', async () => {
    const { operation } = await openList('/mes-etablissements?q=gerland&tri=siret&ordre=desc', {
      establishments: [gerland],
    });
    expect(operation.request.variables).toEqual({
      linked: false,
      search: 'gerland',
      orderBy: { field: 'SIRET', direction: 'DESC' },
    });
    expect(await screen.findByRole('searchbox', { name: 'Rechercher un établissement' })).toHaveValue(
      'gerland',
    );
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue('SIRET');
  });

  it('loads the next 50 with "Afficher plus"', async () => {
    const view = renderRoute('/mes-etablissements');
    await resolveSession(view.environment, { hasAcceptedCGU: true });
    await resolveOperation(
      view.environment,
      'DashboardLayoutQuery',
      viewerResolvers({ establishments: [gerland] }),
    );
    const first = manyEstablishments(50);
    await resolveOperation(view.environment, 'EstablishmentListPageQuery', {
      User: { id: USER_ID, ownSiteTypology: 'PRODUCER', establishments: page(first, true, 'c50') },
    });
    const table = await screen.findByRole('table', { name: 'Mes établissements' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('120 établissements · 50 affichés')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    const next = await resolveOperation(view.environment, 'EstablishmentListPageOwnPaginationQuery', {
      User: { id: USER_ID, establishments: page(manyEstablishments(50, 51), true, 'c100') },
    });
    expect(next.request.variables).toMatchObject({ count: 50, cursor: 'c50', id: USER_ID });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(101));
    expect(within(table).getByRole('link', { name: 'Martin Industries > Site 0100' })).toBeInTheDocument();
  });

  it('says when the user has no establishment at all', async () => {
    await openList('/mes-etablissements', { establishments: [] });
    expect(await screen.findByText("Aucun établissement n'est rattaché à votre compte.")).toBeInTheDocument();
  });

  it('shows an error state with a retry when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // With the selection already in the URL: the automatic selection of a lone establishment rewrites the URL
    // a moment after rendering, and a retry clicked before that rewrite is lost (see the closing note).
    const view = renderRoute('/mes-etablissements?etablissement=12');
    await resolveSession(view.environment, { hasAcceptedCGU: true });
    const resolvers = viewerResolvers({ establishments: [gerland] });
    await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
    await rejectOperation(view.environment, 'EstablishmentListPageQuery', new Error('gateway down'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.retryLater);
    // The header and navigation stay.
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await resolveOperation(view.environment, 'EstablishmentListPageQuery', resolvers);
    expect(await screen.findByRole('table', { name: 'Mes établissements' })).toHaveTextContent(
      'Usine de Lyon Gerland',
    );
  });
});

describe('a value of the URL the api refuses', () => {
  it('says what the api refused, without a retry that could not help, and the layout stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = renderRoute('/mes-etablissements?etablissement=12');
    await resolveSession(view.environment, { hasAcceptedCGU: true });
    await resolveOperation(
      view.environment,
      'DashboardLayoutQuery',
      viewerResolvers({ establishments: [gerland] }),
    );
    const refused = 'Code déchet inconnu : « 99 99 99 ».';
    await rejectOperation(
      view.environment,
      'EstablishmentListPageQuery',
      new GraphQLRequestError('EstablishmentListPageQuery: refused', 200, [
        { message: refused, path: ['viewer', 'establishments'], extensions: { code: 'BAD_USER_INPUT' } },
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  });
});

describe('the linked sites: one screen, labelled by the typology', () => {
  it('shows a producer its providers', async () => {
    const { operation } = await openList('/mes-prestataires', {
      typologies: ['PRODUCER'],
      establishments: [gerland],
      linkedEstablishments: [provider],
    });
    expect(operation.request.variables).toMatchObject({ linked: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes prestataires' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher un prestataire' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Mes prestataires' });
    const link = within(table).getByRole('link', {
      name: 'Recyclage du Rhône > Centre de tri de Vénissieux',
    });
    // Links keep the dashboard selection (here the only establishment, selected automatically).
    await waitFor(() => expect(link).toHaveAttribute('href', '/mes-prestataires/40?etablissement=12'));
  });

  it('shows a retriever its clients', async () => {
    const client = establishment(50, 'Bâtiments du Sud', 'Chantier naval', 'Sète', '34200');
    await openList('/mes-clients', {
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linkedEstablishments: [client],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes clients' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher un client' })).toBeInTheDocument();
    const link = within(screen.getByRole('table', { name: 'Mes clients' })).getByRole('link', {
      name: 'Bâtiments du Sud > Chantier naval',
    });
    await waitFor(() => expect(link).toHaveAttribute('href', '/mes-clients/50?etablissement=40'));
  });

  it('gives the 404 page to a producer opening the clients screen, and to a retriever opening providers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The menu does not offer them: the list is not even asked for.
    const producer = await openLayout('/mes-clients', {
      typologies: ['PRODUCER'],
      establishments: [gerland],
    });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mes clients' })).not.toBeInTheDocument();
    expect(pendingOperationNames(producer.environment)).not.toContain('EstablishmentListPageQuery');
    producer.unmount();

    const retriever = await openLayout('/mes-prestataires', {
      typologies: ['RETRIEVER'],
      establishments: [provider],
    });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(pendingOperationNames(retriever.environment)).not.toContain('EstablishmentListPageQuery');
  });
});
