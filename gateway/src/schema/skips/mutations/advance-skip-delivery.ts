import { messages } from '@portal/domain';
import { notFoundUserError, refusalOf } from '../../../errors.ts';
import type { RestSkipDelivery } from '../../../rest/types.ts';
import { authenticated } from '../../authenticated.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf } from '../../global-id.ts';
import { mergePatchOf } from '../../merge-patch.ts';
import { refreshDeliveries } from './writes.ts';

/** `PATCH /api/skip_deliveries/{id}`: the provider moves the status along (409 when it may not). */
export const advanceSkipDelivery: MutationResolver<'advanceSkipDelivery'> = authenticated(
  async (_root, { input }, context) => {
    const deliveryId = databaseIdOf(input.id, 'SkipDelivery');
    if (deliveryId === null) return { delivery: null, userErrors: [notFoundUserError()] };
    try {
      const delivery = await context.rest.patch<RestSkipDelivery>(`/api/skip_deliveries/${deliveryId}`, {
        status: input.status,
        ...mergePatchOf(input, ['scheduledDate'] as const),
      });
      // A validated delivery makes its skip available again.
      refreshDeliveries(context);
      context.loaders.skipDeliveries.prime(deliveryId, delivery);
      return { delivery, userErrors: [] };
    } catch (error) {
      return { delivery: null, userErrors: refusalOf(error, messages.deliveryUpdateError) };
    }
  },
);
