import { type MouseEvent, useCallback, useContext } from 'react';
import { type NavigateOptions, UNSAFE_DataRouterContext, useNavigate } from 'react-router-dom';

/**
 * Writes the URL's search parameters from what they are now: `update` gets the router's latest location, not the
 * location of the last render. React Router's own `setSearchParams(current => ...)` hands `current` from the last
 * render; while a transition is pending (a screen suspended on new data), the screen still shows an older URL,
 * and a choice made then wrote that older URL back (a filter the user had just replaced came back). The router
 * state is the data router's (`UNSAFE_DataRouterContext`, the one way to read it outside a render).
 */
export function useUpdateSearch() {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const navigate = useNavigate();
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options: NavigateOptions = {}) => {
      const location = dataRouter?.router.state.location ?? window.location;
      const current = new URLSearchParams(location.search);
      const next = update(new URLSearchParams(current));
      if (next.toString() === current.toString()) return;
      const search = next.toString();
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        options,
      );
    },
    [dataRouter, navigate],
  );
}

/**
 * A link's click that keeps the dashboard selection of the URL as it is when clicked (the link's own `href`,
 * rendered earlier, may still carry the selection before a choice that is not yet on screen): plain left clicks
 * go to `pathname` with `searchOf(current search)`; other clicks (new tab, modifier keys) keep the `href`.
 */
export function useLiveLinkClick(pathname: string, searchOf: (current: URLSearchParams) => string) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const current = new URLSearchParams((dataRouter?.router.state.location ?? window.location).search);
      void navigate({ pathname, search: searchOf(current) });
    },
    [dataRouter, navigate, pathname, searchOf],
  );
}
