import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { Subscription } from 'relay-runtime';
import type { DashboardSelection_viewer$key } from '../../__generated__/DashboardSelection_viewer.graphql.ts';
import type { DashboardSelectionSiteQuery } from '../../__generated__/DashboardSelectionSiteQuery.graphql.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { routeId } from '../errors/notFound.ts';
import {
  type DashboardSelection,
  readSelection,
  resolveSelection,
  type SelectionOptions,
  type SiteSide,
  writeSelection,
  YEAR_PARAM,
} from './selection.ts';
import { rememberSelection } from './selectionMemory.ts';

/** A site the header shows as chosen: its name, its company on its own line, and its city. */
export interface SiteChoice {
  databaseId: number;
  name: string;
  companyName: string;
  city: string | null;
  postcode: string | null;
  side: SiteSide;
}

interface DashboardSelectionValue {
  /** The selection in force: what the URL asks for, after the rules of selection.ts. */
  selection: DashboardSelection;
  /**
   * Writes a choice into the URL: `choose` (one of the choose* functions of selection.ts) gets the selection of the
   * URL as it is when written, not as last rendered, so a choice made while the screen still shows an earlier
   * state (a transition in progress) never writes that state back.
   */
  select: (
    choose: (current: DashboardSelection) => DashboardSelection,
    options?: { replace?: boolean },
  ) => void;
  /** A selected site as the api described it; undefined while it has not answered (or could not). */
  site: (databaseId: number) => SiteChoice | undefined;
  /** A site the user picked from a list the api gave: shown at once, without asking the api again. */
  rememberSite: (site: SiteChoice) => void;
}

const DashboardSelectionContext = createContext<DashboardSelectionValue | null>(null);

const dashboardSelectionSiteQuery = graphql`
  query DashboardSelectionSiteQuery($databaseId: Int!) {
    establishment(databaseId: $databaseId) {
      databaseId
      isOwn
      name
      companyName
      city
      postcode
    }
  }
`;

/**
 * Reads the dashboard selection from the URL, applies the rules of selection.ts to it against what the user may
 * select, and rewrites the URL (without a history entry) when the rules changed it. The user's establishments
 * are not loaded here (there may be thousands): the establishment and client the URL names are asked of the api
 * one by one, and dropped when it answers that the user does not see them on that side. The selection in force
 * is kept as the user's last one (selectionMemory.ts).
 */
export function DashboardSelectionProvider({
  viewer,
  children,
}: {
  viewer: DashboardSelection_viewer$key;
  children: ReactNode;
}) {
  const data = useFragment(
    graphql`
      fragment DashboardSelection_viewer on User {
        id
        ownSiteTypology
        companies {
          databaseId
        }
        linkedCompanies {
          databaseId
        }
        # One is enough to tell whether the user has exactly one establishment (SPEC 2).
        establishments(first: 1) {
          totalCount
          edges {
            node {
              databaseId
            }
          }
        }
      }
    `,
    viewer,
  );
  const choosesClients = data.ownSiteTypology === 'RETRIEVER';
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const currentSearch = searchParams.toString();
  const requested = useMemo(() => readSelection(new URLSearchParams(currentSearch)), [currentSearch]);

  const sites = useCheckedSites([requested.establishmentId, choosesClients ? requested.clientId : null]);
  const options = useMemo<SelectionOptions>(() => {
    const checkedSites = new Map<number, SiteSide | null>();
    for (const [id, site] of sites.checked) checkedSites.set(id, site === null ? null : site.side);
    return {
      soleEstablishmentId:
        data.establishments.totalCount === 1 ? (data.establishments.edges[0]?.node.databaseId ?? null) : null,
      choosesClients,
      companyIds: [...data.companies, ...data.linkedCompanies].map((company) => company.databaseId),
      checkedSites,
    };
  }, [data, choosesClients, sites.checked]);

  const selection = useMemo(
    () => resolveSelection(requested, options, pathname),
    [requested, options, pathname],
  );

  // Automatic selection, stale ids and filters left behind are corrected without adding a history entry, on the
  // URL as it is when corrected.
  const rules = useRef({ options, pathname });
  rules.current = { options, pathname };
  const updateSearch = useUpdateSearch();
  useEffect(() => {
    if (writeSelection(new URLSearchParams(currentSearch), selection).toString() === currentSearch) return;
    updateSearch(
      (current) =>
        writeSelection(
          current,
          resolveSelection(readSelection(current), rules.current.options, rules.current.pathname),
        ),
      { correction: true },
    );
  }, [selection, currentSearch, updateSearch]);

  // The selection in force is the user's last one, restored where a page is opened without one.
  useEffect(() => {
    rememberSelection(data.id, selection);
  }, [data.id, selection]);

  // The user's choice: a new scope also drops the dashboard's year, whose latest one for the scope then shows.
  const select = useCallback(
    (
      choose: (current: DashboardSelection) => DashboardSelection,
      selectOptions: { replace?: boolean } = {},
    ) =>
      updateSearch(
        (current) => {
          const { options: allowed, pathname: path } = rules.current;
          const written = writeSelection(
            current,
            choose(resolveSelection(readSelection(current), allowed, path)),
          );
          if (written.toString() !== current.toString()) written.delete(YEAR_PARAM);
          return written;
        },
        { replace: selectOptions.replace ?? false },
      ),
    [updateSearch],
  );

  const { checked, remember } = sites;
  const value = useMemo<DashboardSelectionValue>(
    () => ({
      selection,
      select,
      site: (databaseId) => checked.get(databaseId) ?? undefined,
      rememberSite: remember,
    }),
    [selection, select, checked, remember],
  );
  return <DashboardSelectionContext value={value}>{children}</DashboardSelectionContext>;
}

/**
 * The sites the URL names, asked of the api once each: what it answers (null for a site the user does not see)
 * is kept for the session. A site the api could not answer for stays unchecked, so the selection keeps it as
 * asked rather than dropping a choice over a network error.
 */
function useCheckedSites(siteIds: readonly (number | null)[]) {
  const environment = useRelayEnvironment();
  const [checked, setChecked] = useState<ReadonlyMap<number, SiteChoice | null>>(() => new Map());
  const asked = useRef(new Set<number>());
  const subscriptions = useRef<Subscription[]>([]);
  const record = useCallback((databaseId: number, site: SiteChoice | null) => {
    asked.current.add(databaseId);
    setChecked((current) => new Map(current).set(databaseId, site));
  }, []);

  const idsKey = siteIds.join(',');
  useEffect(() => {
    for (const databaseId of idsKey.split(',').filter(Boolean).map(Number)) {
      if (asked.current.has(databaseId)) continue;
      asked.current.add(databaseId);
      // An id beyond the graph's Int names no site.
      if (routeId(String(databaseId)) === null) {
        record(databaseId, null);
        continue;
      }
      const subscription = fetchQuery<DashboardSelectionSiteQuery>(environment, dashboardSelectionSiteQuery, {
        databaseId,
      }).subscribe({
        next: ({ establishment }) =>
          record(
            databaseId,
            establishment
              ? {
                  databaseId,
                  name: establishment.name,
                  companyName: establishment.companyName,
                  city: establishment.city ?? null,
                  postcode: establishment.postcode ?? null,
                  side: establishment.isOwn ? 'own' : 'linked',
                }
              : null,
          ),
        // Left unchecked: the selection keeps the site as asked, and the screens say what they cannot load.
        error: () => {},
      });
      subscriptions.current.push(subscription);
    }
  }, [environment, idsKey, record]);

  useEffect(() => {
    const current = subscriptions.current;
    return () => {
      for (const subscription of current) subscription.unsubscribe();
    };
  }, []);

  const remember = useCallback((site: SiteChoice) => record(site.databaseId, site), [record]);
  return { checked, remember };
}

export function useDashboardSelection(): DashboardSelectionValue {
  const value = useContext(DashboardSelectionContext);
  if (!value) throw new Error('useDashboardSelection must be used inside DashboardSelectionProvider');
  return value;
}
