import { z } from 'zod';
import { defineFields, fieldLabels, writableFields, writableSchema } from './fields.ts';
import { messages } from './messages.ts';
import { postcodeSchema, requiredText, siretSchema } from './validation.ts';

/**
 * Establishments (company sites, SPEC 3): what is stored of them. Who may change a profile is the policy's
 * business (`site:update` and full access to the site); the typologies, chantiers, links and access of an
 * establishment are computed by the api for each caller.
 */
export const establishmentFields = defineFields<'owner'>()({
  name: {
    kind: 'text',
    column: 'name',
    label: 'Nom',
    required: true,
    rule: requiredText(255),
    writers: ['owner'],
  },
  company: {
    kind: 'reference',
    column: 'company_id',
    label: 'Société',
    required: true,
    reference: { resource: 'companies', node: 'Company', graphField: 'company', graphInput: 'companyId' },
  },
  companyName: { kind: 'text', column: 'c.name', label: 'Nom de la société', required: true },
  address: {
    kind: 'text',
    column: 'address',
    label: 'Adresse',
    rule: z.string().trim().max(255, messages.maxLength(255)).nullable().optional(),
    writers: ['owner'],
  },
  city: { kind: 'text', column: 'city', label: 'Ville', rule: requiredText(120), writers: ['owner'] },
  postcode: {
    kind: 'text',
    column: 'postcode',
    label: 'Code postal',
    rule: postcodeSchema,
    writers: ['owner'],
  },
  department: { kind: 'text', column: 'department', label: 'Département' },
  siret: { kind: 'text', column: 'siret', label: 'SIRET', rule: siretSchema, writers: ['owner'] },
  lat: { kind: 'number', column: 'lat', label: 'Latitude' },
  lon: { kind: 'number', column: 'lon', label: 'Longitude' },
  logo: { kind: 'text', column: 'logo', label: 'Logo' },
  companySector: {
    kind: 'reference',
    column: 'c.company_sector_id',
    label: "Secteur d'activité",
    reference: {
      resource: 'company_sectors',
      node: 'CompanySector',
      graphField: 'companySector',
      graphInput: 'companySectorId',
    },
  },
});

export const establishmentFieldLabels = fieldLabels(establishmentFields);
/** The profile fields an establishment's owner edits (SPEC 2 "Company profile"). */
export const ESTABLISHMENT_PROFILE_FIELDS = writableFields(establishmentFields);

/** Establishment profile (SPEC 2 "Company profile"): what a producer or retriever may edit on their own site. */
export const establishmentProfileSchema = writableSchema(establishmentFields);
export type EstablishmentProfileInput = z.infer<typeof establishmentProfileSchema>;
