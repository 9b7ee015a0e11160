import { waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, type DataRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterInStep } from './RouterInStep.tsx';

/**
 * A router whose first screen's data comes while React renders the page's first draw in slices, after the provider
 * has read the router's state and before it has subscribed: the waiting screen lets the data come, then keeps
 * React busy long enough for it to give the browser several turns, in which the router takes the data and is done.
 */
function routerLoadedWhileDrawn(): DataRouter {
  let answer: (value: string) => void = () => undefined;
  const data = new Promise<string>((resolve) => {
    answer = resolve;
  });
  function Waiting() {
    answer('données');
    return <p>chargement</p>;
  }
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => data,
      element: <p>premier écran</p>,
      hydrateFallbackElement: (
        <>
          <Waiting />
          <Busy />
          <Busy />
          <Busy />
        </>
      ),
    },
  ]);
  // As the page's entry, which waits for the router's first screen before drawing (`whenFirstScreen`).
  router.subscribe(() => undefined);
  return router;
}

/** Keeps React busy longer than its slice: it gives the browser its turn after it. */
function Busy() {
  const busyUntil = performance.now() + 20;
  while (performance.now() < busyUntil) {
    // Busy.
  }
  return null;
}

let root: Root | undefined;

/** Draws `element` as the page's first draw is: a transition, rendered in slices (act would not yield). */
function drawAsTransition(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const drawn = createRoot(container);
  root = drawn;
  startTransition(() => drawn.render(element));
  return container;
}

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

describe('RouterInStep', () => {
  it('draws the first screen whose data came between the provider reading the router and subscribing', async () => {
    const router = routerLoadedWhileDrawn();
    const page = drawAsTransition(<RouterInStep router={router} />);
    await waitFor(() => expect(page.textContent).toBe('premier écran'));
  });

  it('is needed: the provider alone stays on the waiting screen', async () => {
    const router = routerLoadedWhileDrawn();
    const page = drawAsTransition(<RouterProvider router={router} />);
    await waitFor(() => expect(page.textContent).toBe('chargement'));
    expect(router.state.initialized).toBe(true);
    // Long enough for any late notice of the router to have been drawn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.textContent).toBe('chargement');
  });
});
