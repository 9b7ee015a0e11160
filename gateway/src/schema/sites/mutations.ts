import { messages } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { notFoundUserError, unauthenticatedError, userErrorsOfWrite } from '../../errors.ts';
import type { RestSite } from '../../rest/types.ts';
import { databaseIdOf } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

interface UpdateEstablishmentInput {
  id: string;
  name?: string | null;
  address?: string | null;
  city?: string | null;
  postcode?: string | null;
  siret?: string | null;
}

const PROFILE_FIELDS = ['name', 'address', 'city', 'postcode', 'siret'] as const;

export const siteMutations = {
  Mutation: {
    /** `PATCH /api/company_sites/{id}`; the api validates (SIRET, postcode) and checks the policy. */
    async updateEstablishment(
      _root: unknown,
      { input }: { input: UpdateEstablishmentInput },
      context: GatewayContext,
    ) {
      if (context.token === null) throw unauthenticatedError();
      const siteId = databaseIdOf(input.id, 'Establishment');
      if (siteId === null) return { establishment: null, userErrors: [notFoundUserError()] };
      const patch = mergePatchOf(input, PROFILE_FIELDS);
      if (Object.keys(patch).length === 0) {
        return {
          establishment: null,
          userErrors: [{ field: [], message: messages.noChange, code: 'NO_CHANGE' }],
        };
      }
      try {
        const site = await context.rest.patch<RestSite>(`/api/company_sites/${siteId}`, patch);
        // The api's answer is the fresh site: later fields of this request read it, not a stale copy.
        context.loaders.sites.clear(siteId).prime(siteId, site);
        return { establishment: site, userErrors: [] };
      } catch (error) {
        const userErrors = userErrorsOfWrite(error, messages.establishmentUpdateError);
        if (userErrors === null) throw error;
        return { establishment: null, userErrors };
      }
    },
  },
};
