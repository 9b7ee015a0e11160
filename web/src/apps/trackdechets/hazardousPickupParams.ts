import type { HazardousPickupFilter } from '../../__generated__/HazardousPickupsPageQuery.graphql.ts';
import { globalId } from '../../relay/globalId.ts';
import { readSelection } from '../dashboard/selection.ts';

/** The pick-ups' filters in the URL: a slip status (`statut`) and the period (`du`, `au`). */
export const HAZARDOUS_PICKUP_PARAMS = { status: 'statut', from: 'du', to: 'au' } as const;

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The list's filter from the URL; the establishment is the dashboard selection's (else all of the viewer's). */
export function hazardousPickupFilterOf(params: URLSearchParams): HazardousPickupFilter {
  const establishmentId = readSelection(params).establishmentId;
  const status = params.get(HAZARDOUS_PICKUP_PARAMS.status)?.trim();
  return {
    establishmentIds: establishmentId === null ? null : [globalId('Establishment', establishmentId)],
    statuses: status ? [status] : null,
    from: isoDate(params.get(HAZARDOUS_PICKUP_PARAMS.from)),
    to: isoDate(params.get(HAZARDOUS_PICKUP_PARAMS.to)),
  };
}
