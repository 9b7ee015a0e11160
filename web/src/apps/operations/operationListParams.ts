import { normalizeWasteCode } from '@portal/domain/codes';
import { HISTORY_FILTERS, type HistoryFilter } from '@portal/domain/operations';
import type { UserTypology } from '@portal/domain/typologies';
import type {
  OperationFilter,
  OperationHistoryFilter,
  OperationListPageQuery$variables,
  OperationStatus,
} from '../../__generated__/OperationListPageQuery.graphql.ts';
import { globalId } from '../../relay/globalId.ts';
import { readSelection } from '../dashboard/selection.ts';
import { routeId } from '../errors/notFound.ts';
import { type SkipsTabViewer, skipsSiteSelection } from '../skips/skipsTabParams.ts';

/**
 * The lists of operations (SPEC 2 and 4): the requests and history tabs of `/operations`, the pick-ups of
 * `/mes-enlevements` and what waits for the viewer on `/mes-enlevements/operations-a-valider`. Each reads its
 * filter from the URL (`?filtre=`) and its establishment from the dashboard selection, so a reload or a shared
 * link shows the same list.
 */
export type OperationListMode = 'requests' | 'history' | 'pickups' | 'toValidate';

export const HISTORY_FILTER_PARAM = 'filtre';

type KnownHistoryFilter = Exclude<OperationHistoryFilter, '%future added value'>;

/** URL value of each history filter; the default (all) is left out of the URL. */
export const HISTORY_FILTER_PARAMS: Record<KnownHistoryFilter, string | null> = {
  ALL: null,
  DECLARED: 'flux-declares',
  ASKED: 'demandees',
  ACCEPTED: 'acceptees',
  DONE: 'realisees',
  VALIDATED: 'validees',
  CANCELLED: 'annulees',
};

const HISTORY_FILTER_VALUES = Object.keys(HISTORY_FILTER_PARAMS) as KnownHistoryFilter[];

export function readHistoryFilter(params: URLSearchParams): KnownHistoryFilter {
  const value = params.get(HISTORY_FILTER_PARAM);
  return HISTORY_FILTER_VALUES.find((key) => value !== null && HISTORY_FILTER_PARAMS[key] === value) ?? 'ALL';
}

export function writeHistoryFilter(params: URLSearchParams, filter: KnownHistoryFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const value = HISTORY_FILTER_PARAMS[filter];
  if (value === null) next.delete(HISTORY_FILTER_PARAM);
  else next.set(HISTORY_FILTER_PARAM, value);
  return next;
}

/** The type filter of the history (`?type=`), and the range of wished dates (`?du=`, `?au=`). */
export const TYPE_PARAM = 'type';
export const FROM_PARAM = 'du';
export const TO_PARAM = 'au';
/**
 * The range of real intervention dates (`?realise_du=`, `?realise_au=`): the dates the dashboard counts by, so a
 * figure leads to exactly the operations behind it.
 */
export const REALISED_FROM_PARAM = 'realise_du';
export const REALISED_TO_PARAM = 'realise_au';
/** One waste type (`?dechet=`, its database id): the dashboard's table of wastes leads to its operations. */
export const WASTE_PARAM = 'dechet';
/**
 * One official waste code (`?code_dechet=15 01 01`): a waste type counted under several codes has one row per code
 * on the dashboard, each leading to its own operations.
 */
export const WASTE_CODE_PARAM = 'code_dechet';

/**
 * The waste code of the URL in its official form (`150101` read as `15 01 01`); anything else is ignored (the api
 * checks it is on the official list).
 */
export function readWasteCode(params: URLSearchParams): string | null {
  const value = params.get(WASTE_CODE_PARAM);
  return value === null ? null : normalizeWasteCode(value);
}

export const TYPE_PARAMS = { ROTATION: 'rotations', RETIREMENT: 'retraits', FLOW: 'flux' } as const;
export type TypeFilter = keyof typeof TYPE_PARAMS | 'ALL';

export function readTypeFilter(params: URLSearchParams): TypeFilter {
  const value = params.get(TYPE_PARAM);
  return (
    (Object.keys(TYPE_PARAMS) as (keyof typeof TYPE_PARAMS)[]).find((key) => TYPE_PARAMS[key] === value) ??
    'ALL'
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date of the URL; anything that is not one is ignored. */
export function readDateParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value !== null && ISO_DATE.test(value) ? value : null;
}

/** The URL parameters with one filter written in (the default, empty, is left out); the others are kept. */
export function writeParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

/** Not finished yet: the requests tab. */
const OPEN_STATUSES: OperationStatus[] = [
  'REQUESTED',
  'WAITING',
  'ACCEPTED_WITHOUT_SCHEDULING',
  'SCHEDULED',
  'COMPLETED',
];

/** Who has operations waiting for them: producers and providers; a carrier only reads what it carries. */
export const TO_VALIDATE_AUDIENCE = ['producer', 'retriever'] as const satisfies readonly UserTypology[];

/**
 * What waits for the viewer: a producer validates what its providers completed; a provider accepts its clients'
 * requests and completes what it scheduled (domain/operations.ts, who makes each move).
 */
export function statusesToValidate(viewer: SkipsTabViewer): OperationStatus[] {
  return viewer.ownSiteTypology === 'RETRIEVER'
    ? ['REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED']
    : ['COMPLETED'];
}

/** The route query's variables for a URL and a mode. */
export function operationListVariables(
  mode: OperationListMode,
  viewer: SkipsTabViewer,
  params: URLSearchParams,
): OperationListPageQuery$variables {
  const { siteId } = skipsSiteSelection(viewer, readSelection(params));
  const site = siteId === null ? null : routeId(String(siteId));
  const establishmentId = site === null ? null : globalId('Establishment', site);
  const filtered = mode === 'history' || mode === 'pickups';
  const history = filtered ? readHistoryFilter(params) : 'ALL';
  const statuses =
    mode === 'requests' ? OPEN_STATUSES : mode === 'toValidate' ? statusesToValidate(viewer) : null;
  const type = filtered ? readTypeFilter(params) : 'ALL';
  const requestedFrom = filtered ? readDateParam(params, FROM_PARAM) : null;
  const requestedTo = filtered ? readDateParam(params, TO_PARAM) : null;
  const realisedFrom = filtered ? readDateParam(params, REALISED_FROM_PARAM) : null;
  const realisedTo = filtered ? readDateParam(params, REALISED_TO_PARAM) : null;
  const wasteId = filtered ? routeId(params.get(WASTE_PARAM) ?? '') : null;
  const wasteCode = filtered ? readWasteCode(params) : null;
  return {
    filter: {
      history,
      statuses,
      establishmentId,
      ...(type === 'ALL' ? {} : { types: [type] }),
      ...(requestedFrom ? { requestedFrom } : {}),
      ...(requestedTo ? { requestedTo } : {}),
      ...(realisedFrom ? { realisedFrom } : {}),
      ...(realisedTo ? { realisedTo } : {}),
      ...(wasteId === null ? {} : { thirdLevelWasteId: globalId('ThirdLevelWaste', wasteId) }),
      ...(wasteCode === null ? {} : { wasteCode }),
    },
    siteId: site ?? 0,
    withSite: site !== null,
    withPrograms: mode === 'requests',
    wasteTypeId: globalId('ThirdLevelWaste', wasteId ?? 0),
    withWaste: wasteId !== null,
  };
}

/**
 * Whether an operation, as a move or a completion left it, still belongs in a list of that filter: what those
 * change is its status and its real intervention date (the others, its type, site or waste, stay).
 */
export function operationFilterHolds(
  filter: OperationFilter,
  operation: { status: string; realInterventionDate: string | null },
): boolean {
  const { status, realInterventionDate: realised } = operation;
  if (filter.statuses?.length && !(filter.statuses as readonly string[]).includes(status)) return false;
  const history = filter.history ? HISTORY_FILTERS[filter.history.toLowerCase() as HistoryFilter] : undefined;
  if (history && !(history.statuses as readonly string[]).includes(status)) return false;
  if (filter.realisedFrom && !(realised && realised >= filter.realisedFrom)) return false;
  if (filter.realisedTo && !(realised && realised <= filter.realisedTo)) return false;
  return true;
}
