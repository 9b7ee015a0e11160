/** A JSON-LD collection of the api, unwrapped: its members, its total and its last page number. */
export interface HydraCollection<T> {
  items: T[];
  totalItems: number;
  /** From `hydra:view`'s `hydra:last`; 1 when the collection is not paginated. */
  lastPage: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `page` parameter of a view link (`/api/company_sites?typology=producer&page=4` gives 4). */
export function pageOfLink(link: unknown): number | null {
  if (typeof link !== 'string') return null;
  const query = link.split('?', 2)[1];
  if (query === undefined) return null;
  const page = Number(new URLSearchParams(query).get('page'));
  return Number.isSafeInteger(page) && page > 0 ? page : null;
}

export function unwrapCollection<T>(body: unknown): HydraCollection<T> {
  if (!isRecord(body) || !Array.isArray(body['hydra:member'])) {
    throw new TypeError('expected a hydra:Collection with hydra:member');
  }
  const items = body['hydra:member'] as T[];
  const total = body['hydra:totalItems'];
  const view = body['hydra:view'];
  return {
    items,
    totalItems: typeof total === 'number' ? total : items.length,
    lastPage: (isRecord(view) ? pageOfLink(view['hydra:last']) : null) ?? 1,
  };
}
