import { idFromIri } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { hasPermission, sideOf } from '../../loaders/site-lists.ts';
import type { RestEntity } from '../../rest/types.ts';
import { toGlobalId } from '../global-id.ts';

export const entityResolvers = {
  Entity: {
    id: (entity: RestEntity) => toGlobalId('Entity', entity.id),
    databaseId: (entity: RestEntity) => entity.id,
    establishment: (entity: RestEntity, _args: unknown, context: GatewayContext) =>
      entity.companySite ? context.loaders.sites.load(entity.companySite) : null,
    /**
     * As the api decides it: `entity:update` and the chantier on one of the viewer's own sites (a
     * limited-entity user edits their own chantiers; a provider does not edit a client's).
     */
    canEdit: async (entity: RestEntity, _args: unknown, context: GatewayContext) => {
      const user = await context.viewer();
      const siteId = idFromIri(entity.companySite);
      return (
        user !== null &&
        siteId !== null &&
        hasPermission(user, 'entity:update') &&
        sideOf(user, siteId) === 'own'
      );
    },
  },
};
