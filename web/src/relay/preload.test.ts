import { createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import viewerSessionQueryNode from '../__generated__/viewerSessionQuery.graphql.ts';
import { createRoutePreloader } from './preload.ts';

describe('route preloader', () => {
  it('keeps the reference the screen being left still renders, and disposes older ones', () => {
    const preload = createRoutePreloader(createMockEnvironment());
    const first = preload('screen', viewerSessionQueryNode, {});
    const second = preload('screen', viewerSessionQueryNode, {});
    expect(first.isDisposed).toBe(false);
    const third = preload('screen', viewerSessionQueryNode, {});
    expect(first.isDisposed).toBe(true);
    expect(second.isDisposed).toBe(false);
    expect(third.isDisposed).toBe(false);
    // Routes do not share their references.
    preload('other', viewerSessionQueryNode, {});
    preload('other', viewerSessionQueryNode, {});
    expect(second.isDisposed).toBe(false);
  });
});
