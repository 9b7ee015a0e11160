import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import dashboardFiguresQuery from '../../__generated__/DashboardFiguresQuery.graphql.ts';
import dashboardLayoutQuery from '../../__generated__/DashboardLayoutQuery.graphql.ts';
import viewerSessionQuery from '../../__generated__/viewerSessionQuery.graphql.ts';
import { rememberLastViewer } from '../../relay/lastViewer.ts';
import { takeSentAhead } from '../../relay/sentAhead.ts';
import { sendDashboardAhead } from './dashboardAhead.ts';
import { dashboardQueries } from './dashboardParams.ts';
import { EMPTY_SELECTION } from './selection.ts';
import { rememberSelection } from './selectionMemory.ts';

const VIEWER_ID = 'VXNlcjox';
const producer = { id: VIEWER_ID, typologies: ['PRODUCER'], ownSiteTypology: 'PRODUCER' };

/** The operations the page posted, by name, with their variables. */
function posted(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

function gateway() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}'));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What Relay's network layer is given when the app asks `artifact` with `variables`: every variable, in order. */
function askedByRelay(artifact: Parameters<typeof getRequest>[0], variables: Record<string, unknown>) {
  const request = getRequest(artifact);
  return {
    id: request.params.id ?? '',
    variables: createOperationDescriptor(request, variables).request.variables,
  };
}

describe("the dashboard's head start", () => {
  it('sends what the session, the layout and the screen will ask, as Relay will ask it', () => {
    const fetchMock = gateway();
    rememberLastViewer(producer);
    sendDashboardAhead(new URL('http://portail.test/?annee=2025'));
    expect(posted(fetchMock)).toHaveLength(5);

    const params = new URLSearchParams('annee=2025');
    const asked = [
      askedByRelay(viewerSessionQuery, {}),
      askedByRelay(dashboardLayoutQuery, {}),
      ...dashboardQueries(producer, params).map(({ artifact, variables }) =>
        askedByRelay(artifact, variables),
      ),
    ];
    for (const { id, variables } of asked) expect(takeSentAhead(id, variables), id).toBeDefined();
  });

  it("asks the figures of the selection the route will restore, on the user's side", () => {
    const fetchMock = gateway();
    rememberLastViewer({ id: VIEWER_ID, typologies: ['RETRIEVER'], ownSiteTypology: 'RETRIEVER' });
    rememberSelection(VIEWER_ID, { ...EMPTY_SELECTION, establishmentId: 7, clientId: 12 });
    sendDashboardAhead(new URL('http://portail.test/'));
    const figures = posted(fetchMock).find((body) => body.doc_id === dashboardFiguresQuery.params.id);
    expect(figures?.variables.scope).toMatchObject({
      side: 'RETRIEVER',
      retrieverSiteId: expect.any(String),
      producerSiteId: expect.any(String),
    });
  });

  it('sends nothing for a page other than the dashboard, a browser that knows nobody, or an administrator', () => {
    const fetchMock = gateway();
    rememberLastViewer(producer);
    sendDashboardAhead(new URL('http://portail.test/operations'));
    window.localStorage.clear();
    sendDashboardAhead(new URL('http://portail.test/'));
    rememberLastViewer({ id: VIEWER_ID, typologies: [], ownSiteTypology: null });
    sendDashboardAhead(new URL('http://portail.test/'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
