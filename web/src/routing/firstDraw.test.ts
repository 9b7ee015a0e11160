import type { RouterState } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routerStub } from '../test/routerStub.ts';
import { FIRST_DRAW_WAIT_MS, whenFirstScreen } from './firstDraw.ts';

const isSettled = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled;
};

describe('whenFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves at once when the router has its first screen already', async () => {
    const { router } = routerStub(true);
    expect(await isSettled(whenFirstScreen(router, FIRST_DRAW_WAIT_MS))).toBe(true);
  });

  it('waits for the first screen, however long without a limit, and stops listening once it is there', async () => {
    const { router, update, listeners } = routerStub(false);
    const drawn = whenFirstScreen(router);
    await vi.advanceTimersByTimeAsync(FIRST_DRAW_WAIT_MS * 10);
    update({ navigation: { state: 'loading' } as RouterState['navigation'] });
    expect(await isSettled(drawn)).toBe(false);
    update({ initialized: true });
    expect(await isSettled(drawn)).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('waits no longer than FIRST_DRAW_WAIT_MS, then stops listening', async () => {
    const { router, listeners } = routerStub(false);
    const drawn = whenFirstScreen(router, FIRST_DRAW_WAIT_MS);
    await vi.advanceTimersByTimeAsync(FIRST_DRAW_WAIT_MS - 1);
    expect(await isSettled(drawn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(drawn)).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
