import { z } from 'zod';
import { defineFields, fieldLabels, writableFields, writableSchema } from './fields.ts';
import { iri } from './iri.ts';
import { messages } from './messages.ts';
import { isoDateSchema, requiredText } from './validation.ts';

/** Chantiers (company site entities, SPEC 3): a site's places of work, each with its dates and address. */
export const entityFields = defineFields<'owner'>()({
  name: {
    kind: 'text',
    column: 'name',
    label: 'Nom',
    required: true,
    rule: requiredText(255),
    writers: ['owner'],
  },
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement',
    required: true,
    reference: {
      resource: 'company_sites',
      node: 'Establishment',
      graphField: 'establishment',
      graphInput: 'establishmentId',
    },
  },
  startDate: {
    kind: 'date',
    column: 'start_date',
    label: 'Date de début',
    rule: isoDateSchema,
    writers: ['owner'],
  },
  endDate: {
    kind: 'date',
    column: 'end_date',
    label: 'Date de fin',
    rule: isoDateSchema.nullable().optional(),
    writers: ['owner'],
  },
  address: {
    kind: 'text',
    column: 'address',
    label: 'Autre adresse',
    rule: z.string().trim().max(255, messages.maxLength(255)).nullable().optional(),
    writers: ['owner'],
  },
});

export const entityFieldLabels = fieldLabels(entityFields);
export const ENTITY_FIELDS = writableFields(entityFields);

/** A chantier as its owner writes it: the end, when given, is not before the start. */
export const entitySchema = writableSchema(entityFields).refine(
  (v) => !v.endDate || v.endDate >= v.startDate,
  {
    message: messages.endBeforeStart,
    path: ['endDate'],
    // Only compare dates that are themselves valid: a malformed date already has its own message.
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === 'startDate' || issue.path?.[0] === 'endDate'),
  },
);
export type EntityInput = z.infer<typeof entitySchema>;

/** A chantier's IRI, nested under its site's (`/api/company_sites/3/company_site_entities/9`). */
export const entityIri = (siteId: number, entityId: number) =>
  `${iri('company_sites', siteId)}/company_site_entities/${entityId}`;
