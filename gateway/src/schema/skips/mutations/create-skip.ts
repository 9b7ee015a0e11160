import { iri, messages } from '@portal/domain';
import { notFoundUserError, refusalOf } from '../../../errors.ts';
import type { RestSkip } from '../../../rest/types.ts';
import { authenticated } from '../../authenticated.ts';
import { offsetCursor } from '../../connections.ts';
import type { MutationResolver } from '../../domain.ts';
import { databaseIdOf } from '../../global-id.ts';
import { skipBody, skipFieldPath } from './skip-fields.ts';
import { refreshSkip, skipFailed } from './writes.ts';

/** `POST /api/skips`; the api validates every field and checks the policy. */
export const createSkip: MutationResolver<'createSkip'> = authenticated(async (_root, { input }, context) => {
  const siteId = databaseIdOf(input.establishmentId, 'Establishment');
  if (siteId === null) return skipFailed([notFoundUserError()]);
  const { body, userErrors } = await skipBody(input.fields, async () => siteId);
  if (userErrors.length > 0) return skipFailed(userErrors);
  try {
    const skip = await context.rest.post<RestSkip>(
      '/api/skips',
      { companySite: iri('company_sites', siteId), ...body },
      { idempotencyKey: input.clientMutationId },
    );
    if (skip === null) throw new Error('POST /api/skips: no body');
    refreshSkip(context, skip.id, skip);
    // Lists of containers are latest first: the new one is their first edge (@prependEdge).
    return { skip, skipEdge: { cursor: offsetCursor(0), node: skip }, userErrors: [] };
  } catch (error) {
    return skipFailed(refusalOf(error, messages.skipCreateError, skipFieldPath));
  }
});
