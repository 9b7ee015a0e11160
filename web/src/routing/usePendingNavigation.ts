import { useCallback, useContext, useSyncExternalStore } from 'react';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router-dom';

/**
 * Whether the user is moving to another page that is not on screen yet. React Router renders a navigation inside a
 * transition: while the next screen waits for its data, React keeps the page shown (a page that has data is never
 * blanked), and nothing on it says that the click was taken. This tells the page, for it to mark itself busy: the
 * router's own state (read outside the transition, as `useUpdateSearch` does) already names the next page while
 * the location rendered is still the previous one. A change of the search alone does not count: the screens keep
 * their previous data on screen themselves, marked busy, with the new filters showing (`useKeptRouteQuery`).
 */
export function usePendingNavigation(): boolean {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const router = dataRouter?.router;
  const { pathname } = useLocation();
  const subscribe = useCallback(
    (onChange: () => void) => (router ? router.subscribe(onChange) : () => {}),
    [router],
  );
  const nextPathname = useSyncExternalStore(subscribe, () => {
    const state = router?.state;
    if (!state) return pathname;
    return (state.navigation.location ?? state.location).pathname;
  });
  return nextPathname !== pathname;
}
