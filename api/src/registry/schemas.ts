import { REGISTER_LINE_SOURCES, REGISTER_REQUIRED_FIELDS, TREATMENT_QUALIFICATIONS } from '@portal/domain';

/** The OpenAPI schema of a register line (`RegisterLine` of domain/registry.ts). */
const text = { type: ['string', 'null'] } as const;
const partyProperties = { name: text, siret: text, address: text, postalCode: text, city: text } as const;
const party = {
  type: 'object',
  required: Object.keys(partyProperties),
  properties: partyProperties,
} as const;
const nullableParty = { ...party, type: ['object', 'null'] } as const;
const qualification = { type: ['string', 'null'], enum: [...TREATMENT_QUALIFICATIONS, null] } as const;
const tonnes = {
  type: ['string', 'null'],
  pattern: '^-?[0-9]+\\.[0-9]{3}$',
  description: 'Tonnes, 3 decimals',
};

export const registerLineSchema = {
  type: 'object',
  required: [
    'id',
    'source',
    'shipmentDate',
    'wasteDescription',
    'wasteCode',
    'pop',
    'dangerous',
    'slipNumbers',
    'weight',
    'weightIsEstimate',
    'origin',
    'pickupSite',
    'ecoOrganisation',
    'broker',
    'carriers',
    'destination',
    'plannedTreatmentCode',
    'treatmentCode',
    'qualification',
    'finalTreatments',
    'missing',
  ],
  properties: {
    id: { type: 'string', format: 'iri-reference', description: 'What the line comes from' },
    source: { type: 'string', enum: [...REGISTER_LINE_SOURCES] },
    shipmentDate: { type: ['string', 'null'], format: 'date' },
    wasteDescription: text,
    wasteCode: { type: ['string', 'null'], description: 'As the nomenclature writes it (`17 05 03*`)' },
    pop: { type: 'boolean' },
    dangerous: { type: 'boolean' },
    slipNumbers: { type: 'array', items: { type: 'string' } },
    weight: tonnes,
    weightIsEstimate: { type: 'boolean' },
    origin: party,
    pickupSite: nullableParty,
    ecoOrganisation: {
      type: ['object', 'null'],
      required: ['name', 'siren'],
      properties: { name: { type: 'string' }, siren: text },
    },
    broker: {
      type: ['object', 'null'],
      required: [...Object.keys(partyProperties), 'receiptNumber'],
      properties: { ...partyProperties, receiptNumber: text },
    },
    carriers: {
      type: 'array',
      items: {
        type: 'object',
        required: [...Object.keys(partyProperties), 'receiptNumber'],
        properties: { ...partyProperties, receiptNumber: text },
      },
    },
    destination: nullableParty,
    plannedTreatmentCode: { type: ['string', 'null'], description: 'Official code (`R 13`)' },
    treatmentCode: { type: ['string', 'null'], description: 'Official code (`R 1`)' },
    qualification,
    finalTreatments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['siret', 'treatmentCode', 'qualification', 'weight'],
        properties: { siret: text, treatmentCode: { type: 'string' }, qualification, weight: tonnes },
      },
    },
    missing: { type: 'array', items: { type: 'string', enum: [...REGISTER_REQUIRED_FIELDS] } },
  },
} as const;
