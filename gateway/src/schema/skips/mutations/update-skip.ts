import { idFromIri, messages } from '@portal/domain';
import { noChangeUserError, notFoundUserError, refusalOf } from '../../../errors.ts';
import type { RestSkip } from '../../../rest/types.ts';
import { authenticated } from '../../authenticated.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf } from '../../global-id.ts';
import { skipBody, skipFieldPath } from './skip-fields.ts';
import { refreshSkip, skipFailed } from './writes.ts';

/** `PATCH /api/skips/{id}` with the given fields only; the api tells the producer's from the provider's. */
export const updateSkip: MutationResolver<'updateSkip'> = authenticated(async (_root, { input }, context) => {
  const skipId = databaseIdOf(input.id, 'Skip');
  if (skipId === null) return skipFailed([notFoundUserError()]);
  try {
    const { body, userErrors } = await skipBody(input.fields, async () =>
      idFromIri((await context.loaders.skips.load(skipId))?.companySite),
    );
    if (userErrors.length > 0) return skipFailed(userErrors);
    if (Object.keys(body).length === 0) return skipFailed([noChangeUserError()]);
    const skip = await context.rest.patch<RestSkip>(`/api/skips/${skipId}`, body);
    refreshSkip(context, skipId, skip);
    return { skip, skipEdge: null, userErrors: [] };
  } catch (error) {
    return skipFailed(refusalOf(error, messages.skipUpdateError, skipFieldPath));
  }
});
