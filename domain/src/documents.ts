import { z } from 'zod';
import { defineFields } from './fields.ts';
import { messages } from './messages.ts';
import { isoDateSchema } from './validation.ts';

/**
 * Documents and administrative documents (SPEC 3, 5). A document's formats are recognised from its bytes: the
 * binary formats by their signature, the text formats (txt, csv, svg) by being text and by the name's extension,
 * which is the only thing that tells a CSV from a note. The stored content type is always the recognised one.
 */
export const DOCUMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'image/tiff',
  'image/svg+xml',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'application/rtf',
  'application/vnd.oasis.opendocument.text',
  'application/pdf',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The extensions SPEC 5 lists, for the file picker (the api checks the bytes whatever the name says). */
export const DOCUMENT_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'tif',
  'tiff',
  'svg',
  'xls',
  'xlsx',
  'csv',
  'ods',
  'doc',
  'docx',
  'txt',
  'rtf',
  'odt',
  'pdf',
] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** SPEC 5 and 8 give two limits, 50 MB and 10 MB: documents take the larger. */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;

/** Who a document is addressed to (SPEC 3): internal, the portal's operator, or a company, site or chantier. */
export const RECIPIENT_KINDS = ['INTERNAL', 'OPERATOR', 'COMPANY', 'SITE', 'ENTITY'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
export const recipientKindLabels: Record<RecipientKind, string> = {
  INTERNAL: 'Interne',
  OPERATOR: "L'opérateur du portail",
  COMPANY: 'Une entreprise',
  SITE: 'Un établissement',
  ENTITY: 'Un chantier',
};

/** What happened to a document, for its history. */
export const DOCUMENT_EVENTS = ['ADDED', 'UPDATED', 'VERSION_ADDED', 'DELETED'] as const;
export type DocumentEvent = (typeof DOCUMENT_EVENTS)[number];
export const documentEventLabels: Record<DocumentEvent, string> = {
  ADDED: 'Ajouté',
  UPDATED: 'Modifié',
  VERSION_ADDED: 'Nouvelle version',
  DELETED: 'Supprimé',
};

const CATEGORY = { resource: 'document_categories', node: 'DocumentCategory' } as const;
const SITE = { resource: 'company_sites', node: 'Site' } as const;

/** The portal's document categories (a list of its own, migration 016). */
export const documentCategoryFields = defineFields()({
  code: { kind: 'text', column: 'code', label: 'Code', required: true },
  label: { kind: 'text', column: 'label', label: 'Libellé', required: true },
  position: { kind: 'integer', column: 'position', label: 'Position', required: true },
});

/** A document as stored and served; its file (`f.`) is its current version. */
export const documentFields = defineFields()({
  name: { kind: 'text', column: 'name', label: 'Nom', required: true },
  category: {
    kind: 'reference',
    column: 'category_id',
    label: 'Catégorie',
    required: true,
    reference: { ...CATEGORY, graphField: 'category', graphInput: 'categoryId' },
  },
  documentDate: { kind: 'date', column: 'document_date', label: 'Date', required: true },
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement émetteur',
    required: true,
    reference: { ...SITE, graphField: 'issuingSite', graphInput: 'issuingSiteId' },
  },
  recipientKind: {
    kind: 'enum',
    column: 'recipient_kind',
    label: 'Destinataire',
    required: true,
    values: RECIPIENT_KINDS,
  },
  recipientCompany: {
    kind: 'reference',
    column: 'recipient_company_id',
    label: 'Entreprise destinataire',
    reference: {
      resource: 'companies',
      node: 'Company',
      graphField: 'recipientCompany',
      graphInput: 'recipientCompanyId',
    },
  },
  recipientSite: {
    kind: 'reference',
    column: 'recipient_site_id',
    label: 'Établissement destinataire',
    reference: { ...SITE, graphField: 'recipientSite', graphInput: 'recipientSiteId' },
  },
  recipientEntity: {
    kind: 'reference',
    column: 'recipient_entity_id',
    label: 'Chantier destinataire',
    reference: {
      resource: 'company_site_entities',
      node: 'Entity',
      graphField: 'recipientEntity',
      graphInput: 'recipientEntityId',
    },
  },
  sender: { kind: 'text', column: 'sender', label: 'Expéditeur', required: true },
  operation: {
    kind: 'reference',
    column: 'operation_id',
    label: 'Opération',
    reference: {
      resource: 'operations',
      node: 'Operation',
      graphField: 'operation',
      graphInput: 'operationId',
    },
  },
  filename: { kind: 'text', column: 'f.filename', label: 'Nom du fichier', required: true },
  contentType: {
    kind: 'enum',
    column: 'f.content_type',
    label: 'Type du contenu',
    required: true,
    values: DOCUMENT_TYPES,
  },
  size: { kind: 'integer', column: 'f.size', label: 'Taille (octets)', required: true },
  version: { kind: 'integer', column: 'f.version', label: 'Version', required: true },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Ajouté le', required: true },
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Modifié le', required: true },
});

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalReference = z.preprocess(blankAsUndefined, z.string().trim().max(200).optional());

/**
 * The text fields of a document's upload (multipart) or of its change: what it is and who it is for. References
 * are IRIs; the api resolves them and the policy decides whether the caller may name them.
 */
export const documentDetailsSchema = z
  .object({
    name: z.preprocess(blankAsUndefined, z.string().trim().max(200).optional()),
    category: z.string({ error: messages.required }).trim().min(1, messages.required).max(200),
    documentDate: z.preprocess(blankAsUndefined, isoDateSchema.optional()),
    companySite: z.string({ error: messages.required }).trim().min(1, messages.required).max(200),
    recipientKind: z.enum(RECIPIENT_KINDS, { error: messages.unknownChoice }),
    recipientCompany: optionalReference,
    recipientSite: optionalReference,
    recipientEntity: optionalReference,
    sender: z.preprocess(blankAsUndefined, z.string().trim().max(200).optional()),
    operation: optionalReference,
  })
  .superRefine((value, context) => {
    const needed = { COMPANY: 'recipientCompany', SITE: 'recipientSite', ENTITY: 'recipientEntity' } as const;
    const field = needed[value.recipientKind as keyof typeof needed];
    if (field !== undefined && value[field] === undefined) {
      context.addIssue({ code: 'custom', path: [field], message: messages.required });
    }
  });
export type DocumentDetails = z.infer<typeof documentDetailsSchema>;

/** Administrative documents (SPEC 3): the regulatory papers an establishment holds. */
export const ADMINISTRATIVE_DOCUMENT_TYPES = [
  'PREFECTORAL_ORDER',
  'COMPLEMENTARY_ORDER',
  'TRANSPORT_RECEIPT',
  'BROKERAGE_RECEIPT',
  'OTHER',
] as const;
export type AdministrativeDocumentType = (typeof ADMINISTRATIVE_DOCUMENT_TYPES)[number];
export const administrativeDocumentTypeLabels: Record<AdministrativeDocumentType, string> = {
  PREFECTORAL_ORDER: 'Arrêté préfectoral',
  COMPLEMENTARY_ORDER: 'Arrêté complémentaire',
  TRANSPORT_RECEIPT: 'Récépissé de transport',
  BROKERAGE_RECEIPT: 'Récépissé de courtage',
  OTHER: 'Autre',
};

export const administrativeDocumentFields = defineFields()({
  type: {
    kind: 'enum',
    column: 'type',
    label: 'Type',
    required: true,
    values: ADMINISTRATIVE_DOCUMENT_TYPES,
  },
  customType: { kind: 'text', column: 'custom_type', label: 'Type (autre)' },
  receiptNumber: { kind: 'text', column: 'receipt_number', label: 'Numéro de récépissé' },
  validUntil: { kind: 'date', column: 'valid_until', label: 'Date limite de validité' },
  comment: { kind: 'text', column: 'comment', label: 'Commentaire' },
  archived: { kind: 'boolean', column: 'archived', label: 'Archivé', required: true },
  filename: { kind: 'text', column: 'f.filename', label: 'Nom du fichier', required: true },
  contentType: {
    kind: 'enum',
    column: 'f.content_type',
    label: 'Type du contenu',
    required: true,
    values: DOCUMENT_TYPES,
  },
  size: { kind: 'integer', column: 'f.size', label: 'Taille (octets)', required: true },
  version: { kind: 'integer', column: 'f.version', label: 'Version', required: true },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Ajouté le', required: true },
});

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, messages.maxLength(max)).nullable().optional(),
  );

/**
 * An administrative document's details, as a multipart upload or a merge-patch carries them: `companySites` are
 * the owner's establishments it is associated with (one at least). "Autre" needs its own label.
 */
export const administrativeDocumentDetailsSchema = z
  .object({
    type: z.enum(ADMINISTRATIVE_DOCUMENT_TYPES, { error: messages.unknownChoice }),
    customType: optionalText(120),
    receiptNumber: optionalText(80),
    validUntil: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      isoDateSchema.nullable().optional(),
    ),
    comment: optionalText(2000),
    companySites: z
      .array(z.string().trim().min(1).max(200), { error: messages.required })
      .min(1, messages.required)
      .max(200),
  })
  .superRefine((value, context) => {
    if (value.type === 'OTHER' && !value.customType) {
      context.addIssue({ code: 'custom', path: ['customType'], message: messages.required });
    }
  });
export type AdministrativeDocumentDetails = z.infer<typeof administrativeDocumentDetailsSchema>;

/** What an administrative document's change may carry (merge-patch): its details, and its archived flag. */
export const administrativeDocumentPatchSchema = z.object({
  type: z.enum(ADMINISTRATIVE_DOCUMENT_TYPES, { error: messages.unknownChoice }).optional(),
  customType: optionalText(120),
  receiptNumber: optionalText(80),
  validUntil: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    isoDateSchema.nullable().optional(),
  ),
  comment: optionalText(2000),
  archived: z.boolean({ error: messages.yesOrNo }).optional(),
  companySites: z.array(z.string().trim().min(1).max(200)).min(1, messages.required).max(200).optional(),
});

/** An administrative document is expired once its validity end date is past (SPEC 3). */
export function isExpired(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/**
 * The supplier compliance file: the document each kind of supplier must hold, and its state. A carrier holds a
 * transport receipt, a broker a brokerage receipt, a treatment facility a prefectoral order (Code de
 * l'environnement R541-50, R541-55, L512-1). A collection provider carries what it collects: a transport receipt.
 */
export const SUPPLIER_ROLES = ['COLLECTOR', 'CARRIER', 'BROKER', 'TREATMENT'] as const;
export type SupplierRole = (typeof SUPPLIER_ROLES)[number];
export const supplierRoleLabels: Record<SupplierRole, string> = {
  COLLECTOR: 'Prestataire de collecte',
  CARRIER: 'Transporteur',
  BROKER: 'Courtier',
  TREATMENT: 'Installation de traitement',
};
export const requiredDocumentOf: Record<SupplierRole, AdministrativeDocumentType> = {
  COLLECTOR: 'TRANSPORT_RECEIPT',
  CARRIER: 'TRANSPORT_RECEIPT',
  BROKER: 'BROKERAGE_RECEIPT',
  TREATMENT: 'PREFECTORAL_ORDER',
};

export const COMPLIANCE_STATES = ['VALID', 'EXPIRING', 'EXPIRED', 'MISSING'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];
export const complianceStateLabels: Record<ComplianceState, string> = {
  VALID: 'Valide',
  EXPIRING: 'Expire bientôt',
  EXPIRED: 'Date limite de validité dépassée',
  MISSING: 'Manquant',
};
/** A document expiring within this many days needs action soon. */
export const COMPLIANCE_WARNING_DAYS = 60;

/** The number of days from `from` to `to` (ISO dates). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The state of a requirement from the validity end dates of the documents that meet it (unarchived): the best
 * of them counts. A document without an end date is valid.
 */
export function complianceState(validUntils: readonly (string | null)[], today: string): ComplianceState {
  if (validUntils.length === 0) return 'MISSING';
  if (validUntils.some((date) => date === null)) return 'VALID';
  const latest = [...(validUntils as string[])].sort().at(-1) as string;
  if (latest < today) return 'EXPIRED';
  return daysBetween(today, latest) <= COMPLIANCE_WARNING_DAYS ? 'EXPIRING' : 'VALID';
}
