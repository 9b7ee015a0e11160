import { messages } from '@portal/domain';
import { notFoundUserError, refusalOf } from '../../../errors.ts';
import type { RestSkip } from '../../../rest/types.ts';
import { authenticated } from '../../authenticated.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf } from '../../global-id.ts';
import { skipFieldPath } from './skip-fields.ts';
import { refreshSkip, skipFailed } from './writes.ts';

/** `PATCH /api/skips/{id}` with `{"archived": true}` (state ARCHIVED) or `false` (restored). */
export const archiveSkip: MutationResolver<'archiveSkip'> = authenticated(
  async (_root, { input }, context) => {
    const skipId = databaseIdOf(input.id, 'Skip');
    if (skipId === null) return skipFailed([notFoundUserError()]);
    try {
      const skip = await context.rest.patch<RestSkip>(`/api/skips/${skipId}`, { archived: input.archived });
      refreshSkip(context, skipId, skip);
      return { skip, skipEdge: null, userErrors: [] };
    } catch (error) {
      return skipFailed(refusalOf(error, messages.skipArchiveError, skipFieldPath));
    }
  },
);
