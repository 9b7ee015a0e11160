import { redirect } from 'react-router-dom';
import { createOperationDescriptor, fetchQuery, getRequest, graphql, type IEnvironment } from 'relay-runtime';
import type { viewerSessionQuery } from '../__generated__/viewerSessionQuery.graphql.ts';
import { isPublicPath, loginPath, termsPath } from '../paths.ts';
import { forgetLastViewer, rememberLastViewer } from './lastViewer.ts';

/**
 * Who is signed in, for the route guards; the side of the mirror views (SPEC 1) comes with it, so that a loader
 * whose query depends on it (the operations screen: my establishment's containers or my client's) needs no
 * second round trip.
 */
const sessionQuery = graphql`
  query viewerSessionQuery {
    viewer {
      id
      hasAcceptedCGU
      typologies
      ownSiteTypology
      isRetriever
      # The back office's guard: administrators have admin:manage.
      permissions
    }
  }
`;

export type SessionViewer = NonNullable<viewerSessionQuery['response']['viewer']>;

/** The environments whose store keeps the session's viewer. */
const keepingSession = new WeakSet<IEnvironment>();

/**
 * The signed-in user, from the store when known (login and acceptTerms keep it current), else from the gateway.
 * The store keeps it for the page's life (a logout leaves the page), so that the route guards of each navigation
 * find it there rather than ask again once the store has collected what no screen holds.
 */
export async function loadSessionViewer(environment: IEnvironment): Promise<SessionViewer | null> {
  if (!keepingSession.has(environment)) {
    keepingSession.add(environment);
    environment.retain(createOperationDescriptor(getRequest(sessionQuery), {}));
  }
  const data = await fetchQuery<viewerSessionQuery>(
    environment,
    sessionQuery,
    {},
    {
      fetchPolicy: 'store-or-network',
    },
  ).toPromise();
  return data?.viewer ?? null;
}

interface RequireViewerOptions {
  /** The terms page itself is reachable before the terms are accepted. */
  allowPendingTerms?: boolean;
}

/**
 * Route guard for loaders: anonymous users go to the login page (keeping the wanted path), users who have not
 * accepted the terms go to /cgu. Throws the redirect Response, as React Router expects.
 */
export async function requireViewer(
  environment: IEnvironment,
  request: Request,
  options: RequireViewerOptions = {},
): Promise<SessionViewer> {
  const viewer = await loadSessionViewer(environment);
  const url = new URL(request.url);
  if (!viewer) {
    forgetLastViewer();
    throw redirect(loginPath(url.pathname + url.search));
  }
  rememberLastViewer(viewer);
  if (!viewer.hasAcceptedCGU && !options.allowPendingTerms)
    throw redirect(termsPath(url.pathname + url.search));
  return viewer;
}

/**
 * A full page load to the login page: it also empties the Relay store and every other in-memory state, so
 * nothing of the previous session survives (logout, expired session).
 */
export function leaveToLogin(returnTo?: string, options: { sessionExpired?: boolean } = {}): void {
  forgetLastViewer();
  window.location.assign(loginPath(returnTo, options));
}

/**
 * What the network layer calls when the session is missing or expired (SPEC 8: HTTP 401 sends the user to
 * the login page, which brings them back afterwards). Public pages have nothing to protect, and reloading them
 * would loop.
 */
export function createSessionExpiredHandler(
  leave: (url: string) => void = (url) => window.location.assign(url),
): () => void {
  return () => {
    const { pathname, search } = window.location;
    if (isPublicPath(pathname)) return;
    forgetLastViewer();
    leave(loginPath(pathname + search, { sessionExpired: true }));
  };
}
