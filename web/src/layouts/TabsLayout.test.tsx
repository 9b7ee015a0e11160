import { act, within } from '@testing-library/react';
import { useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderRoutes, screen } from '../test/TestWrapper.tsx';
import { TabsLayout } from './TabsLayout.tsx';

const tabs = [
  { key: 'skips', label: 'Contenants', to: '/operations', end: true },
  { key: 'requests', label: 'Demandes', to: '/operations/demandes' },
  { key: 'history', label: 'Historique', to: '/operations/historique' },
];

describe('TabsLayout', () => {
  it('renders one link per tab, marks the current route and follows a click', async () => {
    const { user, router } = renderRoutes(
      [
        {
          path: '/operations',
          element: <TabsLayout title="Opérations" tabsLabel="Vues des opérations" tabs={tabs} />,
          children: [
            { index: true, element: <p>Liste des contenants</p> },
            { path: 'demandes', element: <p>Liste des demandes</p> },
            { path: 'historique', element: <p>Historique des enlèvements</p> },
          ],
        },
      ],
      { path: '/operations' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Vues des opérations' });
    expect(screen.getByRole('heading', { level: 1, name: 'Opérations' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Contenants' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Liste des contenants')).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Historique' }));
    expect(await screen.findByText('Historique des enlèvements')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/operations/historique');
    expect(within(nav).getByRole('link', { name: 'Historique' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Contenants' })).not.toHaveAttribute('aria-current');
  });

  it('shows a tab whose screen does not exist yet as disabled, and keeps the selection in the links', async () => {
    renderRoutes(
      [
        {
          path: '/operations',
          element: (
            <TabsLayout
              title="Opérations"
              tabsLabel="Vues des opérations"
              tabs={[tabs[0] as (typeof tabs)[0], { ...(tabs[1] as (typeof tabs)[1]), available: false }]}
            />
          ),
          children: [{ index: true, element: <p>Liste des contenants</p> }],
        },
      ],
      { path: '/operations?etablissement=12&chantier=7&q=benne' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Vues des opérations' });
    expect(within(nav).getByRole('link', { name: 'Contenants' })).toHaveAttribute(
      'href',
      '/operations?etablissement=12&chantier=7',
    );
    expect(within(nav).queryByRole('link', { name: 'Demandes' })).not.toBeInTheDocument();
    const requests = within(nav).getByText('Demandes').parentElement;
    expect(requests).toHaveAttribute('aria-disabled', 'true');
    expect(requests).toHaveTextContent('Bientôt disponible');
  });

  it('carries the selection as it is when clicked, while the screen still shows the one before', async () => {
    // A screen that suspends on the new selection: React keeps showing the page of the previous one, whose
    // links were rendered with it, while the router's location is already the new one.
    const never = new Promise<never>(() => {});
    function Contents() {
      const [searchParams] = useSearchParams();
      if (searchParams.get('etablissement') === '99') throw never;
      return <p>Liste des contenants</p>;
    }
    const { user, router } = renderRoutes(
      [
        {
          path: '/operations',
          element: <TabsLayout title="Opérations" tabsLabel="Vues des opérations" tabs={tabs} />,
          children: [
            { index: true, element: <Contents /> },
            { path: 'historique', element: <p>Historique des enlèvements</p> },
          ],
        },
      ],
      { path: '/operations?etablissement=12' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Vues des opérations' });
    await act(() => router.navigate('/operations?etablissement=99'));
    expect(router.state.location.search).toBe('?etablissement=99');
    const history = within(nav).getByRole('link', { name: 'Historique' });
    expect(history).toHaveAttribute('href', '/operations/historique?etablissement=12');
    await user.click(history);
    expect(await screen.findByText('Historique des enlèvements')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?etablissement=99');
  });
});
