import { ENTITY_FIELDS, idFromIri, messages } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { noChangeUserError, notFoundUserError, refusalOf, type UserError } from '../../errors.ts';
import type { RestEntity } from '../../rest/types.ts';
import { authenticated } from '../authenticated.ts';
import { offsetCursor } from '../connections.ts';
import type { Lazy, Resolvers } from '../domain.ts';
import { databaseIdOf } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

/** An edge of a chantier; a new chantier's cursor is computed only when selected (it costs its site's list). */
export interface EntityEdgeValue {
  node: RestEntity;
  cursor: string | Lazy<string>;
}

function failed(userErrors: UserError[]) {
  return { entity: null, entityEdge: null, establishment: null, userErrors };
}

/** After a write: the api's answer is the fresh chantier, and its site's list and count have changed. */
function refreshAfterWrite(context: GatewayContext, siteId: number, entity: RestEntity): void {
  const { entities, entitiesBySite, sites } = context.loaders;
  entities.clear(entity.id).prime(entity.id, entity);
  entitiesBySite.clear(siteId);
  sites.clear(siteId);
}

/** The new chantier's offset in its site's list (ordered by name), as the connection's cursors count. */
async function cursorInSite(context: GatewayContext, siteId: number, entityId: number): Promise<string> {
  const list = await context.loaders.entitiesBySite.load(siteId);
  const index = list.findIndex((entity) => entity.id === entityId);
  return offsetCursor(index === -1 ? list.length : index);
}

export const entityMutations: Resolvers = {
  Mutation: {
    /** `POST /api/company_sites/{id}/company_site_entities`; the api validates the dates. */
    createEntity: authenticated(async (_root, { input }, context) => {
      const siteId = databaseIdOf(input.establishmentId, 'Establishment');
      if (siteId === null) return failed([notFoundUserError()]);
      // The chantier's fields (`domain/entities.ts`); the name and start are required by the input.
      const body = mergePatchOf(input, ENTITY_FIELDS);
      try {
        const entity = await context.rest.post<RestEntity>(
          `/api/company_sites/${siteId}/company_site_entities`,
          body,
          { idempotencyKey: input.clientMutationId },
        );
        if (entity === null)
          throw new Error(`POST /api/company_sites/${siteId}/company_site_entities: no body`);
        refreshAfterWrite(context, siteId, entity);
        return {
          entity,
          // For Relay's @appendEdge. Both lazy (resolved only when selected), sharing one call.
          entityEdge: { node: entity, cursor: () => cursorInSite(context, siteId, entity.id) },
          establishment: () => context.loaders.sites.load(siteId),
          userErrors: [],
        };
      } catch (error) {
        return failed(refusalOf(error, messages.entityAddError));
      }
    }),

    /** `PATCH /api/company_sites/{siteId}/company_site_entities/{id}`; the site comes from the chantier. */
    updateEntity: authenticated(async (_root, { input }, context) => {
      const entityId = databaseIdOf(input.id, 'Entity');
      if (entityId === null) return { entity: null, userErrors: [notFoundUserError()] };
      const patch = mergePatchOf(input, ENTITY_FIELDS);
      if (Object.keys(patch).length === 0) {
        return { entity: null, userErrors: [noChangeUserError()] };
      }
      try {
        const current = await context.loaders.entities.load(entityId);
        const siteId = idFromIri(current?.companySite);
        if (siteId === null) return { entity: null, userErrors: [notFoundUserError()] };
        const entity = await context.rest.patch<RestEntity>(
          `/api/company_sites/${siteId}/company_site_entities/${entityId}`,
          patch,
        );
        refreshAfterWrite(context, siteId, entity);
        return { entity, userErrors: [] };
      } catch (error) {
        return { entity: null, userErrors: refusalOf(error, messages.entityUpdateError) };
      }
    }),
  },
};
