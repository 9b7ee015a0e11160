import { defineDomain, itemNodes } from '../domain.ts';
import { outletLoaders } from './loaders.ts';
import { outletResolvers } from './resolvers.ts';

/** My activity: the outlet directory, default treatments and outlets, the activity cost grid. */
export const outletsDomain = defineDomain({
  loaders: outletLoaders,
  resolvers: [outletResolvers],
  nodes: itemNodes({ DirectoryOutlet: 'directoryOutlets', DefaultTreatment: 'defaultTreatments' }),
});
