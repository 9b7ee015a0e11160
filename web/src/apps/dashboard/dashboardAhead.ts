import type { ConcreteRequest } from 'relay-runtime';
import dashboardLayoutQuery from '../../__generated__/DashboardLayoutQuery.graphql.ts';
import viewerSessionQuery from '../../__generated__/viewerSessionQuery.graphql.ts';
import { typologiesFromGraph } from '../../relay/graphTypologies.ts';
import { lastViewer } from '../../relay/lastViewer.ts';
import { sendAhead } from '../../relay/sentAhead.ts';
import { dashboardQueries } from './dashboardParams.ts';
import { urlWithRememberedSelection } from './selectionMemory.ts';

/**
 * The dashboard's first queries, sent as its page starts (`headStart.ts`), while the app's scripts load and run:
 * the session's, the layout's and the screen's opening ones (`dashboardQueries`), with the URL's selection or the
 * one the route will restore. On the word of the user this browser last saw signed in (`lastViewer`): the app's
 * own requests take the answers up (`sentAhead.ts`); a wrong guess costs requests, never a wrong screen. Only for
 * `/`, where a login leads: other pages start their queries from their loaders.
 */
export function sendDashboardAhead(url: URL): void {
  if (url.pathname !== '/') return;
  const viewer = lastViewer();
  // An administrator without a typology is sent to the back office.
  if (viewer === null || typologiesFromGraph(viewer.typologies).length === 0) return;
  const restored = urlWithRememberedSelection(url, viewer.id);
  const params = restored === null ? url.searchParams : new URL(restored, url).searchParams;
  send(viewerSessionQuery, {});
  send(dashboardLayoutQuery, {});
  for (const { artifact, variables } of dashboardQueries(viewer, params)) send(artifact, variables);
}

function send(artifact: ConcreteRequest, variables: Record<string, unknown>): void {
  if (artifact.params.id) sendAhead(artifact.params.id, variables);
}
