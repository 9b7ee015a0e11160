import type { Resolvers } from '../../domain.ts';
import { advanceSkipDelivery } from './advance-skip-delivery.ts';
import { archiveSkip } from './archive-skip.ts';
import { cancelSkipDelivery } from './cancel-skip-delivery.ts';
import { createSkip } from './create-skip.ts';
import { deleteSkip } from './delete-skip.ts';
import { deleteSkipDeliveryProgram } from './delete-skip-delivery-program.ts';
import { orderSkipDelivery } from './order-skip-delivery.ts';
import { updateSkip } from './update-skip.ts';

/** The writes of containers and their deliveries, a file each. */
export const skipMutations: Resolvers = {
  Mutation: {
    createSkip,
    updateSkip,
    archiveSkip,
    deleteSkip,
    orderSkipDelivery,
    advanceSkipDelivery,
    cancelSkipDelivery,
    deleteSkipDeliveryProgram,
  },
};
