import type { RegisterFilter } from '../../__generated__/RegisterPageQuery.graphql.ts';
import { globalId } from '../../relay/globalId.ts';
import { readSelection } from '../dashboard/selection.ts';

/** The register's filters in the URL: the period (`du`, `au`), a waste code (`code`), hazard (`dangereux`). */
export const REGISTER_PARAMS = { from: 'du', to: 'au', wasteCode: 'code', dangerous: 'dangereux' } as const;

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The register's filter from the URL; the establishment is the dashboard selection's. */
export function registerFilterOf(params: URLSearchParams): RegisterFilter {
  const establishmentId = readSelection(params).establishmentId;
  const dangerous = params.get(REGISTER_PARAMS.dangerous);
  const wasteCode = params.get(REGISTER_PARAMS.wasteCode)?.trim();
  return {
    from: isoDate(params.get(REGISTER_PARAMS.from)),
    to: isoDate(params.get(REGISTER_PARAMS.to)),
    establishmentIds: establishmentId === null ? null : [globalId('Establishment', establishmentId)],
    wasteCodes: wasteCode ? [wasteCode] : null,
    dangerous: dangerous === 'oui' ? true : dangerous === 'non' ? false : null,
  };
}

/**
 * The filter of the count of lines to complete: the page's, or, when it names no period, the current year's (a
 * producer's register is kept year by year, and the count of a whole history would hold the page).
 */
export function registerSummaryFilterOf(
  params: URLSearchParams,
  today = new Date(),
): { filter: RegisterFilter; year: number | null } {
  const filter = registerFilterOf(params);
  if (filter.from || filter.to) return { filter, year: null };
  const year = today.getFullYear();
  return { filter: { ...filter, from: `${year}-01-01`, to: `${year}-12-31` }, year };
}
