import { defineFields } from './fields.ts';
import { PHOTO_TYPES } from './files.ts';
import { operationFields, operationOutletFields } from './operation-rules.ts';
import { skipFields } from './skips.ts';

/**
 * Incidents (SPEC 4) as stored: declared by a producer on an operation or a container (one of the two), with the
 * sides copied from what it is about so that the policy sees it as it sees that. Its photos are rows of their own.
 */
export const incidentFields = defineFields()({
  operation: {
    kind: 'reference',
    column: 'operation_id',
    label: 'Opération',
    reference: operationOutletFields.operation.reference,
  },
  skip: {
    kind: 'reference',
    column: 'skip_id',
    label: 'Contenant',
    reference: operationFields.skip.reference,
  },
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement',
    required: true,
    reference: skipFields.companySite.reference,
  },
  companySiteEntity: {
    kind: 'reference',
    column: 'company_site_entity_id',
    label: 'Chantier',
    reference: skipFields.companySiteEntity.reference,
  },
  description: { kind: 'text', column: 'description', label: 'Description', required: true },
  declaredBy: {
    kind: 'reference',
    column: 'declared_by',
    label: 'Déclaré par',
    reference: { resource: 'users', node: 'User', graphField: 'declaredBy', graphInput: 'declaredById' },
  },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Déclaré le', required: true },
});

/** A photo of an incident: the name the user gave it, its type sniffed from its bytes, its size in bytes. */
export const incidentPhotoFields = defineFields()({
  filename: { kind: 'text', column: 'filename', label: 'Nom du fichier', required: true },
  contentType: {
    kind: 'enum',
    column: 'content_type',
    label: 'Type du contenu',
    required: true,
    values: PHOTO_TYPES,
  },
  size: { kind: 'integer', column: 'size', label: 'Taille (octets)', required: true },
});
