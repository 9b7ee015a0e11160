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

/** The integer id of an item path (`/api/company_sites/{id}`); anything else names nothing: 404. */
export function itemId(raw: string): number {
  const id = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound();
  return id;
}
