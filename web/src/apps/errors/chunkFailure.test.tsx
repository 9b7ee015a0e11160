import { Suspense } from 'react';
import { Link, Outlet, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failingVisibly } from '../../routing/screens.ts';
import { renderRoutes, screen } from '../../test/TestWrapper.tsx';
import { RootErrorBoundary } from './RootErrorBoundary.tsx';
import { ScreenErrorState } from './ScreenErrorState.tsx';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/ProfilePage-abc.js');

/** As the app's route table: a root boundary, a layout drawing its screen in a Suspense, a screen in its chunk. */
function routes(screen: Partial<RouteObject>): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: <RootErrorBoundary />,
      element: (
        <main>
          <Link to="/mon-profil">Mon profil</Link>
          <Suspense fallback={<p>chargement</p>}>
            <Outlet />
          </Suspense>
        </main>
      ),
      children: [
        { index: true, element: <p>Tableau de bord</p> },
        { path: 'mon-profil', errorElement: <ScreenErrorState />, ...screen } as RouteObject,
      ],
    },
  ];
}

afterEach(() => window.sessionStorage.clear());

describe('a screen whose chunk fails to load', () => {
  it('goes to the root boundary, which reloads the page on the address asked for', async () => {
    const view = renderRoutes(routes({ lazy: failingVisibly(() => Promise.reject(chunkError())) }));
    await view.user.click(await screen.findByRole('link', { name: 'Mon profil' }));
    await vi.waitFor(() => expect(window.sessionStorage.getItem('portal:chunk-reload-at')).not.toBeNull());
    expect(view.router.state.location.pathname).toBe('/mon-profil');
  });
});
