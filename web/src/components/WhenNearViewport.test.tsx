import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { WhenNearViewport } from './WhenNearViewport.tsx';

/**
 * The browser's IntersectionObserver (jsdom has none), with its protocol: `observe`, `disconnect`, and the callback
 * given entries; the test says when the observed element comes near the viewport.
 */
class ViewportStandIn {
  static instances: ViewportStandIn[] = [];
  observed: Element[] = [];
  disconnected = false;
  private readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit;
  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    ViewportStandIn.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The observed element enters (or not) the viewport widened by the margin. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const original = globalThis.IntersectionObserver;

afterEach(() => {
  globalThis.IntersectionObserver = original;
  ViewportStandIn.instances = [];
});

/** Renders `content` at `path` in a router, as the app does (the router tells the address's anchor). */
function renderAt(content: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: content }], { initialEntries: [path] });
  return { ...render(<RouterProvider router={router} />), router };
}

describe('WhenNearViewport', () => {
  it('shows its placeholder until its place comes near the viewport, then its content for good', () => {
    globalThis.IntersectionObserver = ViewportStandIn as unknown as typeof IntersectionObserver;
    renderAt(
      <WhenNearViewport placeholder={<p>En attente</p>} margin="300px">
        <p>La carte</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('En attente')).toBeInTheDocument();
    expect(screen.queryByText('La carte')).toBeNull();
    const [observer] = ViewportStandIn.instances;
    expect(observer?.options.rootMargin).toBe('300px');
    expect(observer?.observed).toEqual([screen.getByText('En attente').parentElement]);

    act(() => observer?.report(false));
    expect(screen.queryByText('La carte')).toBeNull();
    act(() => observer?.report(true));
    expect(screen.getByText('La carte')).toBeInTheDocument();
    expect(screen.queryByText('En attente')).toBeNull();
    expect(observer?.disconnected).toBe(true);
  });

  it('shows its content at once, and for good, when the address names one of its anchors', async () => {
    globalThis.IntersectionObserver = ViewportStandIn as unknown as typeof IntersectionObserver;
    const content = (
      <WhenNearViewport placeholder={<p>En attente</p>} anchors={['codes']}>
        <p>Les graphiques</p>
      </WhenNearViewport>
    );
    const opened = renderAt(content, '/#codes');
    expect(screen.getByText('Les graphiques')).toBeInTheDocument();
    opened.unmount();

    const { router } = renderAt(content);
    expect(screen.getByText('En attente')).toBeInTheDocument();
    // A link followed to another anchor changes nothing; one to its anchor draws it.
    await act(() => router.navigate('/#ailleurs'));
    expect(screen.queryByText('Les graphiques')).toBeNull();
    await act(() => router.navigate('/#codes'));
    expect(screen.getByText('Les graphiques')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(screen.getByText('Les graphiques')).toBeInTheDocument();
  });

  it('shows its content at once where the browser cannot tell', () => {
    // @ts-expect-error: a browser without IntersectionObserver
    globalThis.IntersectionObserver = undefined;
    renderAt(
      <WhenNearViewport placeholder={<p>En attente</p>}>
        <p>La carte</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('La carte')).toBeInTheDocument();
    expect(screen.queryByText('En attente')).toBeNull();
  });
});
