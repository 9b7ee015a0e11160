import {
  type LoaderFunction,
  type RouteObject,
  redirect,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import type { GraphQLTaggedNode, IEnvironment } from 'relay-runtime';
import CguPageQueryNode from './__generated__/CguPageQuery.graphql.ts';
import DashboardHomePageQueryNode from './__generated__/DashboardHomePageQuery.graphql.ts';
import DashboardLayoutQueryNode from './__generated__/DashboardLayoutQuery.graphql.ts';
import { NotFoundPage } from './apps/errors/NotFoundPage.tsx';
import { RootErrorBoundary } from './apps/errors/RootErrorBoundary.tsx';
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
          shouldRevalidate: unlessOnlySearchChanged,
          children: [
            {
              index: true,
              loader: authenticated('dashboardHome', DashboardHomePageQueryNode),
              shouldRevalidate: unlessOnlySearchChanged,
              lazy: () =>
                import('./apps/dashboard/DashboardHomePage.tsx').then((module) => ({
                  Component: module.DashboardHomePage,
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
 * For queries that do not depend on the search parameters: changing the selection (?etablissement=) must not
 * refetch them.
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
