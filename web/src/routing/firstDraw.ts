import type { DataRouter } from 'react-router-dom';

/**
 * How long the page's first draw waits for the router's first screen (its session check, its data: what the head
 * start sent is often there as the app starts). A screen ready within it is drawn once, whole: a skeleton drawn
 * first, then replaced, cost the figures about 100 ms of rendering on a first visit (the code runs cold). Slower,
 * the page's skeleton is drawn at the end of the wait, and the screen after.
 */
export const FIRST_DRAW_WAIT_MS = 200;

/**
 * Resolves once `router` has its first screen (its loaders done), or, given `waitAtMostMs`, after that long if it
 * comes first; it stops listening to the router then.
 */
export function whenFirstScreen(
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  waitAtMostMs?: number,
): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = waitAtMostMs === undefined ? undefined : setTimeout(done, waitAtMostMs);
    const stop = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}
