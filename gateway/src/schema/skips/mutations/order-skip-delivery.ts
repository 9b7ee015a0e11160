import { iri, messages } from '@portal/domain';
import { type FieldPathOf, notFoundUserError, refusalOf, type UserError } from '../../../errors.ts';
import { unwrapCollection } from '../../../rest/hydra.ts';
import type { RestSkipDelivery } from '../../../rest/types.ts';
import { authenticated } from '../../authenticated.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf } from '../../global-id.ts';
import { mergePatchOf } from '../../merge-patch.ts';
import { refreshDeliveries } from './writes.ts';

/** A delivery order's violations: `skip` is `skipId`; `program.endDate` is already the input's path. */
const deliveryFieldPath: FieldPathOf = (propertyPath) =>
  propertyPath === '' ? [] : propertyPath === 'skip' ? ['skipId'] : propertyPath.split('.');

/** `POST /api/skip_deliveries`: one delivery, or a program and one delivery per date of its recurrence. */
export const orderSkipDelivery: MutationResolver<'orderSkipDelivery'> = authenticated(
  async (_root, { input }, context) => {
    const failed = (userErrors: UserError[]) => ({ deliveries: [], program: null, skip: null, userErrors });
    const skipId = databaseIdOf(input.skipId, 'Skip');
    if (skipId === null) return failed([notFoundUserError()]);
    const { program } = input;
    const body = {
      skip: iri('skips', skipId),
      ...mergePatchOf(input, ['requestedDate', 'comment']),
      ...(program
        ? {
            program: {
              startDate: program.startDate,
              endDate: program.endDate,
              recurrence: program.recurrence,
              interval: program.interval,
              ...mergePatchOf(program, ['weekdays', 'monthPosition', 'monthDay']),
            },
          }
        : {}),
    };
    try {
      // The api answers the created deliveries as a collection (one, or every date of the program).
      const answer = await context.rest.post<unknown>('/api/skip_deliveries', body, {
        idempotencyKey: input.clientMutationId,
      });
      const deliveries = unwrapCollection<RestSkipDelivery>(answer).items;
      refreshDeliveries(context);
      const { skipDeliveries, skipDeliveryPrograms, skips } = context.loaders;
      for (const delivery of deliveries) skipDeliveries.prime(delivery.id, delivery);
      const programIri = deliveries.find((delivery) => delivery.program)?.program ?? null;
      return {
        deliveries,
        // Lazy: read (one call each) only when the payload selects them.
        program: () => (programIri === null ? null : skipDeliveryPrograms.load(programIri)),
        skip: () => skips.load(skipId),
        userErrors: [],
      };
    } catch (error) {
      return failed(
        refusalOf(
          error,
          program ? messages.programSubmitError : messages.deliveryOrderError,
          deliveryFieldPath,
        ),
      );
    }
  },
);
