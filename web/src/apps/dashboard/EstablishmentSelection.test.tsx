import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type EstablishmentFixture, establishment, viewerResolvers } from '../../test/fixtures.ts';
import { renderRoute, resolveOperation, resolveSession, screen } from '../../test/TestWrapper.tsx';
import { resolveEstablishmentSelection, selectionSearch } from './EstablishmentSelection.tsx';

async function openDashboard(path: string, establishments: EstablishmentFixture[]) {
  const view = renderRoute(path);
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  const resolvers = viewerResolvers({ establishments });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
  await screen.findByRole('heading', { level: 1, name: 'Bonjour Claire' });
  return view;
}

const search = (view: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(view.router.state.location.search);

describe('establishment selection', () => {
  it('selects the only establishment automatically and keeps it in the URL', async () => {
    const view = await openDashboard('/', [establishment(12, 'Martin Industries', 'Usine de Lyon Gerland')]);
    await waitFor(() => expect(search(view).get('etablissement')).toBe('12'));
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('12');
    const card = screen.getByRole('region', { name: 'Établissement sélectionné' });
    expect(within(card).getByText('Martin Industries > Usine de Lyon Gerland')).toBeInTheDocument();
  });

  it('selects nothing on its own when there are two, and lets the user choose', async () => {
    const view = await openDashboard('/', [
      establishment(12, 'Martin Industries', 'Usine de Lyon Gerland'),
      establishment(15, 'Martin Industries', 'Dépôt de Villeurbanne'),
    ]);
    const selector = screen.getByRole('combobox', { name: 'Établissement' });
    expect(selector).toHaveValue('');
    expect(search(view).has('etablissement')).toBe(false);
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
    // Changing the selection does not refetch the screens' queries (they do not depend on it).
    expect(view.environment.mock.getAllOperations()).toEqual([]);
    const card = screen.getByRole('region', { name: 'Établissement sélectionné' });
    expect(within(card).getByText('Martin Industries > Dépôt de Villeurbanne')).toBeInTheDocument();
  });

  it('keeps a selection from the URL after a reload and groups establishments by company', async () => {
    const two = [
      establishment(12, 'Martin Industries', 'Usine de Lyon Gerland'),
      establishment(15, 'Recyclage du Rhône', 'Centre de tri'),
    ];
    await openDashboard('/?etablissement=15', two);
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('15');
    // Two companies: one group each.
    expect(screen.getByRole('group', { name: 'Recyclage du Rhône' })).toBeInTheDocument();
  });

  it('clears a selection that is not one of the user’s establishments', async () => {
    const view = await openDashboard('/?etablissement=999&chantier=4', [
      establishment(12, 'Martin Industries', 'Usine de Lyon Gerland'),
      establishment(15, 'Martin Industries', 'Dépôt de Villeurbanne'),
    ]);
    await waitFor(() => expect(search(view).has('etablissement')).toBe(false));
    expect(search(view).has('chantier')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Établissement' })).toHaveValue('');
  });
});

describe('resolveEstablishmentSelection (SPEC 2)', () => {
  it('keeps a valid selection, picks the only establishment, otherwise selects nothing', () => {
    expect(resolveEstablishmentSelection([3, 4], '4')).toBe(4);
    expect(resolveEstablishmentSelection([3], null)).toBe(3);
    expect(resolveEstablishmentSelection([3], 'all')).toBe(3);
    expect(resolveEstablishmentSelection([3, 4], null)).toBeNull();
    expect(resolveEstablishmentSelection([3, 4], '9')).toBeNull();
    expect(resolveEstablishmentSelection([], '3')).toBeNull();
  });

  it('keeps only the selection parameters in navigation links', () => {
    expect(selectionSearch(new URLSearchParams('etablissement=3&chantier=9&annee=2024'))).toBe(
      '?etablissement=3&chantier=9',
    );
    expect(selectionSearch(new URLSearchParams('annee=2024'))).toBe('');
  });
});
