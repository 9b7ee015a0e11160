import type { CreateLoaders, LoaderKit, Loaders } from '../loaders/kit.ts';
import { createReferenceLists } from '../loaders/reference-lists.ts';
import { accountDomain } from './account/index.ts';
import { adminDomain } from './admin/index.ts';
import { companiesDomain } from './companies/index.ts';
import { costsDomain } from './costs/index.ts';
import { dashboardDomain } from './dashboard/index.ts';
import { documentsDomain } from './documents/index.ts';
import type { LoadersOf } from './domain.ts';
import { entitiesDomain } from './entities/index.ts';
import { helpDomain } from './help/index.ts';
import { notificationsDomain } from './notifications/index.ts';
import { operationsDomain } from './operations/index.ts';
import { outletsDomain } from './outlets/index.ts';
import { referenceDomain } from './reference/index.ts';
import { registryDomain } from './registry/index.ts';
import { sitesDomain } from './sites/index.ts';
import { skipsDomain } from './skips/index.ts';
import { trackdechetsDomain } from './trackdechets/index.ts';

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
  notificationsDomain,
  helpDomain,
  outletsDomain,
  documentsDomain,
  registryDomain,
  trackdechetsDomain,
  adminDomain,
] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;

/**
 * The request's `Loaders` are exactly what the registered domains build: a domain that adds its loaders to the
 * interface without its line here (or the other way round) fails the type check.
 */
export type RegistryBuildsTheLoaders = Expect<Same<LoadersOf<typeof domains>, Loaders>>;

/** The loaders of every registered domain, for ONE request. */
export const createLoaders: CreateLoaders = (rest, options) => {
  let loaders: Loaders | undefined;
  const kit: LoaderKit = {
    ...options,
    rest,
    referenceList: createReferenceLists(rest, options.officialLists),
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
  // Every domain's loaders, by the type check above.
  loaders = built as LoadersOf<typeof domains>;
  return loaders;
};
