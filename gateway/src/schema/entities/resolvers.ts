import type { GatewayContext } from '../../context.ts';
import type { RestEntity } from '../../rest/types.ts';
import { toGlobalId } from '../global-id.ts';

export const entityResolvers = {
  Entity: {
    id: (entity: RestEntity) => toGlobalId('Entity', entity.id),
    databaseId: (entity: RestEntity) => entity.id,
    establishment: (entity: RestEntity, _args: unknown, context: GatewayContext) =>
      entity.companySite ? context.loaders.sites.load(entity.companySite) : null,
  },
};
