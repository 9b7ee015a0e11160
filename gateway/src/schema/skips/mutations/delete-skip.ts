import { messages } from '@portal/domain';
import { notFoundUserError, refusalOf } from '../../../errors.ts';
import { authenticated } from '../../authenticated.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf, toGlobalId } from '../../global-id.ts';
import { refreshSkip } from './writes.ts';

/** `DELETE /api/skips/{id}`. */
export const deleteSkip: MutationResolver<'deleteSkip'> = authenticated(async (_root, { input }, context) => {
  const skipId = databaseIdOf(input.id, 'Skip');
  if (skipId === null) return { deletedSkipId: null, userErrors: [notFoundUserError()] };
  try {
    await context.rest.delete(`/api/skips/${skipId}`);
    refreshSkip(context, skipId, null);
    return { deletedSkipId: toGlobalId('Skip', skipId), userErrors: [] };
  } catch (error) {
    return { deletedSkipId: null, userErrors: refusalOf(error, messages.skipDeleteError) };
  }
});
