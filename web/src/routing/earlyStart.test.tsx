import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetLastViewer, lastViewer, rememberLastViewer } from '../relay/lastViewer.ts';
import { createSessionExpiredHandler, leaveToLogin } from '../relay/viewerSession.ts';
import { viewerResolvers } from '../test/fixtures.ts';
import { gerland, provider } from '../test/skipFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  renderRoute,
  resolveOperation,
  resolveSession,
} from '../test/TestWrapper.tsx';

/**
 * A returning user's dashboard: its queries start with the session's, on what this browser last knew of the
 * user, rather than one round trip after it; the session's viewer then decides.
 */

beforeAll(async () => {
  await import('../apps/dashboard/DashboardHomePage.tsx');
});

const SESSION_ID = 'VXNlcjox';

/** The scope side each pending figures query asks for. */
const figuresSides = (environment: MockEnvironment) =>
  environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.name === 'DashboardFiguresQuery')
    .map((operation) => (operation.request.variables.scope as { side: string }).side);

describe('the dashboard of a user this browser knows', () => {
  it('asks its layout, home, figures and map together with the session, once each', async () => {
    rememberLastViewer({ id: SESSION_ID, typologies: ['PRODUCER'], ownSiteTypology: 'PRODUCER' });
    const { environment } = renderRoute('/');
    await findOperation(environment, 'DashboardFiguresQuery');
    expect(pendingOperationNames(environment).sort()).toEqual([
      'DashboardFiguresQuery',
      'DashboardHomePageQuery',
      'DashboardLayoutQuery',
      'DashboardMapQuery',
      'viewerSessionQuery',
    ]);

    await resolveSession(environment, { hasAcceptedCGU: true, ownSiteTypology: 'PRODUCER' });
    await resolveOperation(
      environment,
      'DashboardLayoutQuery',
      viewerResolvers({ establishments: [gerland], linkedEstablishments: [provider] }),
    );
    // The session confirms the guess: nothing is asked twice.
    await waitFor(() =>
      expect(pendingOperationNames(environment).sort()).toEqual([
        'DashboardFiguresQuery',
        'DashboardHomePageQuery',
        'DashboardMapQuery',
      ]),
    );
    expect(figuresSides(environment)).toEqual(['PRODUCER']);
  });

  it('asks again, for the session’s side, what it guessed wrong', async () => {
    rememberLastViewer({ id: SESSION_ID, typologies: ['PRODUCER'], ownSiteTypology: 'PRODUCER' });
    const { environment } = renderRoute('/');
    await findOperation(environment, 'DashboardFiguresQuery');
    await resolveSession(environment, { hasAcceptedCGU: true, ownSiteTypology: 'RETRIEVER' });
    await waitFor(() => expect(figuresSides(environment).sort()).toEqual(['PRODUCER', 'RETRIEVER']));
    // The session's viewer is what this browser knows from now on.
    expect(lastViewer()).toEqual({ id: SESSION_ID, typologies: ['RETRIEVER'], ownSiteTypology: 'RETRIEVER' });
  });

  it('waits for the session when it knows nobody, and forgets its user on leaving for the login page', async () => {
    const { environment } = renderRoute('/');
    await findOperation(environment, 'viewerSessionQuery');
    expect(pendingOperationNames(environment)).toEqual(['viewerSessionQuery']);

    rememberLastViewer({ id: SESSION_ID, typologies: ['PRODUCER'], ownSiteTypology: 'PRODUCER' });
    // The session ends (the api answers UNAUTHENTICATED): the login page, and the browser knows nobody now.
    const left: string[] = [];
    createSessionExpiredHandler((url) => left.push(url))();
    expect(left).toHaveLength(1);
    expect(lastViewer()).toBeNull();

    // Logging out leaves for the login page too (jsdom does not navigate).
    rememberLastViewer({ id: SESSION_ID, typologies: ['PRODUCER'], ownSiteTypology: 'PRODUCER' });
    leaveToLogin();
    expect(lastViewer()).toBeNull();
  });

  it('ignores what is kept when it is not a viewer', () => {
    window.localStorage.setItem('portail.lastViewer', '{"id":3,"typologies":"PRODUCER"}');
    expect(lastViewer()).toBeNull();
    window.localStorage.setItem('portail.lastViewer', 'not json');
    expect(lastViewer()).toBeNull();
    forgetLastViewer();
    expect(lastViewer()).toBeNull();
  });
});
