import type { ActivityCostsPageQuery } from '../../__generated__/ActivityCostsPageQuery.graphql.ts';
import ActivityCostsPageQueryParameters from '../../__generated__/ActivityCostsPageQuery$parameters.ts';
import type { DefaultOutletsPageQuery } from '../../__generated__/DefaultOutletsPageQuery.graphql.ts';
import DefaultOutletsPageQueryParameters from '../../__generated__/DefaultOutletsPageQuery$parameters.ts';
import type { OutletsPageQuery } from '../../__generated__/OutletsPageQuery.graphql.ts';
import OutletsPageQueryParameters from '../../__generated__/OutletsPageQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
import { defineApp } from '../../routing/screens.ts';
import { outletListVariables } from './outletParams.ts';

/**
 * My activity (SPEC 2, retrievers): final outlets, activity costs, and the default outlets and treatments per
 * establishment; producers read the outlets their waste went to. A screen not built yet shows its entry disabled until it has its `loader` and `lazy` component.
 */
export const outletsApp = defineApp({
  name: 'outlets',
  // Producers find there, read-only, the outlets their waste went to; the rest is the provider's.
  navigationGroups: [
    { key: 'activity', labelKey: 'nav.activity', audience: ['retriever', 'producer'], order: 100 },
  ],
  screens: [
    {
      key: 'outlets',
      path: '/activite/mes-exutoires',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: async ({ requireViewer, preload, searchParams }) => {
        await requireViewer();
        return preload<OutletsPageQuery>(
          'outlets',
          screenQuery(
            OutletsPageQueryParameters,
            () => import('../../__generated__/OutletsPageQuery.graphql.ts'),
          ),
          outletListVariables(searchParams),
        );
      },
      lazy: () => import('./OutletsPage.tsx').then((module) => ({ Component: module.OutletsPage })),
      navigation: {
        labelKey: 'nav.outlets',
        audience: ['retriever', 'producer'],
        order: 1,
        group: 'activity',
      },
    },
    {
      key: 'activityCosts',
      path: '/activite/mes-couts-d-activite',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: async ({ requireViewer, preload, searchParams }) => {
        await requireViewer();
        const date = searchParams.get('date');
        return preload<ActivityCostsPageQuery>(
          'activityCosts',
          screenQuery(
            ActivityCostsPageQueryParameters,
            () => import('../../__generated__/ActivityCostsPageQuery.graphql.ts'),
          ),
          {
            date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
          },
        );
      },
      lazy: () =>
        import('./ActivityCostsPage.tsx').then((module) => ({ Component: module.ActivityCostsPage })),
      navigation: { labelKey: 'nav.activityCosts', audience: ['retriever'], order: 2, group: 'activity' },
    },
    {
      key: 'defaultOutlets',
      path: '/activite/mes-exutoires-par-defaut',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: async ({ requireViewer, preload }) => {
        await requireViewer();
        return preload<DefaultOutletsPageQuery>(
          'defaultOutlets',
          screenQuery(
            DefaultOutletsPageQueryParameters,
            () => import('../../__generated__/DefaultOutletsPageQuery.graphql.ts'),
          ),
          {},
        );
      },
      lazy: () =>
        import('./DefaultOutletsPage.tsx').then((module) => ({ Component: module.DefaultOutletsPage })),
      navigation: { labelKey: 'nav.defaultOutlets', audience: ['retriever'], order: 3, group: 'activity' },
    },
  ],
});
