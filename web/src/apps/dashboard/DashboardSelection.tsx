import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { DashboardSelection_viewer$key } from '../../__generated__/DashboardSelection_viewer.graphql.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import {
  type DashboardSelection,
  locationsOf,
  readSelection,
  resolveSelection,
  type SelectionOptions,
  writeSelection,
  YEAR_PARAM,
} from './selection.ts';

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
}

const DashboardSelectionContext = createContext<DashboardSelectionValue | null>(null);

/**
 * Reads the dashboard selection from the URL, applies the rules of selection.ts to it against what the user may
 * select, and rewrites the URL (without a history entry) when the rules changed it.
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
        ownSiteTypology
        companies {
          databaseId
        }
        linkedCompanies {
          databaseId
        }
        establishments {
          edges {
            node {
              databaseId
              department
              city
            }
          }
        }
        linkedEstablishments {
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
  const options = useMemo<SelectionOptions>(() => {
    const establishments = data.establishments.edges.map((edge) => edge.node);
    const { departments, cities } = locationsOf(establishments);
    return {
      establishmentIds: establishments.map((establishment) => establishment.databaseId),
      // Clients are the linked sites of a retriever; a producer's linked sites are its providers.
      clientIds:
        data.ownSiteTypology === 'RETRIEVER'
          ? data.linkedEstablishments.edges.map((edge) => edge.node.databaseId)
          : [],
      companyIds: [...data.companies, ...data.linkedCompanies].map((company) => company.databaseId),
      locations: [...departments, ...cities],
    };
  }, [data]);

  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const currentSearch = searchParams.toString();
  const selection = useMemo(
    () => resolveSelection(readSelection(new URLSearchParams(currentSearch)), options, pathname),
    [currentSearch, options, pathname],
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

  const value = useMemo<DashboardSelectionValue>(() => ({ selection, select }), [selection, select]);
  return <DashboardSelectionContext value={value}>{children}</DashboardSelectionContext>;
}

export function useDashboardSelection(): DashboardSelectionValue {
  const value = useContext(DashboardSelectionContext);
  if (!value) throw new Error('useDashboardSelection must be used inside DashboardSelectionProvider');
  return value;
}
