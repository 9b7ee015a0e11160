import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  createTaskQueue,
  enableIntentPreloading,
  MAX_CONCURRENT_PRELOADS,
  preloadRoute,
} from './intentPreload.ts';

describe('route preloading on hover and focus', () => {
  it('runs at most 5 preloads at once, the others in their turn, a failure freeing its place', async () => {
    const queue = createTaskQueue();
    const releases: (() => void)[] = [];
    const started: number[] = [];
    let peak = 0;
    for (let index = 0; index < 8; index += 1) {
      queue.push(
        () =>
          new Promise<void>((resolve, reject) => {
            started.push(index);
            peak = Math.max(peak, queue.running);
            releases.push(index === 0 ? () => reject(new Error('chunk gone')) : resolve);
          }),
      );
    }
    expect(MAX_CONCURRENT_PRELOADS).toBe(5);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.waiting).toBe(3);
    releases[0]?.();
    releases[1]?.();
    await expect.poll(() => started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const release of releases.slice(2)) release();
    await expect.poll(() => started.length).toBe(8);
    for (const release of releases.slice(7)) release();
    await expect.poll(() => queue.running).toBe(0);
    expect(peak).toBe(5);
  });

  it('loads the chunk and warms the data of the screen a link leads to, once within 30 s, data only online', async () => {
    const lazy = vi.fn(async () => ({ Component: () => null }));
    const warm = vi.fn();
    const router = createMemoryRouter([
      { path: '/', element: null },
      { path: '/mes-etablissements/:id', lazy, handle: { warm } },
    ]);
    enableIntentPreloading(router);
    preloadRoute('/mes-etablissements/12?etablissement=12');
    await vi.waitFor(() => expect(warm).toHaveBeenCalledTimes(1));
    expect(lazy).toHaveBeenCalledTimes(1);
    const [{ request, params }] = warm.mock.calls[0] as [{ request: Request; params: object }];
    expect(new URL(request.url).pathname + new URL(request.url).search).toBe(
      '/mes-etablissements/12?etablissement=12',
    );
    expect(params).toEqual({ id: '12' });

    preloadRoute('/mes-etablissements/12?etablissement=12');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    preloadRoute('/mes-etablissements/13');
    await vi.waitFor(() => expect(lazy).toHaveBeenCalledTimes(2));
    expect(warm).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
