import { notFound } from './problem.ts';

/** A JSON-LD item: `@id` (its IRI) and `@type` first, then its fields. */
export type HydraItem<F extends object> = { '@id': string; '@type': string } & F;

export function hydraItem<F extends object>(type: string, iri: string, fields: F): HydraItem<F> {
  return { '@id': iri, '@type': type, ...fields };
}

/** A standalone item (not inside a collection) also names its context. */
export function withContext<F extends object>(item: HydraItem<F>): { '@context': string } & HydraItem<F> {
  return { '@context': `/api/contexts/${item['@type']}`, ...item };
}

/** The largest id a table holds (PostgreSQL `integer`): a larger one names nothing. */
export const MAX_ID = 2_147_483_647;

/** The integer id of an item path (`/api/company_sites/{id}`); anything else names nothing: 404. */
export function itemId(raw: string): number {
  const id = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound();
  return id;
}

/**
 * The id a reference in a body names: an integer, digits, or the IRI of `resource` (`/api/skip_types/4`);
 * null for anything else (an IRI of another resource included). Each of `resources` is a path pattern, a
 * regular expression (`company_sites/[0-9]+/company_site_entities`).
 */
export function referenceId(value: unknown, ...resources: string[]): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const match = /^(?:(\/api\/.+)\/)?([0-9]{1,9})$/.exec(trimmed);
  if (match === null) return null;
  const prefix = match[1];
  if (prefix !== undefined && !resources.some((resource) => new RegExp(`^/api/${resource}$`).test(prefix))) {
    return null;
  }
  const id = Number(match[2]);
  return id > 0 ? id : null;
}
