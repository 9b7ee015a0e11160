import type { RouterState, RouterSubscriber } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_DRAW_WAIT_MS, firstScreenOrTimeout } from './firstDraw.ts';

const NO_OPTIONS = {} as Parameters<RouterSubscriber>[1];

/** A router's state and subscription, as far as the first draw reads them. */
function routerStub(initialized: boolean) {
  const listeners = new Set<RouterSubscriber>();
  const router = {
    state: { initialized } as RouterState,
    subscribe(listener: RouterSubscriber) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  const update = (state: Partial<RouterState>) => {
    router.state = { ...router.state, ...state };
    for (const listener of [...listeners]) listener(router.state, NO_OPTIONS);
  };
  return { router, update, listeners };
}

const isSettled = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled;
};

describe('firstScreenOrTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves at once when the router has its first screen already', async () => {
    const { router } = routerStub(true);
    expect(await isSettled(firstScreenOrTimeout(router))).toBe(true);
  });

  it('waits for the first screen, and stops listening once it is there', async () => {
    const { router, update, listeners } = routerStub(false);
    const drawn = firstScreenOrTimeout(router);
    update({ navigation: { state: 'loading' } as RouterState['navigation'] });
    expect(await isSettled(drawn)).toBe(false);
    update({ initialized: true });
    expect(await isSettled(drawn)).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('waits no longer than FIRST_DRAW_WAIT_MS, then stops listening', async () => {
    const { router, listeners } = routerStub(false);
    const drawn = firstScreenOrTimeout(router);
    await vi.advanceTimersByTimeAsync(FIRST_DRAW_WAIT_MS - 1);
    expect(await isSettled(drawn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(drawn)).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
