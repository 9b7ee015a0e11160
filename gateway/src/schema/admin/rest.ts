import type {
  adminCompanyFields,
  adminSiteFields,
  adminSiteLinkFields,
  adminUserFields,
  auditEntryFields,
  FieldItem,
  SITE_IMPORT_COLUMNS,
} from '@portal/domain';
import type { JsonLdItem, RestEntity } from '../../rest/types.ts';

/** The back office's resources as the api serves them (`/api/admin/...`, api/src/admin). */

/** `/api/admin/companies` items. */
export interface RestAdminCompany extends JsonLdItem, FieldItem<typeof adminCompanyFields> {}

/** `/api/admin/company_sites` items (the api's `AdminSite`). */
export interface RestAdminEstablishment extends JsonLdItem, FieldItem<typeof adminSiteFields> {}

/** `/api/admin/company_site_entities` items: chantiers, in the shape of the customers' ones. */
export type RestAdminChantier = RestEntity;

/** `/api/admin/users` items: the links are id lists (json fields of the table), the permissions computed. */
export interface RestAdminUser
  extends JsonLdItem,
    Omit<FieldItem<typeof adminUserFields>, 'companies' | 'companySites' | 'entities'> {
  companies: number[];
  companySites: number[];
  entities: number[];
  permissions: string[];
}

/** `/api/admin/site_links` items. */
export interface RestAdminSiteLink extends JsonLdItem, FieldItem<typeof adminSiteLinkFields> {}

/** `/api/admin/audit_entries` items; `before` and `after` are the element's fields as JSON (or null). */
export interface RestAuditEntry extends JsonLdItem, FieldItem<typeof auditEntryFields> {}

/** A line of `/api/admin/companies/{id}/company_sites_import`: its cells as read, and what it created. */
export interface RestAdminImportLine {
  line: number;
  values: Record<(typeof SITE_IMPORT_COLUMNS)[number]['key'], string>;
  errors: string[];
  /** The IRI of the establishment created from it. */
  site: string | null;
}

export interface RestAdminImport {
  lines: RestAdminImportLine[];
  valid: number;
  invalid: number;
  created: number;
}
