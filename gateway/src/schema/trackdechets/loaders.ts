import { idFromIri } from '@portal/domain';
import DataLoader from 'dataloader';
import type { LoaderKit } from '../../loaders/kit.ts';
import type {
  RestHazardousPickup,
  RestHazardousPickupPage,
  RestSlipStatus,
  RestTrackdechetsLink,
} from './rest.ts';

/** At most this many operations' pick-ups in one call (the api's page maximum). */
const OPERATIONS_PER_CALL = 200;

export function trackdechetsLoaders({ rest }: LoaderKit) {
  let link: Promise<RestTrackdechetsLink> | undefined;
  let statuses: Promise<RestSlipStatus[]> | undefined;
  return {
    /** The viewer's link, read once per request. */
    trackdechetsLink: {
      load: () => {
        link ??= rest.get<RestTrackdechetsLink>('/api/trackdechets/connection');
        return link;
      },
      /** After a mutation changed it. */
      clear: () => {
        link = undefined;
      },
    },
    slipStatuses: () => {
      statuses ??= rest
        .get<{ statuses: RestSlipStatus[] }>('/api/bsd_information/bsd_status_availables')
        .then((answer) => answer.statuses);
      return statuses;
    },
    /** The pick-up line of each hazardous operation of a page: one call for all of them. */
    hazardousPickupOfOperation: new DataLoader<number, RestHazardousPickup | null>(
      async (operationIds) => {
        const page = await rest.get<RestHazardousPickupPage>('/api/hazardous_pickups', {
          'operation[]': [...operationIds],
          first: OPERATIONS_PER_CALL,
        });
        const byOperation = new Map(
          page.pickups.map((pickup) => [idFromIri(pickup.operation), pickup] as const),
        );
        return operationIds.map((id) => byOperation.get(id) ?? null);
      },
      { maxBatchSize: OPERATIONS_PER_CALL },
    ),
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof trackdechetsLoaders> {}
}
