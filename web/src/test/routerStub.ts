import type { RouterState, RouterSubscriber } from 'react-router-dom';

const NO_OPTIONS = {} as Parameters<RouterSubscriber>[1];

/**
 * A data router's state and subscription, as far as the code that watches the router reads them: `update` changes
 * its state and tells its listeners; `listeners` shows who still listens.
 */
export function routerStub(initialized = false) {
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
  const update = (state: Partial<RouterState> = {}) => {
    router.state = { ...router.state, ...state };
    for (const listener of [...listeners]) listener(router.state, NO_OPTIONS);
  };
  return { router, update, listeners };
}
