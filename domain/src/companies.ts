import { defineFields } from './fields.ts';
import { establishmentFields } from './sites.ts';

/** Companies (SPEC 3): the legal entity behind establishments. Read-only in the portal. */
export const companyFields = defineFields()({
  name: { kind: 'text', column: 'name', label: 'Raison sociale', required: true },
  siret: { kind: 'text', column: 'siret', label: 'SIRET' },
  companySector: {
    kind: 'reference',
    column: 'company_sector_id',
    label: "Secteur d'activité",
    reference: {
      ...establishmentFields.companySector.reference,
      graphField: 'sector',
      graphInput: 'sectorId',
    },
  },
});
