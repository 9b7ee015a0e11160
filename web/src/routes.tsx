import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router-dom';
import type { IEnvironment } from 'relay-runtime';
import DashboardLayoutQueryNode from './__generated__/DashboardLayoutQuery.graphql.ts';
import { NotFoundPage } from './apps/errors/NotFoundPage.tsx';
import { RootErrorBoundary } from './apps/errors/RootErrorBoundary.tsx';
import { ScreenErrorState } from './apps/errors/ScreenErrorState.tsx';
import { apps } from './apps/registry.ts';
import { PageSpinner } from './components/PageSpinner.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { DashboardLayout } from './layouts/DashboardLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { RETURN_TO_PARAM, safeReturnPath } from './paths.ts';
import { createRoutePreloader } from './relay/preload.ts';
import { loadSessionViewer, requireViewer } from './relay/viewerSession.ts';
import {
  isBuilt,
  type LoaderContext,
  onlyWhenAskedFor,
  revalidationRules,
  type Screen,
  type ScreenLayout,
} from './routing/screens.ts';

/**
 * The route table of SPEC 2 (matching is case-insensitive: /customer/login works), built from the apps' screens
 * (`apps/registry.ts`): the root and the layouts are here, the screens in each app's `routes.tsx`. Layout
 * elements are loaded with the app; screens are split into their own chunks. Each authenticated screen checks
 * the session, then starts its query in its loader; the screen reads it with usePreloadedQuery.
 */
export function createRoutes(environment: IEnvironment): RouteObject[] {
  const preload = createRoutePreloader(environment);

  const context = ({ request, params }: LoaderFunctionArgs): LoaderContext => ({
    request,
    params,
    searchParams: new URL(request.url).searchParams,
    preload,
    requireViewer: (options) => requireViewer(environment, request, options),
    // Signed-in users who open the login page go where they were heading.
    redirectSignedIn: async () => {
      const viewer = await loadSessionViewer(environment).catch(() => null);
      if (viewer) throw redirect(safeReturnPath(new URL(request.url).searchParams.get(RETURN_TO_PARAM)));
      return null;
    },
  });

  const route = (screen: Screen, path: string | undefined): RouteObject => {
    const { loader, lazy } = screen;
    const children = (screen.children ?? []).filter(isBuilt);
    const shouldRevalidate = screen.revalidate && revalidationRules[screen.revalidate];
    return {
      ...(path === undefined ? { index: true } : { path }),
      ...(screen.errors === 'screen' && { errorElement: <ScreenErrorState /> }),
      ...(loader && { loader: (args: LoaderFunctionArgs) => loader(context(args)) }),
      ...(shouldRevalidate && { shouldRevalidate }),
      ...(lazy && { lazy }),
      ...(children.length > 0 && { children: children.map((child) => route(child, child.path)) }),
    } as RouteObject;
  };

  /** The built top-level screens of a layout, their absolute paths made relative to the root. */
  const screensOf = (layout: ScreenLayout): RouteObject[] =>
    apps
      .flatMap((app): readonly Screen[] => app.screens)
      .filter((screen) => screen.layout === layout && isBuilt(screen))
      .map((screen) => route(screen, screen.path === '/' ? undefined : screen.path?.slice(1)));

  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { element: <AuthLayout />, children: screensOf('auth') },
        { element: <AuthLayout wide />, children: screensOf('authWide') },
        {
          id: 'dashboard',
          element: <DashboardLayout />,
          loader: async ({ request }) => {
            await requireViewer(environment, request);
            return preload('dashboardLayout', DashboardLayoutQueryNode, {});
          },
          shouldRevalidate: onlyWhenAskedFor,
          children: screensOf('dashboard'),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
