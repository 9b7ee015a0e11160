import { loadQuery, type PreloadedQuery, usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { GraphQLTaggedNode, IEnvironment, OperationType, VariablesOf } from 'relay-runtime';

export type RoutePreloader = <TQuery extends OperationType>(
  routeKey: string,
  query: GraphQLTaggedNode,
  variables: VariablesOf<TQuery>,
) => PreloadedQuery<TQuery>;

/**
 * Starts a route's query from its loader (render-as-you-fetch). Each route keeps its current reference and the
 * one before it: during a navigation the screen being left still renders the previous one (React keeps it on
 * screen until the new screen is ready), so it is disposed only when the route loads a third time. Navigation
 * thus never retains more than two queries per route.
 */
export function createRoutePreloader(environment: IEnvironment): RoutePreloader {
  const live = new Map<string, { current: { dispose(): void }; previous?: { dispose(): void } }>();
  return <TQuery extends OperationType>(
    routeKey: string,
    query: GraphQLTaggedNode,
    variables: VariablesOf<TQuery>,
  ) => {
    const reference = loadQuery<TQuery>(environment, query, variables, { fetchPolicy: 'store-and-network' });
    const entry = live.get(routeKey);
    entry?.previous?.dispose();
    live.set(routeKey, entry ? { current: reference, previous: entry.current } : { current: reference });
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
