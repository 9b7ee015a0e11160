import type { RestClient } from '../rest/client.ts';
import type { RestUser } from '../rest/types.ts';
import type { OfficialLists, ReferenceList } from './reference-lists.ts';

/**
 * The DataLoaders of ONE GraphQL request (never shared: they cache what this caller may see). Each domain adds
 * what its factory builds (`declare module` in its `loaders.ts`), and the registry builds them all. Every loader
 * batches or primes so that a screen costs one REST call per kind of resource, whatever its list lengths: a
 * batch of up to MAX_IDS_PER_CALL ids travels as a URL filter, a larger one is answered by one list that covers
 * it (see each loader), never by a call per chunk.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the domains' declarations fill it in.
export interface Loaders {}

export interface LoaderOptions {
  /** Company ids the caller's screen will need (from the viewer): fetched with the first company batch. */
  companyHints: () => Iterable<number>;
  /** The signed-in user (cached by the request): the mirror side of a site depends on it. */
  viewer: () => Promise<RestUser | null>;
  /** The official lists the process keeps for all its requests (the one thing loaders share). */
  officialLists: OfficialLists;
}

/** What a domain's loaders are built from, for ONE request. */
export interface LoaderKit extends LoaderOptions {
  rest: RestClient;
  /** The request's reference lists, shared by every domain: each read whole at most once. */
  referenceList: ReferenceList;
  /**
   * Every domain's loaders of this request (a domain's batch may go through another's items). Available once all
   * are built: call it inside a batch function, never while building; a closure that returns what it reads there
   * states its return type (the `Loaders` type is inferred from the factories).
   */
  loaders: () => Loaders;
}

/** Builds a domain's loaders for one request; they are never shared between requests. */
export type LoaderFactory<L extends object> = (kit: LoaderKit) => L;

/** Builds the loaders of every domain for one request. */
export type CreateLoaders = (rest: RestClient, options: LoaderOptions) => Loaders;
