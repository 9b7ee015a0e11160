import { mayOnOwnSite } from '../../viewer/rights.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';

export const entityResolvers: Resolvers = {
  Entity: {
    id: (entity) => toGlobalId('Entity', entity.id),
    databaseId: (entity) => entity.id,
    establishment: (entity, _args, context) =>
      entity.companySite ? context.loaders.sites.load(entity.companySite) : null,
    /**
     * As the api decides it: `entity:update` and the chantier on one of the viewer's own sites (a
     * limited-entity user edits their own chantiers; a provider does not edit a client's).
     */
    canEdit: (entity, _args, context) => mayOnOwnSite(context, 'entity:update', entity.companySite),
  },
};
