import { messages } from '@portal/domain/messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/fixtures.ts';
import { renderRoute, resolveOperation, resolveSession, screen } from '../../test/TestWrapper.tsx';

/** The terms in force as the graph gives them: Markdown written for the portal. */
const TERMS = {
  version: 1,
  publishedAt: '2025-08-31T22:00:00.000Z',
  content: '## 1. Objet\n\nLe portail…\n\n## 5. Données personnelles (RGPD)\n\nVos droits.',
};

describe('route guards and terms of use', () => {
  it('sends an anonymous user to the login page, keeping the wanted path', async () => {
    const { router, environment } = renderRoute('/?etablissement=3');
    await resolveSession(environment, null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/Login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/?etablissement=3');
    // The login page is a page of its own (login.html): the app shows its spinner while the browser loads it.
    expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
  });

  it('leads every authenticated route to /cgu until the terms are accepted, then to the dashboard', async () => {
    const { router, environment, user } = renderRoute('/');
    await resolveSession(environment, { hasAcceptedCGU: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cgu'));
    await resolveOperation(environment, 'CguPageQuery', {
      User: { id: 'VXNlcjox', hasAcceptedCGU: false, acceptedTermsVersion: null },
      LegalText: TERMS,
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
    await resolveOperation(environment, 'CguPageQuery', {
      User: { id: 'VXNlcjox', hasAcceptedCGU: false },
      LegalText: TERMS,
    });
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
      LegalText: TERMS,
    });
    expect(await screen.findByText("Vous avez accepté ces conditions d'utilisation.")).toBeInTheDocument();
    expect(screen.getByText('Version 1 du 1 septembre 2025')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks a user who accepted an older version to accept the new one, rendering its Markdown without raw HTML', async () => {
    const { environment } = renderRoute('/cgu');
    await resolveSession(environment, { hasAcceptedCGU: false });
    await resolveOperation(environment, 'CguPageQuery', {
      User: { id: 'VXNlcjox', hasAcceptedCGU: false, acceptedTermsVersion: 1 },
      LegalText: {
        ...TERMS,
        version: 2,
        content:
          '## 2. Compte\n\n<img src=x onerror="alert(1)"><b>gras brut</b> **gras** [piège](javascript:alert(1)) [Aide](/aide/guide)',
      },
    });
    expect(
      await screen.findByText(
        "Les conditions générales d'utilisation ont changé depuis votre dernière acceptation : merci de lire et d'accepter la nouvelle version.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Version 2 du/)).toBeInTheDocument();
    const article = screen.getByRole('article', { name: "Conditions générales d'utilisation" });
    expect(article.querySelector('img, b, script')).toBeNull();
    expect(screen.getByText('gras').tagName).toBe('STRONG');
    expect(screen.getByText('piège').closest('a')?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(screen.getByRole('link', { name: 'Aide' })).toHaveAttribute('href', '/aide/guide');
    expect(screen.getByRole('checkbox', { name: /J'ai lu et j'accepte/ })).toBeInTheDocument();
  });
});
