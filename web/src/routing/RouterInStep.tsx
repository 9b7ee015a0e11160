import { useLayoutEffect, useState } from 'react';
import { type DataRouter, RouterProvider } from 'react-router-dom';

/**
 * React Router's provider, kept in step with its router when it is rendered as a transition (the page's first
 * draw, `main.tsx`). React then renders in slices, giving the browser its turn between them, and the provider
 * subscribes to the router only once committed: a change of the router in between (its first screen loaded, the
 * browser's back button) would never reach it, the page staying on what it drew. At commit, after the provider has
 * subscribed, the router's state is compared with the one it was drawn from; a change missed draws the provider
 * again from the router's current state.
 */
export function RouterInStep({ router }: { router: DataRouter }) {
  const [drawnFrom] = useState(() => router.state);
  const [generation, setGeneration] = useState(0);
  useLayoutEffect(() => {
    if (router.state !== drawnFrom) setGeneration((current) => current + 1);
  }, [router, drawnFrom]);
  return <RouterProvider key={generation} router={router} />;
}
