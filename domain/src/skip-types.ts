import { defineFields } from './fields.ts';
import { SKIP_UNITS, skipFields } from './skips.ts';

/** Skip types: a collector's catalogue of containers (seeded by migration, read-only). */
export const skipTypeFields = defineFields()({
  code: { kind: 'text', column: 'code', label: 'Code', required: true },
  label: { kind: 'text', column: 'label', label: 'Libellé', required: true },
  category: { kind: 'text', column: 'category', label: 'Catégorie', required: true },
  volume: { kind: 'decimal', column: 'volume', label: 'Volume', required: true },
  unit: { kind: 'enum', column: 'unit', label: 'Unité', required: true, values: SKIP_UNITS },
});

/** A skip type a provider site offers. */
export const skipSiteLinkFields = defineFields()({
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement',
    required: true,
    reference: skipFields.companySite.reference,
  },
  skipType: {
    kind: 'reference',
    column: 'skip_type_id',
    label: 'Type de contenant',
    required: true,
    reference: skipFields.skipType.reference,
  },
});
