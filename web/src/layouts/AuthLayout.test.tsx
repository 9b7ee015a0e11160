import { describe, expect, it } from 'vitest';
import { renderRoutes, screen } from '../test/TestWrapper.tsx';
import { AuthLayout } from './AuthLayout.tsx';

describe('AuthLayout', () => {
  it('centres the page in a card under the logo, inside the main landmark', async () => {
    renderRoutes([{ element: <AuthLayout />, children: [{ path: '/', element: <h1>Connexion</h1> }] }]);
    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { name: 'Connexion' }));
    expect(screen.getByText('Portail déchets')).toBeInTheDocument();
    expect(screen.getByText('Suivi et traçabilité des déchets de vos établissements')).toBeInTheDocument();
  });
});
