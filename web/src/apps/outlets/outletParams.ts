/** The outlet directory's search and sort, as its URL holds them (`?q=…&tri=CITY&ordre=DESC`). */
export const OUTLET_SORT_FIELDS = ['NAME', 'CITY', 'SIRET', 'CREATED_AT'] as const;
export type OutletSortField = (typeof OUTLET_SORT_FIELDS)[number];
export type OutletSortDirection = 'ASC' | 'DESC';

export interface OutletListVariables {
  search: string | null;
  orderBy: { field: OutletSortField; direction: OutletSortDirection };
}

export function outletListVariables(params: URLSearchParams): OutletListVariables {
  const field = params.get('tri');
  const search = params.get('q')?.trim();
  return {
    search: search ? search : null,
    orderBy: {
      field: OUTLET_SORT_FIELDS.find((candidate) => candidate === field) ?? 'NAME',
      direction: params.get('ordre') === 'DESC' ? 'DESC' : 'ASC',
    },
  };
}

export function writeOutletListParams(
  params: URLSearchParams,
  variables: OutletListVariables,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (variables.search) next.set('q', variables.search);
  else next.delete('q');
  if (variables.orderBy.field === 'NAME') next.delete('tri');
  else next.set('tri', variables.orderBy.field);
  if (variables.orderBy.direction === 'ASC') next.delete('ordre');
  else next.set('ordre', variables.orderBy.direction);
  return next;
}
