import { type ReactNode, useDeferredValue } from 'react';

/**
 * An item of a long list that the list's first render may leave out (`now` false): it is drawn in the render
 * that follows, which React may interrupt, so that the first items show without waiting for those below the
 * fold. Once drawn it stays drawn. The same component wraps each item, those drawn at once too, so that an item
 * moving up or down the list keeps its place in the tree (and its state).
 */
export function DeferredDraw({ now, children }: { now: boolean; children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return now || drawn ? children : null;
}
