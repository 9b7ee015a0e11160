import { render, waitFor, within } from '@testing-library/react';
import { createMockEnvironment } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders.tsx';
import { establishment, viewerResolvers } from '../test/fixtures.ts';
import { renderRoute, resolveOperation, resolveSession, screen } from '../test/TestWrapper.tsx';
import { PwaUpdatePrompt, whenActive } from './PwaUpdatePrompt.tsx';

/**
 * The offline-ready notice: once per version, in the page's flow where it covers nothing (never a toast over the
 * terms or a dialog). Only the service worker's registration, outside the project, is stood in for.
 */

const registration = vi.hoisted(() => ({ offlineReady: false }));

vi.mock('virtual:pwa-register/react', async () => {
  const { useState } = await import('react');
  return {
    useRegisterSW: () => ({
      offlineReady: useState(registration.offlineReady),
      needRefresh: useState(false),
      updateServiceWorker: async () => {},
    }),
  };
});

const NOTICE = 'Le portail est prêt à fonctionner hors ligne';

/** The notice in the page's main column: a polite status, not an alert. */
async function noticeIn(main: HTMLElement): Promise<HTMLElement> {
  const notice = (await within(main).findByText(NOTICE)).closest<HTMLElement>('[role="status"]');
  if (!notice) throw new Error('the notice is not a status');
  return notice;
}

/** A page load: the app's routes at `path`, with the registration beside them as main.tsx renders it. */
function load(path: string) {
  const view = renderRoute(path);
  render(
    <AppProviders environment={createMockEnvironment()}>
      <PwaUpdatePrompt />
    </AppProviders>,
  );
  return view;
}

async function openDashboard(view: ReturnType<typeof renderRoute>) {
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  const resolvers = viewerResolvers({ establishments: [establishment(12, 'Martin', 'Gerland')] });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
  await screen.findByRole('navigation', { name: 'Navigation principale' });
  return screen.getByRole('main');
}

beforeEach(() => {
  registration.offlineReady = true;
  window.localStorage.clear();
});

afterEach(() => {
  for (const script of document.querySelectorAll('script[data-test-entry]')) script.remove();
});

describe('the offline-ready notice', () => {
  it('waits through the terms for the portal’s pages, shows in their flow once per version, and goes when closed', async () => {
    // Installed while the user reads the terms: nothing over them, no toast.
    const view = load('/?etablissement=12');
    await resolveSession(view.environment, { hasAcceptedCGU: false });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/cgu'));
    await resolveOperation(view.environment, 'CguPageQuery', {
      User: { id: 'VXNlcjox', hasAcceptedCGU: false },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Conditions générales d'utilisation" }),
    ).toBeVisible();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }));
    await view.user.click(screen.getByRole('button', { name: 'Accepter et accéder au portail' }));
    await resolveOperation(view.environment, 'CguPageAcceptTermsMutation', {
      AcceptTermsPayload: { viewer: { id: 'VXNlcjox', hasAcceptedCGU: true }, userErrors: [] },
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    const resolvers = viewerResolvers({ establishments: [establishment(12, 'Martin', 'Gerland')] });
    await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
    await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
    await screen.findByRole('navigation', { name: 'Navigation principale' });
    const main = screen.getByRole('main');
    const notice = await noticeIn(main);
    // Once on the page, never also as a toast.
    expect(screen.getAllByText(NOTICE)).toHaveLength(1);
    expect(window.localStorage.getItem('portal.offlineReadyVersion')).toBe('dev');

    await view.user.click(within(notice).getByRole('button', { name: 'Fermer ce message' }));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('is not said again for the same version, and is for a new one', async () => {
    window.localStorage.setItem('portal.offlineReadyVersion', 'dev');
    const first = load('/?etablissement=12');
    await openDashboard(first);
    expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    first.unmount();

    // A new deployment: its entry script has another hashed name.
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.src = '/assets/index-N3wV3rs1.js';
    entry.dataset.testEntry = '';
    document.head.append(entry);
    const next = load('/?etablissement=12');
    const main = await openDashboard(next);
    const notice = await noticeIn(main);
    expect(window.localStorage.getItem('portal.offlineReadyVersion')).toBe('/assets/index-N3wV3rs1.js');
    await next.user.click(within(notice).getByRole('button', { name: 'Fermer ce message' }));
  });

  it('goes when the user moves to another page', async () => {
    const view = load('/?etablissement=12');
    const main = await openDashboard(view);
    expect(await within(main).findByText(NOTICE)).toBeInTheDocument();
    void view.router.navigate('/mes-etablissements?etablissement=12');
    await resolveOperation(view.environment, 'EstablishmentListPageQuery', viewerResolvers());
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/mes-etablissements'));
    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  });
});

describe('a worker the login page installed', () => {
  /** A worker as the browser reports it, whose state the test moves on. */
  function worker(state: ServiceWorkerState) {
    const target = new EventTarget() as ServiceWorker & { state: ServiceWorkerState };
    target.state = state;
    return {
      worker: target,
      moveTo(next: ServiceWorkerState) {
        target.state = next;
        target.dispatchEvent(new Event('statechange'));
      },
    };
  }

  it('is ready at once when already active', () => {
    const ready = vi.fn();
    whenActive({ active: worker('activated').worker } as ServiceWorkerRegistration, ready);
    expect(ready).toHaveBeenCalledOnce();
  });

  it('is ready once the worker still installing is activated, and only then', () => {
    const ready = vi.fn();
    const installing = worker('installing');
    whenActive(
      { active: null, installing: installing.worker, waiting: null } as ServiceWorkerRegistration,
      ready,
    );
    installing.moveTo('installed');
    installing.moveTo('activating');
    expect(ready).not.toHaveBeenCalled();
    installing.moveTo('activated');
    installing.moveTo('activated');
    expect(ready).toHaveBeenCalledOnce();
  });
});
