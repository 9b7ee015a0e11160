import { mayOnOwnSite, mayOnSite } from '../../viewer/rights.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';

export const entityResolvers: Resolvers = {
  Entity: {
    id: (entity) => toGlobalId('Entity', entity.id),
    databaseId: (entity) => entity.id,
    establishment: (entity, _args, context) =>
      entity.companySite ? context.loaders.sites.load(entity.companySite) : null,
    /**
     * As the api decides it: `entity:update` and full access to the chantier's site. A limited-entity user
     * consults their chantiers and a provider its clients', without changing them. The permission and the side
     * are read off the viewer first; the site (batched with the page's) only when they allow it.
     */
    canEdit: async (entity, _args, context) => {
      if (!(await mayOnOwnSite(context, 'entity:update', entity.companySite))) return false;
      const site = entity.companySite ? await context.loaders.sites.load(entity.companySite) : null;
      return site !== null && (await mayOnSite(context, site, 'entity:update'));
    },
  },
};
