import { act, render, screen } from '@testing-library/react';
import type { RouterState, RouterSubscriber } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, WhenQuiet } from './WhenQuiet.tsx';

const NO_OPTIONS = {} as Parameters<RouterSubscriber>[1];

/** A router's subscription, as far as WhenQuiet reads it: `navigate` tells its listeners of a change. */
function routerStub() {
  const listeners = new Set<RouterSubscriber>();
  return {
    subscribe(listener: RouterSubscriber) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate() {
      for (const listener of [...listeners]) listener({} as RouterState, NO_OPTIONS);
    },
    listeners,
  };
}

describe('WhenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws its content once the page has gone QUIET_MS without a navigation, then stops listening', async () => {
    const router = routerStub();
    render(
      <WhenQuiet router={router}>
        <p>installé</p>
      </WhenQuiet>,
    );
    await act(() => vi.advanceTimersByTimeAsync(QUIET_MS - 1));
    expect(screen.queryByText('installé')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('installé')).toBeTruthy();
    expect(router.listeners.size).toBe(0);
  });

  it('waits again from each navigation', async () => {
    const router = routerStub();
    render(
      <WhenQuiet router={router}>
        <p>installé</p>
      </WhenQuiet>,
    );
    await act(() => vi.advanceTimersByTimeAsync(QUIET_MS - 100));
    act(() => router.navigate());
    await act(() => vi.advanceTimersByTimeAsync(QUIET_MS - 100));
    expect(screen.queryByText('installé')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('installé')).toBeTruthy();
  });
});
