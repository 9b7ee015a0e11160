import type { GatewayContext } from '../../context.ts';
import type { RestReference, RestState } from '../../rest/types.ts';
import { toGlobalId } from '../global-id.ts';

/** Reference lists (SPEC 7): each read whole, once per request. */
export const referenceResolvers = {
  Query: {
    companySectors: (_root: unknown, _args: unknown, context: GatewayContext) =>
      context.loaders.companySectors(),
    states: (_root: unknown, _args: unknown, context: GatewayContext) => context.loaders.states(),
  },
  CompanySector: {
    id: (sector: RestReference) => toGlobalId('CompanySector', sector.id),
    databaseId: (sector: RestReference) => sector.id,
  },
  State: {
    id: (state: RestState) => toGlobalId('State', state.id),
    databaseId: (state: RestState) => state.id,
    departments: (state: RestState) => state.departments ?? [],
  },
};
