import { idFromIri } from '@portal/domain/iri';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { EstablishmentSelection_viewer$key } from '../../__generated__/EstablishmentSelection_viewer.graphql.ts';

/** The dashboard selection lives in the URL, so that it survives a reload and can be shared. */
export const SELECTION_PARAMS = { establishment: 'etablissement', entity: 'chantier' } as const;

/**
 * SPEC 2: a requested establishment that is one of the user's stays selected; otherwise, when the user has
 * exactly one establishment, it is selected; otherwise nothing is.
 */
export function resolveEstablishmentSelection(
  availableIds: readonly number[],
  requested: string | null,
): number | null {
  const requestedId = idFromIri(requested);
  if (requestedId !== null && availableIds.includes(requestedId)) return requestedId;
  if (availableIds.length === 1) return availableIds[0] ?? null;
  return null;
}

/** The selection parameters of the current URL, for links that keep the selection across screens. */
export function selectionSearch(searchParams: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of Object.values(SELECTION_PARAMS)) {
    const value = searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

interface EstablishmentSelectionValue {
  /** The selected establishment's databaseId, or null. */
  establishmentId: number | null;
  select: (establishmentId: number | null) => void;
}

const EstablishmentSelectionContext = createContext<EstablishmentSelectionValue | null>(null);

export function EstablishmentSelectionProvider({
  viewer,
  children,
}: {
  viewer: EstablishmentSelection_viewer$key;
  children: ReactNode;
}) {
  const data = useFragment(
    graphql`
      fragment EstablishmentSelection_viewer on User {
        establishments {
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
  const availableIds = useMemo(() => data.establishments.edges.map((edge) => edge.node.databaseId), [data]);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(SELECTION_PARAMS.establishment);
  const establishmentId = resolveEstablishmentSelection(availableIds, requested);

  const writeSelection = useCallback(
    (id: number | null, replace: boolean) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (next.get(SELECTION_PARAMS.establishment) !== (id === null ? null : String(id))) {
            // A chantier belongs to one establishment: changing the establishment drops it.
            next.delete(SELECTION_PARAMS.entity);
          }
          if (id === null) next.delete(SELECTION_PARAMS.establishment);
          else next.set(SELECTION_PARAMS.establishment, String(id));
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  // Automatic selection and clearing of a stale one rewrite the URL without adding a history entry.
  useEffect(() => {
    const wanted = establishmentId === null ? null : String(establishmentId);
    if (requested !== wanted) writeSelection(establishmentId, true);
  }, [establishmentId, requested, writeSelection]);

  const value = useMemo<EstablishmentSelectionValue>(
    () => ({ establishmentId, select: (id) => writeSelection(id, false) }),
    [establishmentId, writeSelection],
  );
  return <EstablishmentSelectionContext value={value}>{children}</EstablishmentSelectionContext>;
}

export function useEstablishmentSelection(): EstablishmentSelectionValue {
  const value = useContext(EstablishmentSelectionContext);
  if (!value) throw new Error('useEstablishmentSelection must be used inside EstablishmentSelectionProvider');
  return value;
}
