import { messages } from '@portal/domain';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/fixtures.ts';
import { renderRoute, resolveOperation, resolveSession, screen } from '../../test/TestWrapper.tsx';

describe('route guards and terms of use', () => {
  it('sends an anonymous user to the login page, keeping the wanted path', async () => {
    const { router, environment } = renderRoute('/?etablissement=3');
    await resolveSession(environment, null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/Login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/?etablissement=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
  });

  it('leads every authenticated route to /cgu until the terms are accepted, then to the dashboard', async () => {
    const { router, environment, user } = renderRoute('/');
    await resolveSession(environment, { hasAcceptedCGU: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cgu'));
    await resolveOperation(environment, 'CguPageQuery', {
      User: { id: 'VXNlcjox', hasAcceptedCGU: false },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Conditions générales d'utilisation" }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: '5. Données personnelles (RGPD)' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accepter et accéder au portail' }));
    expect(await screen.findByText(messages.cguRequired)).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(messages.cguRequired);

    await user.click(screen.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Accepter et accéder au portail' }));
    const operation = await resolveOperation(environment, 'CguPageAcceptTermsMutation', {
      AcceptTermsPayload: { viewer: { id: 'VXNlcjox', hasAcceptedCGU: true }, userErrors: [] },
    });
    expect(operation.request.variables).toEqual({ input: { accepted: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The guard let the dashboard load.
    await resolveOperation(environment, 'DashboardLayoutQuery', viewerResolvers());
    expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  });

  it('brings the user back to the page they wanted once the terms are accepted', async () => {
    const { router, environment, user } = renderRoute('/?etablissement=3');
    await resolveSession(environment, { hasAcceptedCGU: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cgu'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/?etablissement=3');
    await resolveOperation(environment, 'CguPageQuery', { User: { id: 'VXNlcjox', hasAcceptedCGU: false } });
    await user.click(await screen.findByRole('checkbox', { name: /J'ai lu et j'accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Accepter et accéder au portail' }));
    await resolveOperation(environment, 'CguPageAcceptTermsMutation', {
      AcceptTermsPayload: { viewer: { id: 'VXNlcjox', hasAcceptedCGU: true }, userErrors: [] },
    });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/?etablissement=3'),
    );
  });

  it('lets a user who accepted the terms read them again', async () => {
    const { environment } = renderRoute('/cgu');
    await resolveSession(environment, { hasAcceptedCGU: true });
    await resolveOperation(environment, 'CguPageQuery', {
      User: { id: 'VXNlcjox', hasAcceptedCGU: true },
    });
    expect(await screen.findByText("Vous avez accepté ces conditions d'utilisation.")).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
