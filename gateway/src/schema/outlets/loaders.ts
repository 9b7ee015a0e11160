import { createItemLoader } from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import type { RestDefaultTreatment, RestDirectoryOutlet } from './rest.ts';

export function outletLoaders({ rest }: LoaderKit) {
  return {
    /** Outlets of the directories, by id (`final_outlets?id[]=`). */
    directoryOutlets: createItemLoader<RestDirectoryOutlet>({ rest, collection: '/api/final_outlets' }),
    /** Default treatments of the viewer's sites, by id (`company_site_treatments?id[]=`). */
    defaultTreatments: createItemLoader<RestDefaultTreatment>({
      rest,
      collection: '/api/company_site_treatments',
    }),
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof outletLoaders> {}
}
