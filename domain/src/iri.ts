const SLASH = '/'.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);

/**
 * IRIs of the REST API (`/api/company_sites/12`). Ids taken from IRIs are integers; 'all', 'null' and empty
 * mean no selection (SPEC 5).
 */
export function idFromIri(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  // Read in place rather than split: the gateway reads an IRI per row, field and loader key, thousands a screen.
  const trimmed = value.trim();
  let end = trimmed.length;
  while (end > 0 && trimmed.charCodeAt(end - 1) === SLASH) end--;
  const start = trimmed.lastIndexOf('/', end - 1) + 1;
  if (start >= end) return null;
  let id = 0;
  for (let index = start; index < end; index++) {
    const digit = trimmed.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return null;
    id = id * 10 + digit;
  }
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function iri(resource: string, id: number): string {
  return `/api/${resource}/${id}`;
}
