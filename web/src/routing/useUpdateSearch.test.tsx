import { act, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderRoutes, screen } from '../test/TestWrapper.tsx';
import { useUpdateSearch } from './useUpdateSearch.ts';

/** A loader that waits until the test lets it finish, as a route's session check waits for the network. */
function heldLoader() {
  let release: () => void = () => {};
  const held = new Promise<null>((resolve) => {
    release = () => resolve(null);
  });
  return { loader: () => held, release: () => release() };
}

/** A page whose buttons write the year into the URL: once as the page's own correction, once as a choice. */
function YearPage() {
  const updateSearch = useUpdateSearch();
  const { search } = useLocation();
  const withYear = (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    next.set('annee', '2025');
    return next;
  };
  return (
    <>
      <p>Recherche : {search}</p>
      <button type="button" onClick={() => updateSearch(withYear, { correction: true })}>
        Corriger
      </button>
      <button type="button" onClick={() => updateSearch(withYear)}>
        Choisir
      </button>
    </>
  );
}

describe('useUpdateSearch', () => {
  it('drops a correction of the page while the user is leaving for another page, which then opens', async () => {
    const other = heldLoader();
    const { router, user } = renderRoutes(
      [
        { path: '/', element: <YearPage /> },
        { path: '/mes-etablissements', loader: other.loader, element: <p>Mes établissements</p> },
      ],
      { path: '/?etablissement=1' },
    );
    await screen.findByRole('button', { name: 'Corriger' });
    act(() => {
      void router.navigate('/mes-etablissements?etablissement=1');
    });
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));

    await user.click(screen.getByRole('button', { name: 'Corriger' }));
    other.release();

    expect(await screen.findByText('Mes établissements')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?etablissement=1');
  });

  it('applies a correction or a choice on the same page to the navigation still loading, not to the URL before it', async () => {
    let held = heldLoader();
    const { router, user } = renderRoutes(
      [{ path: '/', loader: () => held.loader(), element: <YearPage /> }],
      { path: '/?etablissement=1' },
    );
    held.release();
    await screen.findByText('Recherche : ?etablissement=1');

    for (const button of ['Corriger', 'Choisir']) {
      held = heldLoader();
      act(() => {
        void router.navigate(`/?etablissement=${button === 'Corriger' ? 2 : 3}`);
      });
      await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
      await user.click(screen.getByRole('button', { name: button }));
      held.release();
      const expected = `?etablissement=${button === 'Corriger' ? 2 : 3}&annee=2025`;
      expect(await screen.findByText(`Recherche : ${expected}`)).toBeInTheDocument();
      expect(router.state.location.search).toBe(expected);
    }
  });

  it.each([
    ['Corriger', 'REPLACE'],
    ['Choisir', 'PUSH'],
  ])('writes with « %s » as a %s of the history entry', async (button, action) => {
    const { router, user } = renderRoutes([{ path: '/', element: <YearPage /> }], {
      path: '/?etablissement=1',
    });
    await user.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.search).toBe('?etablissement=1&annee=2025'));
    expect(router.state.historyAction).toBe(action);
  });
});
