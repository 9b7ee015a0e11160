import { createItemLoader } from '../../loaders/item-loader.ts';
import type { RestCompany } from '../../rest/types.ts';
import type { LoaderKit } from '../domain.ts';

export function companyLoaders({ rest, companyHints }: LoaderKit) {
  return {
    /** The viewer's companies (the hints) come with the first batch: a screen's companies cost one call. */
    companies: createItemLoader<RestCompany>({ rest, collection: '/api/companies', prefetch: companyHints }),
  };
}
