import { defineDomain, itemNodes } from '../domain.ts';
import { findById } from '../reference/lookups.ts';
import { documentLoaders } from './loaders.ts';
import { documentMutations } from './mutations.ts';
import { documentResolvers } from './resolvers.ts';

/** Documents, administrative documents and the supplier compliance file. */
export const documentsDomain = defineDomain({
  loaders: documentLoaders,
  resolvers: [documentResolvers, documentMutations],
  nodes: {
    ...itemNodes({ Document: 'documents', AdministrativeDocument: 'administrativeDocuments' }),
    DocumentCategory: async (context, id) => findById(await context.loaders.documentCategories(), id),
  },
});
