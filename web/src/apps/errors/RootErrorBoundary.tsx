import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { OfflineBanner, OfflinePage } from '../../components/OfflineState.tsx';
import { isNetworkFailure, UnauthenticatedError } from '../../relay/errors.ts';
import { isBotUserAgent } from './botUserAgent.ts';
import { chunkReloadAllowed, isChunkLoadError, reloadForChunkError } from './chunkReload.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { NotFoundError } from './notFound.ts';

/**
 * The root route's error element (SPEC 2, 8): a chunk that failed to load reloads the page (once in 10 s), an
 * expired session is already on its way to the login page, bots get nothing, a page that got no answer (offline)
 * says so, everyone else gets the 404 page.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const unauthenticated = error instanceof UnauthenticatedError;
  // Decided once per error: the reload itself writes the timestamp that would otherwise flip this.
  const [reloading] = useState(() => isChunkLoadError(error) && chunkReloadAllowed());

  useEffect(() => {
    if (reloading) {
      reloadForChunkError();
      return;
    }
    if (unauthenticated || isNotFound(error) || isNetworkFailure(error)) return;
    console.error('Unhandled error', error);
  }, [error, unauthenticated, reloading]);

  if (unauthenticated || reloading) return null;
  if (isBotUserAgent(navigator.userAgent)) return null;
  // No answer from the portal (offline, above all): the shell says so instead of a 404.
  if (isNetworkFailure(error)) {
    return (
      <>
        <OfflineBanner />
        <OfflinePage />
      </>
    );
  }
  return <NotFoundPage error={error} />;
}

/** A path or an id that names nothing: an expected answer, not a failure worth logging. */
function isNotFound(error: unknown): boolean {
  return error instanceof NotFoundError || (isRouteErrorResponse(error) && error.status === 404);
}
