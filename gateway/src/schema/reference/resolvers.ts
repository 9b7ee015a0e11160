import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';

/** Reference lists (SPEC 7): each read whole, once per request. */
export const referenceResolvers: Resolvers = {
  Query: {
    companySectors: (_root, _args, context) => context.loaders.companySectors(),
    states: (_root, _args, context) => context.loaders.states(),
  },
  CompanySector: {
    id: (sector) => toGlobalId('CompanySector', sector.id),
    databaseId: (sector) => sector.id,
  },
  State: {
    id: (state) => toGlobalId('State', state.id),
    databaseId: (state) => state.id,
    departments: (state) => state.departments ?? [],
  },
};
