import {
  type LoaderFunction,
  type RouteObject,
  redirect,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import type { GraphQLTaggedNode, IEnvironment } from 'relay-runtime';
import CguPageQueryNode from './__generated__/CguPageQuery.graphql.ts';
import DashboardFiguresQueryNode, {
  type DashboardFiguresQuery,
} from './__generated__/DashboardFiguresQuery.graphql.ts';
import DashboardHomePageQueryNode, {
  type DashboardHomePageQuery,
} from './__generated__/DashboardHomePageQuery.graphql.ts';
import DashboardLayoutQueryNode from './__generated__/DashboardLayoutQuery.graphql.ts';
import DashboardMapQueryNode, { type DashboardMapQuery } from './__generated__/DashboardMapQuery.graphql.ts';
import DetailsPageQueryNode, { type DetailsPageQuery } from './__generated__/DetailsPageQuery.graphql.ts';
import EstablishmentListPageQueryNode, {
  type EstablishmentListPageQuery,
} from './__generated__/EstablishmentListPageQuery.graphql.ts';
import EstablishmentPageQueryNode, {
  type EstablishmentPageQuery,
} from './__generated__/EstablishmentPageQuery.graphql.ts';
import MonthlyCostsPageQueryNode, {
  type MonthlyCostsPageQuery,
} from './__generated__/MonthlyCostsPageQuery.graphql.ts';
import MonthlyCostsQueryNode, { type MonthlyCostsQuery } from './__generated__/MonthlyCostsQuery.graphql.ts';
import MonthlyFiguresQueryNode, {
  type MonthlyFiguresQuery,
} from './__generated__/MonthlyFiguresQuery.graphql.ts';
import OperationListPageQueryNode, {
  type OperationListPageQuery,
} from './__generated__/OperationListPageQuery.graphql.ts';
import OperationPageQueryNode, {
  type OperationPageQuery,
} from './__generated__/OperationPageQuery.graphql.ts';
import SkipsTabQueryNode, { type SkipsTabQuery } from './__generated__/SkipsTabQuery.graphql.ts';
import { dashboardVariables, monthlyVariables } from './apps/dashboard/dashboardParams.ts';
import { NotFoundPage } from './apps/errors/NotFoundPage.tsx';
import { notFound, routeId } from './apps/errors/notFound.ts';
import { RootErrorBoundary } from './apps/errors/RootErrorBoundary.tsx';
import { ScreenErrorState } from './apps/errors/ScreenErrorState.tsx';
import { type OperationListMode, operationListVariables } from './apps/operations/operationListParams.ts';
import { listVariables } from './apps/sites/listParams.ts';
import { SITE_VIEWS, type SiteView, siteViews } from './apps/sites/siteViews.ts';
import { skipsTabVariables } from './apps/skips/skipsTabParams.ts';
import { PageSpinner } from './components/PageSpinner.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { DashboardLayout } from './layouts/DashboardLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { RETURN_TO_PARAM, safeReturnPath } from './paths.ts';
import { createRoutePreloader } from './relay/preload.ts';
import { loadSessionViewer, requireViewer } from './relay/viewerSession.ts';

/**
 * The route table of SPEC 2 (matching is case-insensitive: /customer/login works). Layout elements are loaded
 * with the app; screens are split into their own chunks. Each authenticated route checks the session, then
 * starts its query in its loader; the screen reads it with usePreloadedQuery.
 */
export function createRoutes(environment: IEnvironment): RouteObject[] {
  const preload = createRoutePreloader(environment);

  const authenticated =
    (
      routeKey: string,
      query: GraphQLTaggedNode,
      options: { allowPendingTerms?: boolean } = {},
    ): LoaderFunction =>
    async ({ request }) => {
      await requireViewer(environment, request, options);
      return preload(routeKey, query, {});
    };

  /**
   * `/mes-etablissements`, `/mes-prestataires`, `/mes-clients` and their `/:id` (SPEC 2): the same two screens,
   * the view picks the connection and the labels. Search and sort come from the URL; the `:id` is numeric.
   */
  const siteRoutes = (view: SiteView): RouteObject => ({
    path: siteViews[view].path.slice(1),
    children: [
      {
        index: true,
        errorElement: <ScreenErrorState />,
        shouldRevalidate: unlessOnlySearchChanged,
        loader: async ({ request }) => {
          await requireViewer(environment, request);
          const variables = {
            linked: siteViews[view].linked,
            ...listVariables(new URL(request.url).searchParams),
          };
          return preload<EstablishmentListPageQuery>(
            `sites:${view}`,
            EstablishmentListPageQueryNode,
            variables,
          );
        },
        lazy: () =>
          import('./apps/sites/EstablishmentListPage.tsx').then((module) => ({
            element: <module.EstablishmentListPage view={view} />,
          })),
      },
      {
        path: ':id',
        errorElement: <ScreenErrorState />,
        shouldRevalidate: unlessOnlySearchChanged,
        loader: async ({ request, params }) => {
          await requireViewer(environment, request);
          const databaseId = routeId(params.id);
          if (databaseId === null) throw notFound(`${view} ${params.id}`);
          return preload<EstablishmentPageQuery>(`site:${view}`, EstablishmentPageQueryNode, { databaseId });
        },
        lazy: () =>
          import('./apps/sites/EstablishmentPage.tsx').then((module) => ({
            element: <module.EstablishmentPage view={view} />,
          })),
      },
    ],
  });

  /**
   * The lists of operations (SPEC 2, 4): one screen, its mode picking the statuses; the filter and the
   * establishment come from the URL, so a change of either loads the list again.
   */
  const operationListRoute = (mode: OperationListMode, path?: string): RouteObject => ({
    ...(path === undefined ? { index: true } : { path }),
    errorElement: <ScreenErrorState />,
    loader: async ({ request }) => {
      const viewer = await requireViewer(environment, request);
      const variables = operationListVariables(mode, viewer, new URL(request.url).searchParams);
      return preload<OperationListPageQuery>(`operations:${mode}`, OperationListPageQueryNode, variables);
    },
    lazy: () =>
      import('./apps/operations/OperationListPage.tsx').then((module) => ({
        element: <module.OperationListPage mode={mode} />,
      })),
  });

  /** Signed-in users who open the login page go where they were heading. */
  const anonymousOnly: LoaderFunction = async ({ request }) => {
    const viewer = await loadSessionViewer(environment).catch(() => null);
    if (viewer) throw redirect(safeReturnPath(new URL(request.url).searchParams.get(RETURN_TO_PARAM)));
    return null;
  };

  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          element: <AuthLayout />,
          children: [
            {
              path: 'customer/Login',
              loader: anonymousOnly,
              lazy: () =>
                import('./apps/account/LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
            },
            {
              path: 'customer/Password',
              lazy: () =>
                import('./apps/account/ForgotPasswordPage.tsx').then((module) => ({
                  Component: module.ForgotPasswordPage,
                })),
            },
            {
              path: 'customer/Resetpassword',
              lazy: () =>
                import('./apps/account/ResetPasswordPage.tsx').then((module) => ({
                  Component: module.ResetPasswordPage,
                })),
            },
          ],
        },
        {
          element: <AuthLayout wide />,
          children: [
            {
              path: 'cgu',
              loader: authenticated('terms', CguPageQueryNode, { allowPendingTerms: true }),
              lazy: () =>
                import('./apps/account/CguPage.tsx').then((module) => ({ Component: module.CguPage })),
            },
          ],
        },
        {
          id: 'dashboard',
          element: <DashboardLayout />,
          loader: authenticated('dashboardLayout', DashboardLayoutQueryNode),
          shouldRevalidate: onlyWhenAskedFor,
          children: [
            {
              index: true,
              // The figures' query starts here too (render-as-you-fetch); the screen reads it with the URL's scope
              // and year, and asks again itself when they change.
              loader: async ({ request }) => {
                const viewer = await requireViewer(environment, request);
                const variables = dashboardVariables(viewer, new URL(request.url).searchParams);
                preload<DashboardFiguresQuery>('dashboardFigures', DashboardFiguresQueryNode, variables);
                preload<DashboardMapQuery>('dashboardMap', DashboardMapQueryNode, variables);
                return preload<DashboardHomePageQuery>('dashboardHome', DashboardHomePageQueryNode, {});
              },
              shouldRevalidate: unlessOnlySearchChanged,
              lazy: () =>
                import('./apps/dashboard/DashboardHomePage.tsx').then((module) => ({
                  Component: module.DashboardHomePage,
                })),
            },
            {
              // SPEC 2: the detailed (monthly) dashboard; its figures' query starts here too, with the URL's scope,
              // year and month, and the screen asks again itself when they change.
              path: 'details',
              errorElement: <ScreenErrorState />,
              loader: async ({ request }) => {
                const viewer = await requireViewer(environment, request);
                const variables = monthlyVariables(viewer, new URL(request.url).searchParams);
                preload<MonthlyFiguresQuery>('monthlyFigures', MonthlyFiguresQueryNode, variables);
                return preload<DetailsPageQuery>('details', DetailsPageQueryNode, {});
              },
              shouldRevalidate: unlessOnlySearchChanged,
              lazy: () =>
                import('./apps/dashboard/DetailsPage.tsx').then((module) => ({
                  Component: module.DetailsPage,
                })),
            },
            ...SITE_VIEWS.map(siteRoutes),
            {
              // SPEC 2: operation detail and summary (a numeric id, as every :id of SPEC 2).
              path: 'operations/:id',
              errorElement: <ScreenErrorState />,
              loader: async ({ request, params }) => {
                await requireViewer(environment, request);
                const databaseId = routeId(params.id);
                if (databaseId === null) throw notFound(`operation ${params.id}`);
                return preload<OperationPageQuery>('operation', OperationPageQueryNode, { databaseId });
              },
              lazy: () =>
                import('./apps/operations/OperationPage.tsx').then((module) => ({
                  Component: module.OperationPage,
                })),
            },
            {
              // SPEC 2: pick-up history and the operations waiting for the viewer's validation.
              path: 'mes-enlevements',
              lazy: () =>
                import('./apps/operations/OperationsLayout.tsx').then((module) => ({
                  Component: module.PickupsLayout,
                })),
              children: [
                operationListRoute('pickups'),
                operationListRoute('toValidate', 'operations-a-valider'),
              ],
            },
            {
              // SPEC 2: operations with three tabs: containers, requests and history (OperationsLayout).
              path: 'operations',
              lazy: () =>
                import('./apps/operations/OperationsLayout.tsx').then((module) => ({
                  Component: module.OperationsLayout,
                })),
              children: [
                {
                  index: true,
                  errorElement: <ScreenErrorState />,
                  // The list depends on the selection and the state filter of the URL: a change loads it again.
                  loader: async ({ request }) => {
                    const viewer = await requireViewer(environment, request);
                    const variables = skipsTabVariables(viewer, new URL(request.url).searchParams);
                    return preload<SkipsTabQuery>('operations:skips', SkipsTabQueryNode, variables);
                  },
                  lazy: () =>
                    import('./apps/skips/SkipsTab.tsx').then((module) => ({ Component: module.SkipsTab })),
                },
                operationListRoute('requests', 'demandes'),
                operationListRoute('history', 'historique'),
              ],
            },
            {
              // SPEC 2: my costs, a month at a time (issue 6). Like `/`, the figures' query starts here and the
              // screen asks again itself when the month or the selection of the URL changes.
              path: 'mes-couts',
              errorElement: <ScreenErrorState />,
              loader: async ({ request }) => {
                const viewer = await requireViewer(environment, request);
                const variables = monthlyVariables(viewer, new URL(request.url).searchParams);
                preload<MonthlyCostsQuery>('monthlyCosts', MonthlyCostsQueryNode, variables);
                return preload<MonthlyCostsPageQuery>('monthlyCostsPage', MonthlyCostsPageQueryNode, {});
              },
              shouldRevalidate: unlessOnlySearchChanged,
              lazy: () =>
                import('./apps/costs/MonthlyCostsPage.tsx').then((module) => ({
                  Component: module.MonthlyCostsPage,
                })),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * Changing only the search parameters (the selection ?etablissement=, a list's ?q=) does not run the loader
 * again: the screens' queries do not depend on the selection, and the lists refetch their own search.
 */
const unlessOnlySearchChanged: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false;
  return defaultShouldRevalidate;
};

/**
 * For the layout, whose query depends neither on the path nor on the search: moving between screens does not
 * fetch the user's establishments again; a form submission or an explicit revalidation (a retry) does.
 */
const onlyWhenAskedFor: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false);
