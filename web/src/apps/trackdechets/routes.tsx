import type { HazardousPickupsPageQuery } from '../../__generated__/HazardousPickupsPageQuery.graphql.ts';
import HazardousPickupsPageQueryParameters from '../../__generated__/HazardousPickupsPageQuery$parameters.ts';
import { typologiesFromGraph } from '../../relay/graphTypologies.ts';
import { screenQuery } from '../../relay/preload.ts';
import { defineApp } from '../../routing/screens.ts';
import { hazardousPickupFilterOf } from './hazardousPickupParams.ts';

/** What the return step's loader tells its page: where a linked account's slips are read. */
export interface TrackdechetsReturnData {
  /** A producer reads them in its hazardous pick-ups; anyone else goes back to its establishments. */
  producer: boolean;
}

/**
 * Hazardous waste on the national tracing platform (SPEC 2): the hazardous pick-ups and their slips, with the
 * link to the producer's Trackdéchets account, and the return step of that link. The pick-ups' status and period
 * filters live in the URL.
 */
export const trackdechetsApp = defineApp({
  name: 'trackdechets',
  screens: [
    {
      key: 'hazardousPickups',
      path: '/mes-enlevements-dangereux',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: async ({ requireViewer, preload, searchParams }) => {
        await requireViewer();
        return preload<HazardousPickupsPageQuery>(
          'hazardousPickups',
          screenQuery(
            HazardousPickupsPageQueryParameters,
            () => import('../../__generated__/HazardousPickupsPageQuery.graphql.ts'),
          ),
          {
            filter: hazardousPickupFilterOf(searchParams),
          },
        );
      },
      lazy: () =>
        import('./HazardousPickupsPage.tsx').then((module) => ({ Component: module.HazardousPickupsPage })),
      navigation: { labelKey: 'nav.hazardousPickups', audience: ['producer'], order: 80 },
    },
    {
      // Where Trackdéchets sends the browser back (its registered redirect URI): any signed-in user may link an
      // account (from an establishment's check too), so no audience.
      key: 'trackdechetsReturn',
      path: '/customer/Validatetrackdechets',
      layout: 'dashboard',
      errors: 'screen',
      loader: async ({ requireViewer }): Promise<TrackdechetsReturnData> => {
        const viewer = await requireViewer();
        return { producer: typologiesFromGraph(viewer.typologies).includes('producer') };
      },
      lazy: () =>
        import('./TrackdechetsReturnPage.tsx').then((module) => ({
          Component: module.TrackdechetsReturnPage,
        })),
    },
  ],
});
