import { type ComponentType, lazy, Suspense } from 'react';
import { useOpenedOnce } from './useOpenedOnce.ts';

/**
 * A dialog whose module (a form, its rules, zod) loads the first time it opens, not with the screens that offer
 * it: nothing is mounted until then (`useOpenedOnce`), and it stays mounted once opened, so that it closes as it
 * opened. `isOpen` reads its props (`open`, or a target that is not null). Declared where it is used: importing
 * the dialog's own module would bring it along.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    if (!useOpenedOnce(isOpen(props))) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
