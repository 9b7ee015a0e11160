import {
  booleanFilter,
  codeListFilter,
  enumFilter,
  enumListFilter,
  type JsonSchema,
} from '../hydra/index.ts';
import type { ReferenceData } from '../reference/data.ts';
import type { CollectionFilter } from './resource.ts';

/** The filters of a collection beyond `id[]`, relations, dates and `q`: each documents itself. */

/** `name[]=A&name[]=B` among `values`: the column is one of them. */
export function byValues(name: string, values: readonly string[], column: string): CollectionFilter {
  return {
    query: { [`${name}[]`]: { type: 'array', items: { type: 'string', enum: [...values] } } },
    where(raw, params) {
      const selected = enumListFilter(raw, name, values);
      return selected === undefined ? [] : [`${column} = any(${params.add(selected)}::text[])`];
    },
  };
}

/** `name=true|false`: the boolean column is that. */
export function byFlag(name: string, column: string): CollectionFilter {
  return {
    query: { [name]: { type: 'boolean' } },
    where(raw, params) {
      const value = booleanFilter(raw, name);
      return value === undefined ? [] : [`${column} = ${params.add(value)}`];
    },
  };
}

/** `name=value` among `values`, turned into conditions by `where` (a key naming a set of statuses, a typology). */
export function byChoice<T extends string>(
  name: string,
  values: readonly T[],
  where: (value: T, params: Parameters<CollectionFilter['where']>[1]) => string[],
): CollectionFilter {
  return {
    query: { [name]: { type: 'string', enum: [...values] } },
    where(raw, params) {
      const value = enumFilter(raw, name, values);
      return value === undefined ? [] : where(value, params);
    },
  };
}

/**
 * `name[]=` of official codes (too many to list in a message): each must be `known`, else a 400 naming it with
 * `unknown`; `column` is the SQL expression of the code compared.
 */
export function byCodes(
  name: string,
  known: (reference: ReferenceData) => { has(code: string): boolean },
  unknown: string,
  column: string,
): CollectionFilter {
  const schema: JsonSchema = { type: 'array', items: { type: 'string' }, description: 'official codes' };
  return {
    query: { [`${name}[]`]: schema },
    where(raw, params, { reference }) {
      const codes = codeListFilter(raw, name, known(reference), unknown);
      return codes === undefined ? [] : [`${column} = any(${params.add(codes)}::text[])`];
    },
  };
}
