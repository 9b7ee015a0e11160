import { iri, messages } from '@portal/domain';
import { notFoundUserError, refusalOf, type UserError } from '../../errors.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf, toGlobalId } from '../global-id.ts';
import type { RestAdministrativeDocument, RestDocument } from './rest.ts';

/** Changes to documents and administrative documents (their uploads go through the gateway's file routes). */

const categoryPath = (path: string) => (path === 'category' ? ['categoryId'] : path.split('.'));
const sitesPath = (path: string) =>
  path.startsWith('companySites') ? ['establishmentIds'] : path.split('.');

export const documentMutations: Resolvers = {
  Mutation: {
    updateDocument: authenticated(async (_root, { input }, context) => {
      const failed = (userErrors: UserError[]) => ({ document: null, userErrors });
      const id = databaseIdOf(input.id, 'Document');
      if (id === null) return failed([notFoundUserError()]);
      const categoryId = input.categoryId ? databaseIdOf(input.categoryId, 'DocumentCategory') : null;
      try {
        const document = await context.rest.patch<RestDocument>(`/api/documents/${id}`, {
          ...(input.name === undefined || input.name === null ? {} : { name: input.name }),
          ...(categoryId === null ? {} : { category: iri('document_categories', categoryId) }),
          ...(input.documentDate ? { documentDate: input.documentDate } : {}),
        });
        context.loaders.documents.clear(id).prime(id, document);
        return { document, userErrors: [] };
      } catch (error) {
        return failed(refusalOf(error, messages.genericError, categoryPath));
      }
    }),
    deleteDocument: authenticated(async (_root, { input }, context) => {
      const id = databaseIdOf(input.id, 'Document');
      if (id === null) return { deletedDocumentId: null, userErrors: [notFoundUserError()] };
      try {
        await context.rest.delete(`/api/documents/${id}`);
        context.loaders.documents.clear(id);
        return { deletedDocumentId: toGlobalId('Document', id), userErrors: [] };
      } catch (error) {
        return { deletedDocumentId: null, userErrors: refusalOf(error, messages.documentDeleteError) };
      }
    }),
    updateAdministrativeDocument: authenticated(async (_root, { input }, context) => {
      const failed = (userErrors: UserError[]) => ({ administrativeDocument: null, userErrors });
      const id = databaseIdOf(input.id, 'AdministrativeDocument');
      if (id === null) return failed([notFoundUserError()]);
      const siteIds = input.establishmentIds?.map((siteId) => databaseIdOf(siteId, 'Establishment'));
      if (siteIds?.some((siteId) => siteId === null)) return failed([notFoundUserError()]);
      const body: Record<string, unknown> = {};
      if (input.archived !== undefined && input.archived !== null) body.archived = input.archived;
      if (input.receiptNumber !== undefined) body.receiptNumber = input.receiptNumber;
      if (input.validUntil !== undefined) body.validUntil = input.validUntil;
      if (input.comment !== undefined) body.comment = input.comment;
      if (siteIds !== undefined)
        body.companySites = siteIds.map((siteId) => iri('company_sites', siteId as number));
      try {
        const administrativeDocument = await context.rest.patch<RestAdministrativeDocument>(
          `/api/administrative_documents/${id}`,
          body,
        );
        context.loaders.administrativeDocuments.clear(id).prime(id, administrativeDocument);
        return { administrativeDocument, userErrors: [] };
      } catch (error) {
        return failed(refusalOf(error, messages.genericError, sitesPath));
      }
    }),
  },
};
