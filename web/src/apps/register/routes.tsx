import type { RegisterPageQuery } from '../../__generated__/RegisterPageQuery.graphql.ts';
import RegisterPageQueryParameters from '../../__generated__/RegisterPageQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
import { defineApp } from '../../routing/screens.ts';
import { registerFilterOf, registerSummaryFilterOf } from './registerParams.ts';

/**
 * Waste tracking (SPEC 2 `/suivi`): the regulatory register of the selected establishment(s), its lines to
 * complete, and its export. The period, waste code and hazard filters live in the URL.
 */
export const registerApp = defineApp({
  name: 'register',
  screens: [
    {
      key: 'wasteTracking',
      path: '/suivi',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: async ({ requireViewer, preload, searchParams }) => {
        await requireViewer();
        return preload<RegisterPageQuery>(
          'wasteTracking',
          screenQuery(
            RegisterPageQueryParameters,
            () => import('../../__generated__/RegisterPageQuery.graphql.ts'),
          ),
          {
            filter: registerFilterOf(searchParams),
            summaryFilter: registerSummaryFilterOf(searchParams).filter,
          },
        );
      },
      lazy: () => import('./RegisterPage.tsx').then((module) => ({ Component: module.RegisterPage })),
      navigation: { labelKey: 'nav.wasteTracking', audience: ['producer'], order: 90 },
    },
  ],
});
