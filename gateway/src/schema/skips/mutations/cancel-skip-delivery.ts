import { messages } from '@portal/domain';
import { notFoundUserError, refusalOf } from '../../../errors.ts';
import { nullOn404 } from '../../../rest/errors.ts';
import { authenticated } from '../../authenticated.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf, toGlobalId } from '../../global-id.ts';
import { refreshDeliveries } from './writes.ts';

/** `DELETE /api/skip_deliveries/{id}`: the producer cancels a delivery not yet scheduled (409 after). */
export const cancelSkipDelivery: MutationResolver<'cancelSkipDelivery'> = authenticated(
  async (_root, { input }, context) => {
    const deliveryId = databaseIdOf(input.id, 'SkipDelivery');
    if (deliveryId === null) {
      return { cancelledDeliveryId: null, skip: null, userErrors: [notFoundUserError()] };
    }
    try {
      // Its container, read before (one batched call): the answer names it as it is after.
      const skipIri = (await nullOn404(context.loaders.skipDeliveries.load(deliveryId)))?.skip ?? null;
      await context.rest.delete(`/api/skip_deliveries/${deliveryId}`);
      refreshDeliveries(context);
      return {
        cancelledDeliveryId: toGlobalId('SkipDelivery', deliveryId),
        skip: () => (skipIri === null ? null : context.loaders.skips.load(skipIri)),
        userErrors: [],
      };
    } catch (error) {
      return {
        cancelledDeliveryId: null,
        skip: null,
        userErrors: refusalOf(error, messages.deliveryUpdateError),
      };
    }
  },
);
