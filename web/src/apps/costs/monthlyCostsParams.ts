import { operationsOfPeriod } from '../dashboard/operationsLink.ts';
import { SELECTION_PARAMS } from '../dashboard/selection.ts';

/**
 * The operations behind a month's costs (`/mes-enlevements`): the validated ones carried out in the month, by real
 * intervention date as the costs count them, in the URL's selection; narrowed to one of my establishments when
 * `establishmentId` is given (a producer's: its pick-ups are its own).
 */
export function operationsBehind(
  params: URLSearchParams,
  period: { year: number; month: number },
  establishmentId: number | null = null,
) {
  const target = operationsOfPeriod(params, period);
  if (establishmentId === null) return target;
  const search = new URLSearchParams(target.search);
  // The selected chantier belongs to the selected establishment only.
  if (search.get(SELECTION_PARAMS.establishment) !== String(establishmentId)) {
    search.delete(SELECTION_PARAMS.entity);
  }
  search.set(SELECTION_PARAMS.establishment, String(establishmentId));
  return { ...target, search: `?${search}` };
}
