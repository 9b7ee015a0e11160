import { defineDomain } from '../domain.ts';
import { trackdechetsLoaders } from './loaders.ts';
import { trackdechetsResolvers } from './resolvers.ts';

/** Trackdéchets: the viewer's account link, the establishments' checks, the hazardous pick-ups and their slips. */
export const trackdechetsDomain = defineDomain({
  loaders: trackdechetsLoaders,
  resolvers: [trackdechetsResolvers],
});
