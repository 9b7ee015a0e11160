import { createReferenceLists } from '../loaders/reference-lists.ts';
import type { RestClient } from '../rest/client.ts';
import { accountDomain } from './account/index.ts';
import { companiesDomain } from './companies/index.ts';
import { costsDomain } from './costs/index.ts';
import { dashboardDomain } from './dashboard/index.ts';
import type { LoaderKit, LoaderOptions, LoadersOf } from './domain.ts';
import { entitiesDomain } from './entities/index.ts';
import { operationsDomain } from './operations/index.ts';
import { referenceDomain } from './reference/index.ts';
import { sitesDomain } from './sites/index.ts';
import { skipsDomain } from './skips/index.ts';

/** The graph's domains, one line each: the schema, the request's loaders and `node(id:)` come from this list. */
export const domains = [
  accountDomain,
  sitesDomain,
  companiesDomain,
  entitiesDomain,
  referenceDomain,
  skipsDomain,
  operationsDomain,
  costsDomain,
  dashboardDomain,
] as const;

/**
 * The DataLoaders of ONE GraphQL request (never shared: they cache what this caller may see), every domain's.
 * Every loader batches or primes so that a screen costs one REST call per kind of resource, whatever its list
 * lengths: a batch of up to MAX_IDS_PER_CALL ids travels as a URL filter, a larger one is answered by one list
 * that covers it (see each loader), never by a call per chunk.
 */
export type Loaders = LoadersOf<typeof domains>;

export function createLoaders(rest: RestClient, options: LoaderOptions): Loaders {
  let loaders: Loaders | undefined;
  const kit: LoaderKit = {
    ...options,
    rest,
    referenceList: createReferenceLists(rest),
    loaders: () => {
      if (loaders === undefined) throw new Error('A domain read the loaders while they were being built');
      return loaders;
    },
  };
  const built: Record<string, unknown> = {};
  for (const domain of domains) {
    for (const [name, loader] of Object.entries(domain.loaders(kit))) {
      // Two domains naming one loader would silently replace one another's.
      if (name in built) throw new Error(`Two domains define the loader '${name}'`);
      built[name] = loader;
    }
  }
  loaders = built as Loaders;
  return loaders;
}
