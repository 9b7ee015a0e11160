import { createItemLoader } from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import type { RestCompany } from '../../rest/types.ts';

export function companyLoaders({ rest, companyHints }: LoaderKit) {
  return {
    /** The viewer's companies (the hints) come with the first batch: a screen's companies cost one call. */
    companies: createItemLoader<RestCompany>({ rest, collection: '/api/companies', prefetch: companyHints }),
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof companyLoaders> {}
}
