import type { PreloadedQuery } from 'react-relay';
import { redirect } from 'react-router-dom';
import type { DashboardHomePageQuery } from '../../__generated__/DashboardHomePageQuery.graphql.ts';
import type { DetailsPageQuery } from '../../__generated__/DetailsPageQuery.graphql.ts';
import DetailsPageQueryParameters from '../../__generated__/DetailsPageQuery$parameters.ts';
import type { MonthlyFiguresQuery } from '../../__generated__/MonthlyFiguresQuery.graphql.ts';
import MonthlyFiguresQueryParameters from '../../__generated__/MonthlyFiguresQuery$parameters.ts';
import { typologiesFromGraph } from '../../relay/graphTypologies.ts';
import { heldQuery, type RoutePreloader, screenQuery } from '../../relay/preload.ts';
import { ALL_ROLES, defineApp, isAdministrator } from '../../routing/screens.ts';
import { ADMIN_HOME } from '../admin/adminPaths.ts';
import { dashboardQueries, monthlyVariables, type OpeningQuery } from './dashboardParams.ts';

/** Starts the dashboard's opening queries; resolves to the home's reference once all have started. */
async function startDashboard(preload: RoutePreloader, queries: OpeningQuery[]) {
  const [home] = await Promise.all(
    queries.map(({ routeKey, artifact, variables }) => preload(routeKey, heldQuery(artifact), variables)),
  );
  return home as PreloadedQuery<DashboardHomePageQuery>;
}

/** The yearly dashboard (`/`) and the detailed, monthly one (`/details`) of SPEC 2. */
export const dashboardApp = defineApp({
  name: 'dashboard',
  firstPageTextsOnly: true,
  screens: [
    {
      key: 'dashboard',
      path: '/',
      layout: 'dashboard',
      skeleton: 'figures',
      // The figures' query starts here too (render-as-you-fetch); the screen reads it with the URL's scope
      // and year, and asks again itself when they change.
      // A carrier's home shows what it carries, without the figures of producers and providers.
      loader: async ({ requireViewer, preload, searchParams }) => {
        const viewer = await requireViewer();
        // An administrator of the operator without a typology has no establishment and no figures: its home is
        // the back office.
        if (typologiesFromGraph(viewer.typologies).length === 0 && isAdministrator(viewer.permissions))
          throw redirect(ADMIN_HOME);
        return startDashboard(preload, dashboardQueries(viewer, searchParams));
      },
      revalidate: 'unlessOnlySearchChanged',
      lazy: () =>
        import('./DashboardHomePage.tsx').then((module) => ({ Component: module.DashboardHomePage })),
      // Administrators are let in to be sent to the back office; the entry is the customers'.
      audience: [...ALL_ROLES, 'admin'],
      navigation: { labelKey: 'nav.dashboard', audience: ALL_ROLES, order: 10 },
    },
    {
      // SPEC 2: the detailed (monthly) dashboard; its figures' query starts here too, with the URL's scope,
      // year and month, and the screen asks again itself when they change.
      key: 'details',
      path: '/details',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'figures',
      loader: async ({ requireViewer, preload, searchParams }) => {
        const viewer = await requireViewer();
        const variables = monthlyVariables(viewer, searchParams);
        const [page] = await Promise.all([
          preload<DetailsPageQuery>(
            'details',
            screenQuery(
              DetailsPageQueryParameters,
              () => import('../../__generated__/DetailsPageQuery.graphql.ts'),
            ),
            {},
          ),
          preload<MonthlyFiguresQuery>(
            'monthlyFigures',
            screenQuery(
              MonthlyFiguresQueryParameters,
              () => import('../../__generated__/MonthlyFiguresQuery.graphql.ts'),
            ),
            variables,
          ),
        ]);
        return page;
      },
      revalidate: 'unlessOnlySearchChanged',
      lazy: () => import('./DetailsPage.tsx').then((module) => ({ Component: module.DetailsPage })),
      // Costs and quantities of producers and providers: not a carrier's.
      navigation: { labelKey: 'nav.details', audience: ['producer', 'retriever'], order: 20 },
    },
  ],
});
