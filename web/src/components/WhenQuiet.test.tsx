import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routerStub } from '../test/routerStub.ts';
import { QUIET_MS, WhenQuiet } from './WhenQuiet.tsx';

/** WhenQuiet holding a paragraph, watching `router`. */
const renderQuiet = (router: ReturnType<typeof routerStub>['router']) =>
  render(
    <WhenQuiet router={router}>
      <p>installé</p>
    </WhenQuiet>,
  );

describe('WhenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws its content once the page has gone QUIET_MS without a navigation, then stops listening', async () => {
    const { router, listeners } = routerStub();
    renderQuiet(router);
    await act(() => vi.advanceTimersByTimeAsync(QUIET_MS - 1));
    expect(screen.queryByText('installé')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('installé')).toBeTruthy();
    expect(listeners.size).toBe(0);
  });

  it('waits again from each navigation', async () => {
    const { router, update } = routerStub();
    renderQuiet(router);
    await act(() => vi.advanceTimersByTimeAsync(QUIET_MS - 100));
    act(() => update());
    await act(() => vi.advanceTimersByTimeAsync(QUIET_MS - 100));
    expect(screen.queryByText('installé')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('installé')).toBeTruthy();
  });
});
