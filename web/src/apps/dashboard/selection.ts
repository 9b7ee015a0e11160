import { idFromIri } from '@portal/domain/iri';

/**
 * The dashboard selection of SPEC 3 and 4, and the rules of SPEC 2 that apply to it. It lives in the URL (it
 * survives a reload and can be shared); this module owns every rule, as pure functions over plain values.
 *
 * - An establishment (and optionally one of its chantiers) and, for retrievers, a client site (and optionally
 *   one of its chantiers) select what the dashboard shows.
 * - A company filter and a location filter (a department or a city) narrow it instead: choosing one clears the
 *   establishment and client selections, and choosing an establishment or client clears them (last choice wins).
 * - The filters apply only on `/` and `/details`; anywhere else they are cleared (the selection is kept).
 * - A user with exactly one establishment and no filter has it selected automatically.
 * - The last selection is kept per user (`selectionMemory.ts`) and restored on a page opened without one.
 */
export const SELECTION_PARAMS = {
  establishment: 'etablissement',
  entity: 'chantier',
  client: 'client',
  clientEntity: 'chantierClient',
  company: 'societe',
  location: 'lieu',
} as const;

/**
 * The dashboard's year (`?annee=`, SPEC 3 "Dashboard selection"): a new choice of establishment, client or filter
 * drops it, so that the latest year of the new scope is the one shown (SPEC 4).
 */
export const YEAR_PARAM = 'annee';

/** The month of the monthly views (`?mois=`, 1 to 12; `/details`, `/mes-couts`): kept across a new selection. */
export const MONTH_PARAM = 'mois';

export interface DashboardSelection {
  establishmentId: number | null;
  entityId: number | null;
  clientId: number | null;
  clientEntityId: number | null;
  companyId: number | null;
  /** A department code ('69', '2A', '971') or a city name. */
  location: string | null;
}

export const EMPTY_SELECTION: DashboardSelection = {
  establishmentId: null,
  entityId: null,
  clientId: null,
  clientEntityId: null,
  companyId: null,
  location: null,
};

/** Which side of the mirror views (SPEC 1) a site is on for the user: one of theirs, or a linked one. */
export type SiteSide = 'own' | 'linked';

/**
 * What the user may select. Their establishments are not all known here (a user may have thousands): an
 * establishment or client the URL names is taken as asked until the api has answered for it (`checkedSites`).
 */
export interface SelectionOptions {
  /** The user's establishment when they have exactly one (selected for them, SPEC 2); else null. */
  soleEstablishmentId: number | null;
  /** Retrievers choose a client site too; the others' client selection is dropped. */
  choosesClients: boolean;
  companyIds: readonly number[];
  /**
   * What the api answered for the sites the URL named: the side they are on for the user, or null for a site the
   * user does not see. A site not answered for yet is absent.
   */
  checkedSites: ReadonlyMap<number, SiteSide | null>;
}

/** SPEC 2: the company and location filters only live on these paths. */
export const FILTER_PATHS: readonly string[] = ['/', '/details'];

export function filtersApplyOn(pathname: string): boolean {
  const normalized = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return FILTER_PATHS.includes(normalized);
}

/** The selection as the URL asks for it; ids read with `idFromIri` ('all', 'null' and empty mean none). */
export function readSelection(params: URLSearchParams): DashboardSelection {
  const location = params.get(SELECTION_PARAMS.location)?.trim() ?? '';
  return {
    establishmentId: idFromIri(params.get(SELECTION_PARAMS.establishment)),
    entityId: idFromIri(params.get(SELECTION_PARAMS.entity)),
    clientId: idFromIri(params.get(SELECTION_PARAMS.client)),
    clientEntityId: idFromIri(params.get(SELECTION_PARAMS.clientEntity)),
    companyId: idFromIri(params.get(SELECTION_PARAMS.company)),
    location: location === '' ? null : location,
  };
}

/** The URL parameters with the selection written in; every other parameter is kept. */
export function writeSelection(params: URLSearchParams, selection: DashboardSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<keyof DashboardSelection, string | null> = {
    establishmentId: selection.establishmentId === null ? null : String(selection.establishmentId),
    entityId: selection.entityId === null ? null : String(selection.entityId),
    clientId: selection.clientId === null ? null : String(selection.clientId),
    clientEntityId: selection.clientEntityId === null ? null : String(selection.clientEntityId),
    companyId: selection.companyId === null ? null : String(selection.companyId),
    location: selection.location,
  };
  const names: Record<keyof DashboardSelection, string> = {
    establishmentId: SELECTION_PARAMS.establishment,
    entityId: SELECTION_PARAMS.entity,
    clientId: SELECTION_PARAMS.client,
    clientEntityId: SELECTION_PARAMS.clientEntity,
    companyId: SELECTION_PARAMS.company,
    location: SELECTION_PARAMS.location,
  };
  for (const key of Object.keys(names) as (keyof DashboardSelection)[]) {
    const value = values[key];
    if (value === null) next.delete(names[key]);
    else next.set(names[key], value);
  }
  return next;
}

/** A site the URL names stays selected unless the api answered that it is not on that side for the user. */
function mayKeep(options: SelectionOptions, siteId: number | null, side: SiteSide): siteId is number {
  if (siteId === null) return false;
  const checked = options.checkedSites.get(siteId);
  return checked === undefined || checked === side;
}

/**
 * SPEC 2: a requested establishment that is one of the user's stays selected; otherwise, when the user has
 * exactly one establishment, it is selected; otherwise nothing is.
 */
export function resolveEstablishmentSelection(
  options: SelectionOptions,
  requested: number | string | null,
): number | null {
  const requestedId = idFromIri(requested);
  if (mayKeep(options, requestedId, 'own')) return requestedId;
  return options.soleEstablishmentId;
}

/**
 * What remains of a requested selection on a path, given what the user may select. A location filter is kept as
 * asked: the dashboard's filters, which know the user's locations, drop one that is not theirs
 * (`resolveLocationFilter`).
 */
export function resolveSelection(
  requested: DashboardSelection,
  options: SelectionOptions,
  pathname: string,
): DashboardSelection {
  const filters = filtersApplyOn(pathname);
  const companyId =
    filters && requested.companyId !== null && options.companyIds.includes(requested.companyId)
      ? requested.companyId
      : null;
  const location = filters ? requested.location : null;
  if (companyId !== null || location !== null) return { ...EMPTY_SELECTION, companyId, location };

  const establishmentId = resolveEstablishmentSelection(options, requested.establishmentId);
  const clientId =
    options.choosesClients && mayKeep(options, requested.clientId, 'linked') ? requested.clientId : null;
  return {
    ...EMPTY_SELECTION,
    establishmentId,
    // A chantier belongs to the establishment the URL named: an establishment chosen for the user drops it.
    entityId:
      establishmentId !== null && establishmentId === requested.establishmentId ? requested.entityId : null,
    clientId,
    clientEntityId: clientId === null ? null : requested.clientEntityId,
  };
}

/** A location filter stays only when it is one of the user's locations (`locationsOf`). */
export function resolveLocationFilter(
  locations: { departments: readonly string[]; cities: readonly string[] },
  requested: string | null,
): string | null {
  if (requested === null) return null;
  return locations.departments.includes(requested) || locations.cities.includes(requested) ? requested : null;
}

/** A requested chantier stays selected only when it is one of the selected site's chantiers. */
export function resolveEntitySelection(
  availableIds: readonly number[],
  requested: number | null,
): number | null {
  return requested !== null && availableIds.includes(requested) ? requested : null;
}

/** SPEC 4: choosing an establishment (optionally with a chantier) sets it and clears the filters. */
export function chooseEstablishment(
  current: DashboardSelection,
  establishmentId: number | null,
  entityId: number | null = null,
): DashboardSelection {
  return {
    ...current,
    establishmentId,
    entityId: establishmentId === null ? null : entityId,
    companyId: null,
    location: null,
  };
}

/** SPEC 4: choosing a client site (optionally with a chantier) sets it and clears the filters. */
export function chooseClient(
  current: DashboardSelection,
  clientId: number | null,
  clientEntityId: number | null = null,
): DashboardSelection {
  return {
    ...current,
    clientId,
    clientEntityId: clientId === null ? null : clientEntityId,
    companyId: null,
    location: null,
  };
}

/** SPEC 4: a company filter clears the establishment and client selections. */
export function chooseCompanyFilter(
  current: DashboardSelection,
  companyId: number | null,
): DashboardSelection {
  return { ...EMPTY_SELECTION, companyId, location: current.location };
}

/** SPEC 4: a location filter clears the establishment and client selections. */
export function chooseLocationFilter(
  current: DashboardSelection,
  location: string | null,
): DashboardSelection {
  const label = location?.trim() ?? '';
  return { ...EMPTY_SELECTION, companyId: current.companyId, location: label === '' ? null : label };
}

/** Whether the URL says anything of the selection (an establishment, a client, a filter, even 'all'). */
export function hasSelectionParams(params: URLSearchParams): boolean {
  return Object.values(SELECTION_PARAMS).some((name) => params.has(name));
}

/** The selection parameters of the current URL, for links that keep the selection across screens. */
export function selectionSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of Object.values(SELECTION_PARAMS)) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

const DEPARTMENT_CODE = /^(?:[0-9]{2,3}|2[AB])$/i;

/** Location filter values are department codes or city names; a code reads as 'Département 69'. */
export function isDepartmentCode(location: string): boolean {
  return DEPARTMENT_CODE.test(location);
}

/** The locations a user can filter on: the departments, then the cities, of their establishments. */
export function locationsOf(
  establishments: readonly { department?: string | null; city?: string | null }[],
): { departments: string[]; cities: string[] } {
  const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  const departments = new Set<string>();
  const cities = new Set<string>();
  for (const establishment of establishments) {
    const department = establishment.department?.trim();
    const city = establishment.city?.trim();
    if (department && isDepartmentCode(department)) departments.add(department.toUpperCase());
    if (city) cities.add(city);
  }
  return {
    departments: [...departments].sort(collator.compare),
    cities: [...cities].sort(collator.compare),
  };
}
