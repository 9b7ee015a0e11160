import { ESTABLISHMENT_PROFILE_FIELDS, messages } from '@portal/domain';
import { noChangeUserError, notFoundUserError, refusalOf } from '../../errors.ts';
import type { RestSite } from '../../rest/types.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

export const siteMutations: Resolvers = {
  Mutation: {
    /** `PATCH /api/company_sites/{id}`; the api validates (SIRET, postcode) and checks the policy. */
    updateEstablishment: authenticated(async (_root, { input }, context) => {
      const siteId = databaseIdOf(input.id, 'Establishment');
      if (siteId === null) return { establishment: null, userErrors: [notFoundUserError()] };
      // The profile's fields are the establishment's writable ones (`domain/sites.ts`).
      const patch = mergePatchOf(input, ESTABLISHMENT_PROFILE_FIELDS);
      if (Object.keys(patch).length === 0) {
        return { establishment: null, userErrors: [noChangeUserError()] };
      }
      try {
        const site = await context.rest.patch<RestSite>(`/api/company_sites/${siteId}`, patch);
        // The api's answer is the fresh site: later fields of this request read it, not a stale copy.
        context.loaders.sites.clear(siteId).prime(siteId, site);
        return { establishment: site, userErrors: [] };
      } catch (error) {
        return { establishment: null, userErrors: refusalOf(error, messages.establishmentUpdateError) };
      }
    }),
  },
};
