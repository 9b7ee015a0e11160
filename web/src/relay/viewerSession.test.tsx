import { describe, expect, it, vi } from 'vitest';
import DashboardLayoutQuery from '../__generated__/DashboardLayoutQuery.graphql.ts';
import viewerSessionQuery from '../__generated__/viewerSessionQuery.graphql.ts';
import { renderRoute, screen } from '../test/TestWrapper.tsx';
import { createRelayEnvironment } from './environment.ts';
import { createSessionExpiredHandler } from './viewerSession.ts';

function jsonResponse(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('expired session', () => {
  it('sends the user to the login page when a screen query answers UNAUTHENTICATED', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const { doc_id } = JSON.parse(String(init?.body)) as { doc_id: string };
        requested.push(doc_id);
        if (doc_id === viewerSessionQuery.params.id) {
          return jsonResponse({
            data: {
              viewer: {
                id: 'VXNlcjox',
                hasAcceptedCGU: true,
                typologies: ['PRODUCER'],
                ownSiteTypology: 'PRODUCER',
                isRetriever: false,
                permissions: [],
              },
            },
          });
        }
        return jsonResponse({
          data: null,
          errors: [{ message: 'Votre session a expiré.', extensions: { code: 'UNAUTHENTICATED' } }],
        });
      }),
    );
    // React reports the error the route's boundary catches; the boundary itself stays silent about it.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const leave = vi.fn();
    const environment = createRelayEnvironment({ onUnauthenticated: createSessionExpiredHandler(leave) });
    const { router } = renderRoute('/', environment);

    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/customer/Login?session=expiree'));
    expect(requested).toContain(DashboardLayoutQuery.params.id);
    expect(router.state.location.pathname).toBe('/');
    // No error page while the browser leaves for the login page.
    expect(screen.queryByRole('heading', { name: '404' })).not.toBeInTheDocument();
  });

  it('keeps the page to come back to, and does nothing on the public pages', () => {
    const leave = vi.fn();
    const handler = createSessionExpiredHandler(leave);
    window.history.pushState({}, '', '/mes-couts?etablissement=3');
    handler();
    expect(leave).toHaveBeenLastCalledWith(
      '/customer/Login?redirect=%2Fmes-couts%3Fetablissement%3D3&session=expiree',
    );

    window.history.pushState({}, '', '/customer/login');
    handler();
    expect(leave).toHaveBeenCalledTimes(1);
    window.history.pushState({}, '', '/');
  });
});
