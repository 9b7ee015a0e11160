import { describe, expect, it } from 'vitest';
import { createTaskQueue, MAX_CONCURRENT_PRELOADS } from './intentPreload.ts';

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
});
