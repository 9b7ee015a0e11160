import type {
  administrativeDocumentFields,
  documentCategoryFields,
  documentFields,
  FieldItem,
} from '@portal/domain';
import type { JsonLdItem } from '../../rest/types.ts';

/** Documents and administrative documents as the api serves them (api/src/documents). */

export interface RestDocumentCategory extends JsonLdItem, FieldItem<typeof documentCategoryFields> {}

/** A version of a file, as its document embeds it. */
export interface RestDocumentVersion {
  version: number;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
  contentUrl: string | null;
}

export interface RestDocumentEvent {
  action: 'ADDED' | 'UPDATED' | 'VERSION_ADDED' | 'DELETED';
  at: string;
  user: string | null;
  userName: string | null;
}

export interface RestDocument extends JsonLdItem, FieldItem<typeof documentFields> {
  deletedAt: string | null;
  contentUrl: string | null;
  versions: RestDocumentVersion[];
  history: RestDocumentEvent[];
}

export interface RestAdministrativeDocument
  extends JsonLdItem,
    FieldItem<typeof administrativeDocumentFields> {
  companySites: string[];
  expired: boolean;
  state: 'VALID' | 'EXPIRING' | 'EXPIRED' | 'MISSING';
  editable: boolean;
  contentUrl: string;
  versions: RestDocumentVersion[];
}

export interface RestComplianceLine {
  role: 'COLLECTOR' | 'CARRIER' | 'BROKER' | 'TREATMENT';
  name: string;
  siret: string | null;
  companySite: string | null;
  requiredType: RestAdministrativeDocument['type'];
  state: RestAdministrativeDocument['state'];
  validUntil: string | null;
  document: string | null;
}

export interface RestSupplierCompliance {
  establishment: string;
  lines: RestComplianceLine[];
}
