import { messages } from '@portal/domain/messages';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/operationFixtures.ts';
import { findOperation, pendingOperationNames, resolveOperation, screen } from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./TrackdechetsReturnPage.tsx');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const RETURN = '/customer/Validatetrackdechets';

/** The mutations of the return step sent so far, answered or not. */
const completions = (view: Awaited<ReturnType<typeof signIn>>) =>
  view.environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.name === 'TrackdechetsReturnPageMutation');

describe('the return from Trackdéchets', () => {
  it('completes the link once with what Trackdéchets sent, then opens the hazardous pick-ups', async () => {
    const view = await signIn({ path: `${RETURN}?code=c0de&state=st4te&etablissement=12`, strict: true });
    expect(await screen.findByText('Liaison de votre compte Trackdéchets…')).toBeInTheDocument();
    const mutation = await findOperation(view.environment, 'TrackdechetsReturnPageMutation');
    expect(mutation.request.variables).toEqual({ input: { state: 'st4te', code: 'c0de' } });
    // A code is single use: React's strict mode runs the effect twice, the link is completed once.
    expect(completions(view)).toHaveLength(1);
    await resolveOperation(view.environment, 'TrackdechetsReturnPageMutation', {
      TrackdechetsLinkPayload: { userErrors: [], link: { state: 'ACTIVE' } },
    });
    expect(await screen.findByText('Votre compte Trackdéchets est lié.')).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/mes-enlevements-dangereux'));
    expect(view.router.state.location.search).toBe('?etablissement=12');
    // Replaced: going back does not complete the link again.
    expect(view.router.state.historyAction).toBe('REPLACE');
    await findOperation(view.environment, 'HazardousPickupsPageQuery');
  });

  it('says why the link failed, and offers to start it again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const view = await signIn({ path: `${RETURN}?error=access_denied&state=st4te&etablissement=12` });
    const mutation = await findOperation(view.environment, 'TrackdechetsReturnPageMutation');
    expect(mutation.request.variables).toEqual({ input: { state: 'st4te', error: 'access_denied' } });
    await resolveOperation(view.environment, 'TrackdechetsReturnPageMutation', {
      TrackdechetsLinkPayload: {
        userErrors: [{ field: [], message: messages.trackdechetsLinkFailed, code: null }],
        link: null,
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.trackdechetsLinkFailed);
    expect(view.router.state.location.pathname).toBe(RETURN);
    expect(screen.getByRole('link', { name: 'Mes enlèvements dangereux' })).toHaveAttribute(
      'href',
      '/mes-enlevements-dangereux?etablissement=12',
    );

    await view.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    const url = 'https://app.trackdechets.example/oauth2/authorize/dialog?state=new';
    await resolveOperation(view.environment, 'StartLinkButtonMutation', {
      StartTrackdechetsLinkPayload: { authorizeUrl: url, userErrors: [] },
    });
    expect(assign).toHaveBeenCalledWith(url);
    expect(completions(view)).toHaveLength(0);
  });

  it('fails without asking the api when the address lacks its state', async () => {
    const view = await signIn({ path: `${RETURN}?code=c0de&etablissement=12` });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.trackdechetsLinkFailed);
    expect(pendingOperationNames(view.environment)).not.toContain('TrackdechetsReturnPageMutation');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
