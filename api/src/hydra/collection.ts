import { idFromIri, isoDateSchema } from '@portal/domain';
import { MAX_ID } from './item.ts';
import { badRequest } from './problem.ts';

export const DEFAULT_ITEMS_PER_PAGE = 30;
export const MAX_ITEMS_PER_PAGE = 500;

export type QueryValue = string | string[] | undefined;
export type RawQuery = Record<string, QueryValue>;

/** What a collection accepts besides pagination and `id[]`; every other name is ignored. */
export interface CollectionSpec {
  /** Relation filters (`company[]=`), named after the property; values are ids or IRIs. */
  relations?: readonly string[];
  /** Fields allowed in `order[field]=asc|desc`. */
  order?: readonly string[];
  /** Date fields filtered with `field[after]=` / `field[before]=` (inclusive). */
  dates?: readonly string[];
  /** Accepts `q=`: a case- and accent-insensitive text search (the columns are the route's). */
  search?: boolean;
}

export type Pagination = { enabled: false } | { enabled: true; page: number; itemsPerPage: number };

export interface OrderBy {
  field: string;
  direction: 'asc' | 'desc';
}

export interface DateRange {
  after?: string;
  before?: string;
}

export interface CollectionQuery {
  pagination: Pagination;
  /** `id[]` values; undefined when the filter is absent or selects nothing ('all', 'null', empty). */
  ids: number[] | undefined;
  relations: Record<string, number[]>;
  order: OrderBy[];
  dates: Record<string, DateRange>;
  /** Words of `q`, each of which must match; undefined when there is no search. */
  search: string[] | undefined;
}

/** Values that mean "no selection" (SPEC 5). */
const NO_SELECTION = new Set(['', 'all', 'null', 'undefined']);
/**
 * A calendar date, optionally with a time of day and an offset, each within its range: PostgreSQL refuses what
 * Date.parse would roll over (2026-02-30, 24:00, +99:00).
 */
const DATE_VALUE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:0\d|1[0-4]):?[0-5]\d)?)?$/;

function isDateValue(raw: string): boolean {
  const day = DATE_VALUE.exec(raw)?.[1];
  return day !== undefined && isoDateSchema.safeParse(day).success;
}

function values(query: RawQuery, ...names: string[]): string[] {
  return names.flatMap((name) => {
    const value = query[name];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  });
}

function single(query: RawQuery, name: string): string | undefined {
  const all = values(query, name);
  return all[all.length - 1];
}

/** A query parameter that must be a positive integer when given (400 otherwise). */
export function positiveInteger(query: RawQuery, name: string): number | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return undefined;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(`Le paramètre « ${name} » doit être un entier positif.`);
  }
  return Number(raw);
}

/** A value of a query shown in a message: cut short, its control characters escaped. */
function shown(raw: string): string {
  const cut = raw.length > 50 ? `${raw.slice(0, 50)}…` : raw;
  return cut.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function idOf(raw: string, refuse: () => Error): number {
  const id = idFromIri(raw);
  if (id === null || id > MAX_ID) throw refuse();
  return id;
}

/** Ids of a filter given as integers or IRIs (`/api/companies/3`); undefined when nothing is selected. */
export function idsFilter(query: RawQuery, name: string): number[] | undefined {
  const selected = values(query, `${name}[]`, name).filter((raw) => !NO_SELECTION.has(raw.trim()));
  if (selected.length === 0) return undefined;
  const ids = selected.map((raw) =>
    idOf(raw, () =>
      badRequest(`Le filtre « ${name} » attend des identifiants entiers ou des IRI, reçu « ${shown(raw)} ».`),
    ),
  );
  return [...new Set(ids)];
}

/** The one id of a parameter (its last value), an integer or an IRI; undefined when nothing is selected. */
export function idFilter(query: RawQuery, name: string): number | undefined {
  const raw = single(query, name);
  if (raw === undefined || NO_SELECTION.has(raw.trim())) return undefined;
  return idOf(raw, () => badRequest(`Le paramètre « ${name} » attend un identifiant.`));
}

function parsePagination(query: RawQuery): Pagination {
  const raw = single(query, 'pagination');
  if (raw !== undefined && !['true', 'false', '1', '0'].includes(raw)) {
    throw badRequest('Le paramètre « pagination » doit valoir true ou false.');
  }
  const page = positiveInteger(query, 'page') ?? 1;
  const itemsPerPage = Math.min(
    positiveInteger(query, 'itemsPerPage') ?? DEFAULT_ITEMS_PER_PAGE,
    MAX_ITEMS_PER_PAGE,
  );
  if (raw === 'false' || raw === '0') return { enabled: false };
  return { enabled: true, page, itemsPerPage };
}

function parseOrder(query: RawQuery, allowed: readonly string[]): OrderBy[] {
  const order: OrderBy[] = [];
  for (const key of Object.keys(query)) {
    const match = /^order\[([A-Za-z0-9_.]+)\]$/.exec(key);
    const field = match?.[1];
    if (field === undefined || !allowed.includes(field)) continue;
    const direction = single(query, key)?.toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') {
      throw badRequest(`Le tri « order[${field}] » doit valoir asc ou desc.`);
    }
    order.push({ field, direction });
  }
  return order;
}

function parseDates(query: RawQuery, fields: readonly string[]): Record<string, DateRange> {
  const ranges: Record<string, DateRange> = {};
  for (const field of fields) {
    const range: DateRange = {};
    for (const bound of ['after', 'before'] as const) {
      const raw = single(query, `${field}[${bound}]`);
      if (raw === undefined || raw === '') continue;
      if (!isDateValue(raw)) {
        throw badRequest(
          `Le filtre « ${field}[${bound}] » attend une date (AAAA-MM-JJ), reçu « ${shown(raw)} ».`,
        );
      }
      range[bound] = raw;
    }
    if (range.after !== undefined || range.before !== undefined) ranges[field] = range;
  }
  return ranges;
}

export const MAX_SEARCH_LENGTH = 200;
const MAX_SEARCH_WORDS = 10;
/** Digits with the separators people type in a SIRET or a postcode ("732 829 320 00074"). */
const NUMBER_WITH_SEPARATORS = /^[0-9][0-9 .-]*$/;

/**
 * The words of `q=`. A number typed with separators is one word without them; otherwise words are split on
 * blanks, apostrophes and hyphens, which the database's folding turns into spaces too.
 */
function parseSearch(query: RawQuery): string[] | undefined {
  const raw = single(query, 'q')?.trim() ?? '';
  if (raw === '') return undefined;
  if (raw.length > MAX_SEARCH_LENGTH) {
    throw badRequest(`La recherche « q » ne peut pas dépasser ${MAX_SEARCH_LENGTH} caractères.`);
  }
  if (NUMBER_WITH_SEPARATORS.test(raw)) return [raw.replace(/[^0-9]/g, '')];
  const words = [...new Set(raw.split(/[\s'’-]+/).filter((word) => word !== ''))];
  return words.length === 0 ? undefined : words.slice(0, MAX_SEARCH_WORDS);
}

/** Reads the API Platform query parameters a collection understands; malformed known ones give a 400. */
export function parseCollectionQuery(query: RawQuery, spec: CollectionSpec = {}): CollectionQuery {
  const relations: Record<string, number[]> = {};
  for (const name of spec.relations ?? []) {
    const ids = idsFilter(query, name);
    if (ids !== undefined) relations[name] = ids;
  }
  return {
    pagination: parsePagination(query),
    ids: idsFilter(query, 'id'),
    relations,
    order: parseOrder(query, spec.order ?? []),
    dates: parseDates(query, spec.dates ?? []),
    search: spec.search === true ? parseSearch(query) : undefined,
  };
}

/** A one-value filter restricted to a list (e.g. `typology=producer`); undefined when absent. */
export function enumFilter<T extends string>(
  query: RawQuery,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = single(query, name);
  if (raw === undefined || NO_SELECTION.has(raw)) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw badRequest(
      `Le filtre « ${name} » attend l'une des valeurs ${allowed.join(', ')}, reçu « ${shown(raw)} ».`,
    );
  }
  return raw as T;
}

/** A multi-value filter restricted to a list (`state[]=AVAILABLE&state[]=ORDERED`); undefined when absent. */
export function enumListFilter<T extends string>(
  query: RawQuery,
  name: string,
  allowed: readonly T[],
): T[] | undefined {
  const selected = values(query, `${name}[]`, name).filter((raw) => !NO_SELECTION.has(raw.trim()));
  if (selected.length === 0) return undefined;
  for (const raw of selected) {
    if (!(allowed as readonly string[]).includes(raw)) {
      throw badRequest(
        `Le filtre « ${name} » attend des valeurs parmi ${allowed.join(', ')}, reçu « ${shown(raw)} ».`,
      );
    }
  }
  return [...new Set(selected)] as T[];
}

/**
 * A multi-value filter of official codes (`wasteCode[]=15 01 01`), too many to list in a message: an unknown one is
 * refused with `unknown` and the value received. Undefined when absent.
 */
export function codeListFilter(
  query: RawQuery,
  name: string,
  known: { has(code: string): boolean },
  unknown: string,
): string[] | undefined {
  const selected = values(query, `${name}[]`, name).filter((raw) => !NO_SELECTION.has(raw.trim()));
  if (selected.length === 0) return undefined;
  const refused = selected.find((raw) => !known.has(raw));
  if (refused !== undefined) throw badRequest(`${unknown} : « ${shown(refused)} ».`);
  return [...new Set(selected)];
}

/** A day parameter (`from=2026-03-01`, yyyy-MM-dd), refused in French when malformed; undefined when absent. */
export function dateFilter(query: RawQuery, name: string): string | undefined {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw.at(-1) : raw;
  if (value === undefined || value === '') return undefined;
  const parsed = isoDateSchema.safeParse(value);
  if (!parsed.success) throw badRequest(`Le paramètre « ${name} » attend une date (aaaa-mm-jj).`);
  return parsed.data;
}

/** A boolean filter (`dangerous=true`); undefined when absent. */
export function booleanFilter(query: RawQuery, name: string): boolean | undefined {
  const raw = single(query, name);
  if (raw === undefined || NO_SELECTION.has(raw)) return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest(`Le filtre « ${name} » doit valoir true ou false, reçu « ${shown(raw)} ».`);
}

/** The requested page of a list held in memory (reference lists read from files). */
export function pageOf<T>(items: readonly T[], pagination: Pagination): { members: T[]; totalItems: number } {
  if (!pagination.enabled) return { members: [...items], totalItems: items.length };
  const start = (pagination.page - 1) * pagination.itemsPerPage;
  return { members: items.slice(start, start + pagination.itemsPerPage), totalItems: items.length };
}

/**
 * Text folded the way the database's `search_fold` does (migration 002), for lists searched in memory:
 * lower case, accents removed, apostrophes and hyphens as spaces.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('œ', 'oe')
    .replaceAll('æ', 'ae')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’-]/g, ' ');
}

export interface HydraView {
  '@id': string;
  '@type': 'hydra:PartialCollectionView';
  'hydra:first': string;
  'hydra:last': string;
  'hydra:previous'?: string;
  'hydra:next'?: string;
}

export interface HydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: HydraView;
}

/** A page link that keeps every other parameter of the request, in their order. */
function pageLink(path: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

export interface CollectionOptions<T> {
  /** `@type` of the members, which names the context (`CompanySite`). */
  type: string;
  /** The request URL (path and query string), from which the view links are built. */
  url: string;
  members: T[];
  totalItems: number;
  pagination: Pagination;
}

export function hydraCollection<T>({ type, url, members, totalItems, pagination }: CollectionOptions<T>) {
  const [path = '', search = ''] = url.split('?', 2);
  const collection: HydraCollection<T> = {
    '@context': `/api/contexts/${type}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
  };
  if (pagination.enabled) {
    const last = Math.max(1, Math.ceil(totalItems / pagination.itemsPerPage));
    const view: HydraView = {
      '@id': pageLink(path, search, pagination.page),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': pageLink(path, search, 1),
      'hydra:last': pageLink(path, search, last),
    };
    if (pagination.page > 1)
      view['hydra:previous'] = pageLink(path, search, Math.min(pagination.page - 1, last));
    if (pagination.page < last) view['hydra:next'] = pageLink(path, search, pagination.page + 1);
    collection['hydra:view'] = view;
  }
  return collection;
}
