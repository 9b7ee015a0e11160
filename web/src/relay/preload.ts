import { loadQuery, type PreloadedQuery, usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { GraphQLTaggedNode, IEnvironment, OperationType, VariablesOf } from 'relay-runtime';

export type RoutePreloader = <TQuery extends OperationType>(
  routeKey: string,
  query: GraphQLTaggedNode,
  variables: VariablesOf<TQuery>,
) => PreloadedQuery<TQuery>;

/**
 * Starts a route's query from its loader (render-as-you-fetch). Each route keeps one live reference: loading a
 * route again disposes the previous one, so navigation does not retain every query ever made. Released data
 * stays in Relay's release buffer a while, so the screen being left keeps rendering until it unmounts.
 */
export function createRoutePreloader(environment: IEnvironment): RoutePreloader {
  const live = new Map<string, { dispose(): void }>();
  return <TQuery extends OperationType>(
    routeKey: string,
    query: GraphQLTaggedNode,
    variables: VariablesOf<TQuery>,
  ) => {
    const reference = loadQuery<TQuery>(environment, query, variables, { fetchPolicy: 'store-and-network' });
    live.get(routeKey)?.dispose();
    live.set(routeKey, reference);
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
