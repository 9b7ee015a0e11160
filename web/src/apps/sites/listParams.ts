import type {
  EstablishmentOrderField,
  OrderDirection,
} from '../../__generated__/EstablishmentListPageQuery.graphql.ts';

/**
 * The search and sort of the establishment lists, kept in the URL (`?q=lyon&tri=ville&ordre=desc`) so that a
 * reload or a shared link shows the same list. Defaults (name, ascending) are left out of the URL.
 */
export const LIST_PARAMS = { search: 'q', sort: 'tri', direction: 'ordre' } as const;

export type SortField = Exclude<EstablishmentOrderField, '%future added value'>;
export type SortDirection = Exclude<OrderDirection, '%future added value'>;

/** URL value of each sort field, in the order the sort menu offers them. */
export const SORT_FIELDS: Record<SortField, string> = {
  NAME: 'nom',
  COMPANY_NAME: 'societe',
  CITY: 'ville',
  POSTCODE: 'code-postal',
  SIRET: 'siret',
};
const DEFAULT_SORT: SortField = 'NAME';
const DEFAULT_DIRECTION: SortDirection = 'ASC';

export interface ListVariables {
  search: string | null;
  orderBy: { field: SortField; direction: SortDirection };
}

export function listVariables(params: URLSearchParams): ListVariables {
  const search = params.get(LIST_PARAMS.search)?.trim() ?? '';
  const sortValue = params.get(LIST_PARAMS.sort);
  const field =
    (Object.keys(SORT_FIELDS) as SortField[]).find((key) => SORT_FIELDS[key] === sortValue) ?? DEFAULT_SORT;
  const direction: SortDirection = params.get(LIST_PARAMS.direction) === 'desc' ? 'DESC' : DEFAULT_DIRECTION;
  return { search: search === '' ? null : search, orderBy: { field, direction } };
}

/** The URL parameters with the list's search and sort written in; every other parameter is kept. */
export function writeListParams(params: URLSearchParams, variables: ListVariables): URLSearchParams {
  const next = new URLSearchParams(params);
  const search = variables.search?.trim() ?? '';
  if (search === '') next.delete(LIST_PARAMS.search);
  else next.set(LIST_PARAMS.search, search);
  if (variables.orderBy.field === DEFAULT_SORT) next.delete(LIST_PARAMS.sort);
  else next.set(LIST_PARAMS.sort, SORT_FIELDS[variables.orderBy.field]);
  if (variables.orderBy.direction === DEFAULT_DIRECTION) next.delete(LIST_PARAMS.direction);
  else next.set(LIST_PARAMS.direction, 'desc');
  return next;
}

export function sameListVariables(a: ListVariables, b: ListVariables): boolean {
  return (
    a.search === b.search &&
    a.orderBy.field === b.orderBy.field &&
    a.orderBy.direction === b.orderBy.direction
  );
}
