import type { GatewayContext } from '../../context.ts';
import type { RestEntity } from '../../rest/types.ts';
import { mayOnOwnSite } from '../../viewer/rights.ts';
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
    canEdit: (entity: RestEntity, _args: unknown, context: GatewayContext) =>
      mayOnOwnSite(context, 'entity:update', entity.companySite),
  },
};
