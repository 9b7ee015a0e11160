import type { MonthlyCostsPageQuery } from '../../__generated__/MonthlyCostsPageQuery.graphql.ts';
import MonthlyCostsPageQueryParameters from '../../__generated__/MonthlyCostsPageQuery$parameters.ts';
import type { MonthlyCostsQuery } from '../../__generated__/MonthlyCostsQuery.graphql.ts';
import MonthlyCostsQueryParameters from '../../__generated__/MonthlyCostsQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
import { defineApp } from '../../routing/screens.ts';
import { monthlyVariables } from '../dashboard/dashboardParams.ts';

/** My costs (SPEC 2), a month at a time. */
export const costsApp = defineApp({
  name: 'costs',
  screens: [
    {
      // Like `/`, the figures' query starts here and the screen asks again itself when the month or the
      // selection of the URL changes.
      key: 'costs',
      path: '/mes-couts',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'figures',
      loader: async ({ requireViewer, preload, searchParams }) => {
        const viewer = await requireViewer();
        const variables = monthlyVariables(viewer, searchParams);
        const [page] = await Promise.all([
          preload<MonthlyCostsPageQuery>(
            'monthlyCostsPage',
            screenQuery(
              MonthlyCostsPageQueryParameters,
              () => import('../../__generated__/MonthlyCostsPageQuery.graphql.ts'),
            ),
            {},
          ),
          preload<MonthlyCostsQuery>(
            'monthlyCosts',
            screenQuery(
              MonthlyCostsQueryParameters,
              () => import('../../__generated__/MonthlyCostsQuery.graphql.ts'),
            ),
            variables,
          ),
        ]);
        return page;
      },
      revalidate: 'unlessOnlySearchChanged',
      lazy: () => import('./MonthlyCostsPage.tsx').then((module) => ({ Component: module.MonthlyCostsPage })),
      navigation: { labelKey: 'nav.costs', audience: ['producer', 'retriever'], order: 120 },
    },
  ],
});
