import type { FocusEvent, MouseEvent } from 'react';
import { type DataRouteObject, matchRoutes } from 'react-router-dom';
import type { ScreenHandle } from './screens.ts';

/** SPEC 9: route preloading is limited to 5 at once. */
export const MAX_CONCURRENT_PRELOADS = 5;

/** A link hovered again within this time is not preloaded again (its chunks are loaded). */
const PRELOAD_FRESH_MS = 30_000;

/**
 * Runs tasks at most `limit` at a time, the others waiting their turn in order; a task's failure is its own (a
 * preload that fails costs nothing: the navigation will load what it needs and say what went wrong).
 */
export function createTaskQueue(limit: number = MAX_CONCURRENT_PRELOADS) {
  let running = 0;
  const waiting: (() => Promise<unknown>)[] = [];
  const next = () => {
    while (running < limit && waiting.length > 0) {
      const task = waiting.shift() as () => Promise<unknown>;
      running += 1;
      void task()
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          next();
        });
    }
  };
  return {
    push(task: () => Promise<unknown>) {
      waiting.push(task);
      next();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

interface PreloadTarget {
  routes: DataRouteObject[];
}

let target: PreloadTarget | null = null;
const queue = createTaskQueue();
const preloadedAt = new Map<string, number>();

/** main.tsx gives the router, whose routes a hovered link's address is matched against. */
export function enableIntentPreloading(router: { routes: DataRouteObject[] }): void {
  target = { routes: router.routes };
}

/**
 * Starts loading what the routes a link leads to need, at most 5 at once: their chunks, and their data through
 * each screen's `warm` loader (which keeps it in the store a while, apart from the references of the screen on
 * display). A loader that refuses (a redirect, a screen of another audience) costs nothing: the navigation, if
 * it happens, says why.
 */
export function preloadRoute(href: string): void {
  if (target === null) return;
  const url = new URL(href, window.location.origin);
  if (url.origin !== window.location.origin) return;
  const key = url.pathname + url.search;
  const now = Date.now();
  if (now - (preloadedAt.get(key) ?? Number.NEGATIVE_INFINITY) < PRELOAD_FRESH_MS) return;
  preloadedAt.set(key, now);
  // Data is fetched only with a network: offline, the store answers the navigation itself.
  const withData = navigator.onLine;
  for (const { route, params } of matchRoutes(target.routes, url.pathname) ?? []) {
    const lazy = typeof route.lazy === 'function' ? route.lazy : undefined;
    if (lazy) queue.push(() => Promise.resolve(lazy()));
    const warm = (route.handle as ScreenHandle | undefined)?.warm;
    if (warm && withData) queue.push(async () => warm({ request: new Request(url.href), params }));
  }
}

/** The handlers of a link that preloads its destination on hover or keyboard focus. */
export function preloadOnIntent(to: string) {
  const start = (_event: MouseEvent | FocusEvent) => preloadRoute(to);
  return { onMouseEnter: start, onFocus: start };
}
