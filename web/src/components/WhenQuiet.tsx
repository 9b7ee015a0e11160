import { type ReactNode, useEffect, useState } from 'react';
import type { DataRouter } from 'react-router-dom';

/** How long the portal is left alone (no navigation) before `WhenQuiet` draws what it holds. */
export const QUIET_MS = 2000;

/**
 * Renders `children` once the page has gone `QUIET_MS` without a navigation of `router` (one starting, one
 * ending) and the browser is idle: for work nobody waits for that would slow what they do wait for. The service
 * worker's install (every file of the app fetched and compiled: about 2 s of CPU on this project's 2 cores) made
 * the screen opened meanwhile 100 to 200 ms slower.
 */
export function WhenQuiet({
  router,
  children,
}: {
  router: Pick<DataRouter, 'subscribe'>;
  children: ReactNode;
}) {
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    if (quiet) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const cancel = () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
      idle = undefined;
    };
    const wait = () => {
      cancel();
      timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setQuiet(true));
        else setQuiet(true);
      }, QUIET_MS);
    };
    const stop = router.subscribe(wait);
    wait();
    return () => {
      stop();
      cancel();
    };
  }, [router, quiet]);
  return quiet ? children : null;
}
