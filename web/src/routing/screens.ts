import { adminPermissions } from '@portal/domain/permissions';
import { ownSiteTypology, type UserTypology } from '@portal/domain/typologies';
import type { ComponentType, ReactNode } from 'react';
import type { Params, ShouldRevalidateFunction } from 'react-router-dom';
import type { viewerSessionQuery } from '../__generated__/viewerSessionQuery.graphql.ts';
import type { SkeletonKind } from '../components/Skeletons.tsx';
import type { TranslationResource } from '../i18n/fr.ts';
import { loadScreenTexts } from '../i18n/index.ts';
import type { RoutePreloader, ScreenQuery } from '../relay/preload.ts';

/**
 * The kit of the apps' route files (`apps/<app>/routes.tsx`): each app declares its screens once (path, layout,
 * loader, lazy component, error element, revalidation, navigation entry), and the route table
 * (`routes.tsx`), the paths (`paths.ts`) and the side navigation (`navigation.ts`) are derived from them.
 *
 * A route file must not import `paths.ts`, `navigation.ts` or the registry, even indirectly: they are computed
 * from the route files, and the import cycle would leave them undefined. What a loader needs of the session
 * comes through its context instead.
 */

export type NavigationLabelKey = `nav.${keyof TranslationResource['nav']}`;

/**
 * A role of an audience: a typology, or `admin`, the operator's administrators (SPEC 6: the `admin:manage`
 * permission, which no customer has; administrators have no typology).
 */
export type AudienceRole = UserTypology | 'admin';

/**
 * Who sees an entry: some roles, everyone, or one side of the mirror views (SPEC 1): `{ side: 'producer' }`
 * for screens about my providers, `{ side: 'retriever' }` for screens about my clients. The side is the user's
 * own site typology, as in the graph, so a user with both typologies never gets an entry that leads to a 404.
 */
export type NavigationAudience = readonly AudienceRole[] | 'everyone' | { side: 'producer' | 'retriever' };

/** Every typology: the screens of every signed-in user but the common ones (help, contact, profile). */
export const ALL_ROLES: readonly UserTypology[] = ['producer', 'retriever', 'carrier'];

/** The typologies of a viewer read through the graph's flags (`isProducer`, `isRetriever`, `isCarrier`). */
export function typologiesOfViewer(viewer: {
  isProducer: boolean;
  isRetriever: boolean;
  isCarrier: boolean;
}): UserTypology[] {
  return ALL_ROLES.filter(
    (typology) =>
      ({ producer: viewer.isProducer, retriever: viewer.isRetriever, carrier: viewer.isCarrier })[typology],
  );
}

/** Whether a user's permissions (the graph's `User.permissions`) make them an administrator of the operator. */
export function isAdministrator(permissions: readonly string[]): boolean {
  return adminPermissions.every((permission) => permissions.includes(permission));
}

/**
 * Whether a user of these typologies (and an administrator or not) is in the audience. A side is the user's own
 * site typology (a carrier, who has no client or provider site of its own, is on the retriever's side: its
 * clients are producer sites).
 */
export function audienceIncludes(
  audience: NavigationAudience,
  typologies: readonly UserTypology[],
  admin = false,
): boolean {
  if (audience === 'everyone') return true;
  if ('side' in audience) return typologies.length > 0 && ownSiteTypology(typologies) === audience.side;
  return audience.some((role) => (role === 'admin' ? admin : typologies.includes(role)));
}

/** A screen's entry in the side navigation. */
export interface ScreenNavigation {
  labelKey: NavigationLabelKey;
  audience: NavigationAudience;
  /** Its place: entries are sorted by it across apps (inside a group, among the group's entries). */
  order: number;
  /** The key of the group it belongs to (an app's `navigationGroups`). */
  group?: string;
}

/** A heading of the side navigation that gathers entries (e.g. "Mon activité"). */
export interface NavigationGroupSpec {
  key: string;
  labelKey: NavigationLabelKey;
  audience: NavigationAudience;
  order: number;
}

/** The signed-in user of the route guards (`relay/viewerSession.ts`, which needs the paths: not imported here). */
type SessionViewer = NonNullable<viewerSessionQuery['response']['viewer']>;

/** What a screen's loader is given: the request, and the session and query helpers of the route table. */
export interface LoaderContext {
  request: Request;
  params: Params;
  searchParams: URLSearchParams;
  /** Starts a query the screen reads with `usePreloadedRouteQuery` (render-as-you-fetch). */
  preload: RoutePreloader;
  /** Anonymous users go to the login page, users who have not accepted the terms to /cgu (a thrown redirect). */
  requireViewer: (options?: { allowPendingTerms?: boolean }) => Promise<SessionViewer>;
}

export type ScreenLoader = (context: LoaderContext) => unknown;

/** What a screen's lazy import gives: a component, or an element (to pass props). */
export type LazyScreen = () => Promise<{ Component: ComponentType } | { element: ReactNode }>;

/**
 * The layouts of SPEC 2 a top-level screen is drawn in: the auth card (`authWide` for long text), or the
 * dashboard (header, selection, side navigation). The tabs and help layouts are sections of the dashboard: a
 * screen whose component draws `TabsLayout` or `HelpLayout` lists its tabs or pages as `children`.
 */
export type ScreenLayout = 'auth' | 'authWide' | 'dashboard';

/**
 * When a screen's loader runs again: `always` (React Router's default), or `unlessOnlySearchChanged` for
 * screens whose query does not depend on the search (they refetch themselves) or whose list refetches its own.
 */
export type Revalidation = 'always' | 'unlessOnlySearchChanged';

export interface Screen {
  /** Its name in `paths` (and the navigation's key); optional for an index child. */
  key?: string;
  /** Absolute for a top-level screen (`/mes-couts`); relative to the parent for a child; absent: the parent's index. */
  path?: string;
  /** Top-level screens only. */
  layout?: ScreenLayout;
  /** Reachable without a session (the login pages). */
  public?: boolean;
  loader?: ScreenLoader;
  /** The screen's component, in its own chunk. A screen without one is not built yet: no route, a disabled entry. */
  lazy?: LazyScreen;
  /** `screen`: a failure of its loader or component is shown in place, inside the dashboard. Else the root's. */
  errors?: 'screen';
  revalidate?: Revalidation;
  /**
   * The shape the screen takes while its first data loads (a list's rows, figures' cards, a detail's lines), in
   * place of the screen: on a first visit, and when its layout first shows it. Later changes of the URL keep the
   * screen on screen until the next one is ready (see `usePendingNavigation`, `useKeptRouteQuery`).
   */
  skeleton?: SkeletonKind;
  navigation?: ScreenNavigation;
  /**
   * Who may open it, when not its navigation entry's audience (a tab without an entry): anyone else gets the 404
   * page, so that the menu and what may be opened never disagree.
   */
  audience?: NavigationAudience;
  /** Sub-screens drawn inside this screen's component (tabs), or routes under its path. */
  children?: readonly Screen[];
}

export interface App {
  /** The app's folder under `apps/`. */
  name: string;
  screens: readonly Screen[];
  navigationGroups?: readonly NavigationGroupSpec[];
  /**
   * Its screens read only the text of the first page (`i18n/fr.ts`), so they open without waiting for the other
   * screens' (`loadScreenTexts`): the dashboard's, the first page of a visit.
   */
  firstPageTextsOnly?: true;
}

/** What a screen's route carries for the layouts (React Router's `handle`, read with `useMatches`). */
export interface ScreenHandle {
  skeleton?: SkeletonKind;
  /** Fetches the screen's data ahead of a navigation (a link hovered or focused), without opening it. */
  warm?: (args: { request: Request; params: Params }) => unknown;
}

/** Declares an app's screens, keeping their keys' literal types (for `paths`). */
export function defineApp<const A extends App>(app: A): A {
  return app;
}

type KeysOf<S> = S extends { key: infer K extends string } ? K | ChildKeysOf<S> : ChildKeysOf<S>;
type ChildKeysOf<S> = S extends { children: readonly (infer C)[] } ? KeysOf<C> : never;

/** The keys of every screen of some apps. */
export type ScreenKey<Apps extends readonly App[]> = KeysOf<Apps[number]['screens'][number]>;

/** A screen with its full path, as the tree of an app gives it. */
export interface PlacedScreen {
  screen: Screen;
  /** `/mes-etablissements/:id` */
  fullPath: string;
  parent: PlacedScreen | null;
}

const joinPath = (parent: string, path: string | undefined) =>
  path === undefined ? parent : parent === '/' ? `/${path}` : `${parent}/${path}`;

/** Every screen of the apps with its full path, parents before their children, in declaration order. */
export function placedScreens(apps: readonly App[]): PlacedScreen[] {
  const placed: PlacedScreen[] = [];
  const visit = (screen: Screen, parent: PlacedScreen | null) => {
    const fullPath = parent === null ? (screen.path ?? '/') : joinPath(parent.fullPath, screen.path);
    const entry = { screen, fullPath, parent };
    placed.push(entry);
    for (const child of screen.children ?? []) visit(child, entry);
  };
  for (const app of apps) for (const screen of app.screens) visit(screen, null);
  return placed;
}

/** A screen has a route when it has a component, or children that have one. */
export function isBuilt(screen: Screen): boolean {
  return screen.lazy !== undefined || (screen.children ?? []).some(isBuilt);
}

/**
 * Changing only the search parameters (the selection ?etablissement=, a list's ?q=) does not run the loader
 * again: the screens' queries do not depend on the selection, and the lists refetch their own search.
 */
export const unlessOnlySearchChanged: ShouldRevalidateFunction = ({
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
export const onlyWhenAskedFor: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false);

export const revalidationRules: Record<Revalidation, ShouldRevalidateFunction | undefined> = {
  always: undefined,
  unlessOnlySearchChanged,
};

/** The loader of a screen whose query takes no variables: the session is checked, then the query starts. */
export function viewerQuery(
  routeKey: string,
  query: ScreenQuery,
  options: { allowPendingTerms?: boolean } = {},
): ScreenLoader {
  return async ({ requireViewer, preload }) => {
    await requireViewer(options);
    return preload(routeKey, query, {});
  };
}

/** A screen's import that also waits for the other screens' text (`loadScreenTexts`), fetched alongside. */
export function withScreenTexts(lazy: LazyScreen): LazyScreen {
  return async () => (await Promise.all([lazy(), loadScreenTexts()]))[0];
}

/**
 * A screen's import whose failure (a deployment removed its chunk) renders as the screen, so that it reaches the
 * error boundaries (the root one reloads the page, on the address asked for): React Router renders nothing at all
 * for a route whose `lazy` rejected, as if it were still loading. Vite's 'vite:preloadError' event is not the place
 * to reload: it fires on the page being left, and for a mere hover's preload.
 */
export function failingVisibly(lazy: LazyScreen): LazyScreen {
  return () =>
    lazy().catch((error: unknown) => ({
      Component() {
        throw error;
      },
    }));
}
