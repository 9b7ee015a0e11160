import type { SkipState, SkipsTabQuery$variables } from '../../__generated__/SkipsTabQuery.graphql.ts';
import { globalId } from '../../relay/globalId.ts';
import { readSelection } from '../dashboard/selection.ts';
import { routeId } from '../errors/notFound.ts';

/**
 * What the containers tab shows, read from the URL so that a reload or a shared link shows the same list: the
 * site of the dashboard selection (SPEC 4) and the state filter (`?etat=archives`). Archived containers are
 * hidden unless the filter asks for them (SPEC 4, skip lifecycle).
 */
export const STATE_FILTER_PARAM = 'etat';

export type KnownSkipState = Exclude<SkipState, '%future added value'>;

/** URL value of each filter (the default, in-service containers, is left out of the URL) and its states. */
export const STATE_FILTERS = {
  inService: { param: null, states: ['AVAILABLE', 'ORDERED'] },
  available: { param: 'disponibles', states: ['AVAILABLE'] },
  ordered: { param: 'commandes', states: ['ORDERED'] },
  archived: { param: 'archives', states: ['ARCHIVED'] },
  all: { param: 'tous', states: null },
} as const satisfies Record<string, { param: string | null; states: readonly KnownSkipState[] | null }>;

export type StateFilter = keyof typeof STATE_FILTERS;

export const STATE_FILTER_KEYS = Object.keys(STATE_FILTERS) as StateFilter[];

export function readStateFilter(params: URLSearchParams): StateFilter {
  const value = params.get(STATE_FILTER_PARAM);
  return STATE_FILTER_KEYS.find((key) => value !== null && STATE_FILTERS[key].param === value) ?? 'inService';
}

/** The URL parameters with the filter written in; every other parameter is kept. */
export function writeStateFilter(params: URLSearchParams, filter: StateFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const value = STATE_FILTERS[filter].param;
  if (value === null) next.delete(STATE_FILTER_PARAM);
  else next.set(STATE_FILTER_PARAM, value);
  return next;
}

/** Which side of the mirror views the viewer is on (SPEC 1), as the session query gives it. */
export interface SkipsTabViewer {
  ownSiteTypology: string;
  isRetriever: boolean;
}

/**
 * The site whose containers are shown: a producer's selected establishment (and chantier); for a provider, the
 * selected client site (and its chantier), since containers stand on their producers' sites.
 */
export function skipsSiteSelection(
  viewer: SkipsTabViewer,
  selection: {
    establishmentId: number | null;
    entityId: number | null;
    clientId: number | null;
    clientEntityId: number | null;
  },
): { siteId: number | null; entityId: number | null } {
  const provider = viewer.ownSiteTypology === 'RETRIEVER';
  const siteId = provider ? selection.clientId : selection.establishmentId;
  const entityId = provider ? selection.clientEntityId : selection.entityId;
  return { siteId, entityId: siteId === null ? null : entityId };
}

/** The route query's variables for a URL: ids beyond the graph's `Int` name nothing. */
export function skipsTabVariables(viewer: SkipsTabViewer, params: URLSearchParams): SkipsTabQuery$variables {
  const requested = skipsSiteSelection(viewer, readSelection(params));
  const siteId = requested.siteId === null ? null : routeId(String(requested.siteId));
  const entityId = requested.entityId === null ? null : routeId(String(requested.entityId));
  const states = STATE_FILTERS[readStateFilter(params)].states;
  const clients = viewer.ownSiteTypology === 'RETRIEVER';
  return {
    siteId: siteId ?? 0,
    withSite: siteId !== null,
    entityId: siteId !== null && entityId !== null ? globalId('Entity', entityId) : null,
    states: states === null ? null : [...states],
    provider: viewer.isRetriever,
    // No site chosen: every one's containers, grouped (own establishments, or a provider's clients' sites).
    ownGroups: siteId === null && !clients,
    clientGroups: siteId === null && clients,
  };
}

/** The list a container may join or leave after a change: its connection and what the list shows. */
export interface SkipListScope {
  connectionId: string;
  /** The states shown; null for all. */
  states: readonly KnownSkipState[] | null;
  /** The chantier the list is narrowed to (global id); null for the whole site. */
  entityId: string | null;
}

/** Whether a container in that state (and on that chantier) belongs to the list. */
export function scopeShows(scope: SkipListScope, skip: { state: string; entityId: string | null }): boolean {
  const stateShown = scope.states === null || (scope.states as readonly string[]).includes(skip.state);
  return stateShown && (scope.entityId === null || scope.entityId === skip.entityId);
}
