import { idFromIri, iri, messages } from '@portal/domain';
import { notFoundUserError, refusalOf, type UserError } from '../../../errors.ts';
import type { RestSkipDelivery } from '../../../rest/types.ts';
import { authenticated } from '../../authenticated.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf, toGlobalId } from '../../global-id.ts';
import { refreshDeliveries } from './writes.ts';

/**
 * `DELETE /api/skip_delivery_programs/{id}`, which removes the program's future deliveries not yet
 * scheduled and keeps the others (they stand alone after it). The api answers 204: the removed ones are
 * the program's deliveries that its skip no longer has (one call before, one after, whatever their number).
 */
export const deleteSkipDeliveryProgram: MutationResolver<'deleteSkipDeliveryProgram'> = authenticated(
  async (_root, { input }, context) => {
    const failed = (userErrors: UserError[]) => ({
      deletedProgramId: null,
      deletedDeliveryIds: [],
      skip: null,
      userErrors,
    });
    const programId = databaseIdOf(input.id, 'SkipDeliveryProgram');
    if (programId === null) return failed([notFoundUserError()]);
    const programIri = iri('skip_delivery_programs', programId);
    try {
      const before = (
        await context.rest.getCollection<RestSkipDelivery>('/api/skip_deliveries', {
          'program[]': [programId],
          pagination: false,
        })
      ).items.filter((delivery) => delivery.program === programIri);
      await context.rest.delete(`/api/skip_delivery_programs/${programId}`);
      const skipIds = [...new Set(before.map((delivery) => idFromIri(delivery.skip)))].filter(
        (id): id is number => id !== null,
      );
      const remaining = new Set<number>();
      if (skipIds.length > 0) {
        const after = await context.rest.getCollection<RestSkipDelivery>('/api/skip_deliveries', {
          'skip[]': skipIds,
          pagination: false,
        });
        for (const delivery of after.items) remaining.add(delivery.id);
      }
      refreshDeliveries(context);
      const [skipId] = skipIds;
      return {
        deletedProgramId: toGlobalId('SkipDeliveryProgram', programId),
        skip: () => (skipId === undefined ? null : context.loaders.skips.load(skipId)),
        deletedDeliveryIds: before
          .filter((delivery) => !remaining.has(delivery.id))
          .map((delivery) => toGlobalId('SkipDelivery', delivery.id)),
        userErrors: [],
      };
    } catch (error) {
      return failed(refusalOf(error, messages.programDeleteError));
    }
  },
);
