import { type ContextType, type MouseEvent, useCallback, useContext } from 'react';
import { type NavigateOptions, UNSAFE_DataRouterContext, useNavigate } from 'react-router-dom';

type DataRouter = ContextType<typeof UNSAFE_DataRouterContext>;

/**
 * The URL the user last asked for on this page: a pending navigation's when it stays on the page (its loader is
 * running), else the committed one; `leaving` when the pending navigation goes to another page.
 */
function latestLocation(dataRouter: DataRouter): {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  leaving: boolean;
} {
  const state = dataRouter?.router.state;
  const committed = state?.location ?? window.location;
  const pending = state?.navigation.location;
  if (!pending) return { location: committed, leaving: false };
  if (pending.pathname === committed.pathname) return { location: pending, leaving: false };
  return { location: committed, leaving: true };
}

/** How a search update is written: as React Router's navigate options, or as a correction of the screen. */
export interface UpdateSearchOptions extends NavigateOptions {
  /**
   * The screen corrects its URL by itself (a default filled in, a stale id dropped), not for a choice of the
   * user: it replaces the entry, and it is dropped while the user is leaving for another page. A navigation of the
   * router cancels the one pending, so a correction written while another page's loader runs took the user back.
   */
  correction?: boolean;
}

/**
 * Writes the URL's search parameters from what they are now: `update` gets the router's latest location, not the
 * location of the last render. React Router's own `setSearchParams(current => ...)` hands `current` from the last
 * render; while a transition is pending (a screen suspended on new data), the screen still shows an older URL,
 * and a choice made then wrote that older URL back (a filter the user had just replaced came back). While a
 * navigation of the same page is pending (its loader runs), the update applies to that navigation's URL, which
 * it would otherwise cancel. The router state is the data router's (`UNSAFE_DataRouterContext`, the one way to
 * read it outside a render).
 */
export function useUpdateSearch() {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const navigate = useNavigate();
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options: UpdateSearchOptions = {}) => {
      const { correction = false, ...navigateOptions } = options;
      const { location, leaving } = latestLocation(dataRouter);
      if (leaving && correction) return;
      const current = new URLSearchParams(location.search);
      const next = update(new URLSearchParams(current));
      if (next.toString() === current.toString()) return;
      const search = next.toString();
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        correction ? { ...navigateOptions, replace: true } : navigateOptions,
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
      const current = new URLSearchParams(latestLocation(dataRouter).location.search);
      void navigate({ pathname, search: searchOf(current) });
    },
    [dataRouter, navigate, pathname, searchOf],
  );
}
