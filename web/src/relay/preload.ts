import { useEffect, useState } from 'react';
import {
  fetchQuery,
  loadQuery,
  type PreloadedQuery,
  useLazyLoadQuery,
  usePreloadedQuery,
  useRelayEnvironment,
} from 'react-relay';
import { useLoaderData, useLocation } from 'react-router-dom';
import {
  type ConcreteRequest,
  createOperationDescriptor,
  type GraphQLTaggedNode,
  getRequest,
  type IEnvironment,
  type OperationType,
  type PreloadableConcreteRequest,
  PreloadableQueryRegistry,
  type VariablesOf,
} from 'relay-runtime';

/**
 * A screen query's generated artifact, imported as its route loads (`() => import('…Query.graphql.ts')`): the
 * artifacts of every screen then stay out of the chunks the app starts with, and each comes with its screen.
 */
export type QueryImport = () => Promise<{ default: GraphQLTaggedNode }>;

/**
 * A route's query: what sends it, and its artifact. A `@preloadable` query's parameters (its `$parameters` module:
 * its persisted id and name, a few bytes in the route's chunk) send it at once, while its artifact, which the
 * answer needs to be read into the store, is imported beside it: the request no longer waits for the artifact's
 * chunk. A query the app holds already (the dashboard's) is its own parameters (`heldQuery`).
 */
export interface ScreenQuery<TQuery extends OperationType = OperationType> {
  parameters: PreloadableConcreteRequest<TQuery> | ConcreteRequest;
  artifact: QueryImport;
}

/** A `@preloadable` query: its `$parameters` module and its artifact's import. */
export const screenQuery = <TQuery extends OperationType>(
  parameters: PreloadableConcreteRequest<TQuery>,
  artifact: QueryImport,
): ScreenQuery<TQuery> => ({ parameters, artifact });

/** A query whose artifact the app already holds. */
export const heldQuery = (artifact: ConcreteRequest): ScreenQuery => ({
  parameters: artifact,
  artifact: async () => ({ default: artifact }),
});

/** Starts a route's query (not its data: the screen suspends on that); resolves once its artifact is there too. */
export type RoutePreloader = <TQuery extends OperationType>(
  routeKey: string,
  query: ScreenQuery<TQuery>,
  variables: VariablesOf<TQuery>,
) => Promise<PreloadedQuery<TQuery>>;

/**
 * The same, and how long to wait for the data too (`dataWaitMs`), the query started: see `NAVIGATION_DATA_WAIT_MS`.
 */
export type ScreenPreloader = <TQuery extends OperationType>(
  routeKey: string,
  query: ScreenQuery<TQuery>,
  variables: VariablesOf<TQuery>,
  dataWaitMs?: number,
) => Promise<PreloadedQuery<TQuery>>;

/**
 * Whether the store holds the query's data. Its artifact is needed to tell: a held query's own, or a `@preloadable`
 * one's once its module has been imported (it registers itself). A query whose artifact this page never imported
 * has never been asked here, so the store cannot hold its data.
 */
function storeHolds(environment: IEnvironment, { parameters }: ScreenQuery, variables: object): boolean {
  if (parameters.kind === 'Request') return isInStore(environment, parameters, variables);
  const { id } = parameters.params;
  const artifact = id ? PreloadableQueryRegistry.get(id) : null;
  return artifact != null && isInStore(environment, artifact, variables);
}

/** Sends the query and imports its artifact meanwhile; resolves to its reference once the artifact is there. */
async function startQuery<TQuery extends OperationType>(
  environment: IEnvironment,
  query: ScreenQuery<TQuery>,
  variables: VariablesOf<TQuery>,
  fetchPolicy: 'store-only' | 'store-and-network' | 'store-or-network',
): Promise<PreloadedQuery<TQuery>> {
  const imported = query.artifact();
  const reference = loadQuery<TQuery>(environment, query.parameters, variables, { fetchPolicy });
  try {
    await imported;
  } catch (error) {
    reference.dispose();
    throw error;
  }
  return reference;
}

/**
 * How long the opening of a screen (the page's first, or another than the one on display) waits for its data,
 * what is on display staying meanwhile: the page's skeleton, or the screen being left, marked busy
 * (`usePendingNavigation`). A screen whose data came in that time is drawn whole, in one go. Without the wait, a
 * screen whose layout is new (the dashboard's frame on a first load, a tabbed screen, the home with its figures)
 * showed its skeleton at once, and React, which holds content back until a skeleton it has just shown has stayed
 * 300 ms (so that content does not flash in piece by piece), drew the data that long after it came. Data slower
 * than this shows the screen's skeleton, then the data, as before.
 */
export const NAVIGATION_DATA_WAIT_MS = 600;

/**
 * Starts a route's query from its loader (render-as-you-fetch): from the store and the network, or from the store
 * alone when the browser is offline and the store holds it. Each route keeps its current reference and the
 * one before it: during a navigation the screen being left still renders the previous one (React keeps it on
 * screen until the new screen is ready), so it is disposed only when the route loads a third time. Navigation
 * thus never retains more than two queries per route.
 */
export function createRoutePreloader(environment: IEnvironment): ScreenPreloader {
  const live = new Map<string, { current: { dispose(): void }; previous?: { dispose(): void } }>();
  return async <TQuery extends OperationType>(
    routeKey: string,
    query: ScreenQuery<TQuery>,
    variables: VariablesOf<TQuery>,
    dataWaitMs = 0,
  ) => {
    // Offline, a screen already seen shows its last data (the banner says the portal is offline) instead of failing.
    // Online, data in the store (a hovered link fetched it) shows at once while the network refreshes it.
    const inStore = storeHolds(environment, query, variables);
    const reference = await startQuery(
      environment,
      query,
      variables,
      !navigator.onLine && inStore ? 'store-only' : 'store-and-network',
    );
    const entry = live.get(routeKey);
    entry?.previous?.dispose();
    live.set(routeKey, entry ? { current: reference, previous: entry.current } : { current: reference });
    if (dataWaitMs > 0 && !inStore) await settled(reference, dataWaitMs);
    return reference;
  };
}

/**
 * Resolves once the query's request has answered or failed (its failure is the screen's to show, as it reads the
 * reference), or after `ms`, whichever comes first.
 */
function settled(reference: PreloadedQuery<OperationType>, ms: number): Promise<void> {
  const { source } = reference;
  if (!source) return Promise.resolve();
  return new Promise((resolve) => {
    let subscription: { unsubscribe(): void } | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, ms);
    // The request's outcome is replayed to a late subscriber, possibly at once.
    subscription = source.subscribe({ complete: finish, error: finish });
    if (done) subscription.unsubscribe();
  });
}

/** How long the data a hovered link fetched stays in the store, unless its screen is opened and keeps it. */
export const WARM_RETENTION_MS = 30_000;

/**
 * A preloader for links the user points at (hover, focus): a screen's loader run with it fetches the screen's data
 * into the store, kept there 30 s, so that the screen opens at once if the link is followed (its own load then
 * refreshes it). It takes no place of the routes' own references (`createRoutePreloader`): the screen on display
 * keeps its data.
 */
export function createQueryWarmer(environment: IEnvironment): RoutePreloader {
  return async <TQuery extends OperationType>(
    _routeKey: string,
    query: ScreenQuery<TQuery>,
    variables: VariablesOf<TQuery>,
  ) => {
    const reference = await startQuery(environment, query, variables, 'store-or-network');
    setTimeout(() => reference.dispose(), WARM_RETENTION_MS);
    return reference;
  };
}

/** Reads the query the route's loader started (the loader returns the preloaded query reference). */
export function usePreloadedRouteQuery<TQuery extends OperationType>(
  query: GraphQLTaggedNode,
): TQuery['response'] {
  const reference = useLoaderData() as PreloadedQuery<TQuery>;
  return usePreloadedQuery<TQuery>(query, reference);
}

/** The variables the route's loader started its query with (a list's filter, to tell what the list holds). */
export function usePreloadedRouteVariables<TQuery extends OperationType>(): TQuery['variables'] {
  return (useLoaderData() as PreloadedQuery<TQuery>).variables;
}

/**
 * Reads the query the route's loader started, keeping the data on screen while the loader's next query loads: a
 * list whose filters, search or selection live in the URL runs its loader again on each change, and until the
 * new data is in the store the screen renders the previous data (`loading`: to mark it busy, `UpdatingRegion`) instead
 * of suspending. React Router renders the change in a transition, which would otherwise hold the whole page, its
 * filters included, on the previous URL until the data arrives. The first data of a screen suspends as usual (its
 * skeleton shows); a new query that fails is thrown to the screen's error state, as a first load's failure is.
 * The loader's query is what fetches; this reads the store, with the variables of the data on screen.
 */
export function useKeptRouteQuery<TQuery extends OperationType>(
  query: GraphQLTaggedNode,
): { data: TQuery['response']; variables: TQuery['variables']; loading: boolean } {
  const environment = useRelayEnvironment();
  const reference = useLoaderData() as PreloadedQuery<TQuery>;
  const { pathname } = useLocation();
  const wanted = reference.variables;
  const [shown, setShown] = useState({ variables: wanted, pathname });
  const [failure, setFailure] = useState<{ variables: VariablesOf<TQuery>; error: Error } | null>(null);
  // Only a change of the search keeps the data: another screen drawn by the same component (a tab of the same
  // list) is another list, which waits as a page does (`usePendingNavigation`). A next query whose data the store
  // already holds (a filter chosen again) shows at once.
  const ready =
    shown.variables === wanted || shown.pathname !== pathname || isInStore(environment, query, wanted);
  useEffect(() => {
    if (shown.variables === wanted) return;
    // The loader's own request, whose outcome is replayed to a late subscriber (an answer, or a failure, that came
    // before this effect); without one, the store or the network.
    const source =
      reference.source ?? fetchQuery<TQuery>(environment, query, wanted, { fetchPolicy: 'store-or-network' });
    const subscription = source.subscribe({
      complete: () => setShown({ variables: wanted, pathname }),
      error: (error: Error) => setFailure({ variables: wanted, error }),
    });
    return () => subscription.unsubscribe();
  }, [environment, query, reference, wanted, pathname, shown]);
  if (failure?.variables === wanted) throw failure.error;
  const variables = ready ? wanted : shown.variables;
  const data = useLazyLoadQuery<TQuery>(query, variables, { fetchPolicy: 'store-or-network' });
  return { data, variables, loading: !ready };
}

function isInStore(environment: IEnvironment, query: GraphQLTaggedNode, variables: object): boolean {
  const operation = createOperationDescriptor(getRequest(query), variables);
  return environment.check(operation).status === 'available';
}
