import { Suspense } from 'react';
import { type DataRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router-dom';
import type { IEnvironment } from 'relay-runtime';
import DashboardLayoutQueryParameters from './__generated__/DashboardLayoutQuery$parameters.ts';
import { urlWithRememberedSelection } from './apps/dashboard/selectionMemory.ts';
import { NotFoundPage } from './apps/errors/NotFoundPage.tsx';
import { notFound } from './apps/errors/notFound.ts';
import { RootErrorBoundary } from './apps/errors/RootErrorBoundary.tsx';
import { ScreenErrorState } from './apps/errors/ScreenErrorState.tsx';
import { apps } from './apps/registry.ts';
import { PageSpinner } from './components/PageSpinner.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { DashboardLayout } from './layouts/DashboardLayout.tsx';
import { DashboardSkeleton } from './layouts/DashboardSkeleton.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { typologiesFromGraph } from './relay/graphTypologies.ts';
import {
  createQueryWarmer,
  createRoutePreloader,
  NAVIGATION_DATA_WAIT_MS,
  type RoutePreloader,
  screenQuery,
} from './relay/preload.ts';
import { requireViewer } from './relay/viewerSession.ts';
import {
  type App,
  audienceIncludes,
  failingVisibly,
  isAdministrator,
  isBuilt,
  type LoaderContext,
  type NavigationAudience,
  onlyWhenAskedFor,
  revalidationRules,
  type Screen,
  type ScreenHandle,
  type ScreenLayout,
  type ScreenLoader,
  withScreenTexts,
} from './routing/screens.ts';

/**
 * The app's router over the route table (`makeRouter`: the browser's, or a test's memory router), the routes
 * knowing from it which screen is on display (see `createRoutes`).
 */
export function createAppRouter(
  environment: IEnvironment,
  makeRouter: (routes: RouteObject[]) => DataRouter,
): DataRouter {
  // Its first loaders may run before it is made: no screen is on display then.
  let router: DataRouter | undefined;
  router = makeRouter(
    createRoutes(environment, () => (router?.state.initialized ? router.state.location.pathname : null)),
  );
  return router;
}

/**
 * The route table of SPEC 2 (matching is case-insensitive: /customer/login works), built from the apps' screens
 * (`apps/registry.ts`): the root and the layouts are here, the screens in each app's `routes.tsx`. Layout
 * elements are loaded with the app; screens are split into their own chunks. Each authenticated screen checks
 * the session, then starts its query in its loader; the screen reads it with usePreloadedQuery.
 * `shownPathname` gives the path of the screen on display (the router's location, null until its first
 * navigation is done): a loader that opens a screen, the page's first or another than the one on display, waits
 * a moment for that screen's data (`NAVIGATION_DATA_WAIT_MS`), so that the screen is drawn whole; a change of the
 * search alone, or a reload of the screen, does not.
 */
export function createRoutes(environment: IEnvironment, shownPathname: () => string | null): RouteObject[] {
  const preload = createRoutePreloader(environment);
  const warm = createQueryWarmer(environment);
  const preloadAwaitingData: RoutePreloader = (routeKey, query, variables) =>
    preload(routeKey, query, variables, NAVIGATION_DATA_WAIT_MS);

  const context = (
    { request, params }: Pick<LoaderFunctionArgs, 'request' | 'params'>,
    preloader?: RoutePreloader,
  ): LoaderContext => {
    const url = new URL(request.url);
    // The page's first screen, or another than the one on display.
    const opensScreen = shownPathname() !== url.pathname;
    return {
      request,
      params,
      searchParams: url.searchParams,
      preload: preloader ?? (opensScreen ? preloadAwaitingData : preload),
      requireViewer: (options) => requireViewer(environment, request, options),
    };
  };

  /**
   * A screen's loader behind its audience (its own, else its navigation entry's, else its parent's, since loaders
   * of nested routes run together): whoever is not in it gets the 404 page, as the menu does not offer it to them,
   * and its query is not even asked.
   */
  const guardedLoader = (
    screen: Screen,
    audience: NavigationAudience | undefined,
  ): ScreenLoader | undefined => {
    const { loader } = screen;
    if (audience === undefined || audience === 'everyone') return loader;
    return async (loaderContext) => {
      const viewer = await loaderContext.requireViewer();
      const admin = isAdministrator(viewer.permissions);
      if (!audienceIncludes(audience, typologiesFromGraph(viewer.typologies), admin)) {
        throw notFound(screen.key ?? screen.path ?? 'screen');
      }
      return loader === undefined ? null : loader(loaderContext);
    };
  };

  const route = (
    screen: Screen,
    path: string | undefined,
    app: App,
    parentAudience?: NavigationAudience,
  ): RouteObject => {
    const { lazy } = screen;
    const audience = screen.audience ?? screen.navigation?.audience ?? parentAudience;
    const loader = guardedLoader(screen, audience);
    const children = (screen.children ?? []).filter(isBuilt);
    const shouldRevalidate = screen.revalidate && revalidationRules[screen.revalidate];
    return {
      ...(path === undefined ? { index: true } : { path }),
      ...(screen.errors === 'screen' && { errorElement: <ScreenErrorState /> }),
      ...(loader && { loader: (args: LoaderFunctionArgs) => loader(context(args)) }),
      ...(shouldRevalidate && { shouldRevalidate }),
      handle: {
        ...(screen.skeleton && { skeleton: screen.skeleton }),
        // A link pointed at runs the loader with the warmer: the screen's data is in the store when it opens.
        ...(loader && { warm: (args) => loader(context(args, warm)) }),
      } satisfies ScreenHandle,
      ...(lazy && { lazy: failingVisibly(app.firstPageTextsOnly ? lazy : withScreenTexts(lazy)) }),
      ...(children.length > 0 && {
        children: children.map((child) => route(child, child.path, app, audience)),
      }),
    } as RouteObject;
  };

  /** The built top-level screens of a layout, their absolute paths made relative to the root. */
  const screensOf = (layout: ScreenLayout): RouteObject[] =>
    apps.flatMap((app) =>
      app.screens
        .filter((screen) => screen.layout === layout && isBuilt(screen))
        .map((screen) => route(screen, screen.path === '/' ? undefined : screen.path?.slice(1), app)),
    );

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
          // Until the session and the layout's query are there, the frame of the dashboard and the skeleton of
          // the screen being opened: never a blank page with a spinner.
          hydrateFallbackElement: <DashboardSkeleton />,
          element: (
            <Suspense fallback={<DashboardSkeleton />}>
              <DashboardLayout />
            </Suspense>
          ),
          loader: async (args) => {
            const { request, requireViewer: requireSessionViewer, preload: preloadLayout } = context(args);
            const viewer = await requireSessionViewer();
            // A page opened without a selection (a bookmark, a mail link) shows the user's last one.
            const restored = urlWithRememberedSelection(new URL(request.url), viewer.id);
            if (restored !== null) throw redirect(restored);
            return preloadLayout(
              'dashboardLayout',
              screenQuery(
                DashboardLayoutQueryParameters,
                () => import('./__generated__/DashboardLayoutQuery.graphql.ts'),
              ),
              {},
            );
          },
          shouldRevalidate: onlyWhenAskedFor,
          children: screensOf('dashboard'),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
