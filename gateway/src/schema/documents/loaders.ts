import DataLoader from 'dataloader';
import { createItemLoader } from '../../loaders/item-loader.ts';
import type { LoaderKit } from '../../loaders/kit.ts';
import { AS_SEEDED } from '../../loaders/reference-lists.ts';
import { relationListsOf } from '../../loaders/relation-lists.ts';
import type {
  RestAdministrativeDocument,
  RestDocument,
  RestDocumentCategory,
  RestSupplierCompliance,
} from './rest.ts';

export function documentLoaders({ rest, referenceList }: LoaderKit) {
  const documents = createItemLoader<RestDocument>({ rest, collection: '/api/documents' });
  const documentList = relationListsOf(rest, '/api/documents', documents);
  const administrativeDocuments = createItemLoader<RestAdministrativeDocument>({
    rest,
    collection: '/api/administrative_documents',
  });
  return {
    documents,
    /** The documents issued by each establishment, and those of each operation. */
    documentsBySite: documentList('companySite'),
    documentsByOperation: documentList('operation'),
    documentCategories: () => referenceList<RestDocumentCategory>('/api/document_categories', AS_SEEDED),
    administrativeDocuments,
    /** The compliance file of one establishment (one call each; a header asks for one at a time). */
    supplierCompliance: new DataLoader<number, RestSupplierCompliance>((siteIds) =>
      Promise.all(
        siteIds.map((siteId) =>
          rest.get<RestSupplierCompliance>(
            '/api/AdministrativeDocument/administrative_document_valid_for_establishment',
            { establishmentId: String(siteId) },
          ),
        ),
      ),
    ),
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof documentLoaders> {}
}
