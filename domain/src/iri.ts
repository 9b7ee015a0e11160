/**
 * IRIs of the REST API (`/api/company_sites/12`). Ids taken from IRIs are integers; 'all', 'null' and empty
 * mean no selection (SPEC 5).
 */
export function idFromIri(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'all' || trimmed === 'null' || trimmed === 'undefined') return null;
  const last = trimmed.split('/').filter(Boolean).pop() ?? '';
  if (!/^[0-9]+$/.test(last)) return null;
  const id = Number.parseInt(last, 10);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function iri(resource: string, id: number): string {
  return `/api/${resource}/${id}`;
}
