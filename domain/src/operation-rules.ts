import { z } from 'zod';
import { normalizeTreatmentCode, normalizeWasteCode } from './codes.ts';
import { defineFields } from './fields.ts';
import { messages } from './messages.ts';
import {
  FLOW_DECLARERS,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  OUTLET_QUANTITY_UNITS,
  operationFieldLabels,
  REQUESTED_OPERATION_TYPES,
  TREATMENT_QUALIFICATIONS,
} from './operations.ts';
import { positiveDecimalSchema, referenceSchema } from './skips.ts';
import { isoDateSchema, siretSchema } from './validation.ts';

/**
 * The rules of operations (`operations.ts` holds their facts): the stored fields with how each is written, and
 * what a request, a completion or a declared flow may carry.
 */

export const optionalText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(max, messages.maxLength(max))
    .nullish()
    .transform((value) => (value ? value : null));

export const treatmentCodeSchema = z
  .string({ error: messages.unknownTreatmentCode })
  .transform((raw, context) => {
    const code = normalizeTreatmentCode(raw);
    if (code === null) {
      context.addIssue({ code: 'custom', message: messages.unknownTreatmentCode });
      return z.NEVER;
    }
    return code;
  });

/** A SIRET typed with spaces (`732 829 320 00074`); a blank field of the form means none. */
export const optionalSiret = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s/g, '') || null : value),
  siretSchema.nullish().transform((value) => value ?? null),
);

/** A SIREN (9 digits) typed with spaces; a blank field of the form means none. */
export const optionalSiren = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s/g, '') || null : value),
  z
    .string({ error: messages.required })
    .regex(/^[0-9]{9}$/, messages.sirenFormat)
    .nullish()
    .transform((value) => value ?? null),
);

/** One final outlet of an operation (SPEC 3 "Outlet"); the api checks the code against the official list. */
export const finalOutletSchema = z.object(
  {
    name: z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .max(255, messages.maxLength(255)),
    siret: optionalSiret,
    address: optionalText(500),
    treatmentCode: treatmentCodeSchema,
    /** Among the code's own (checked by the api against the official list); required where it has several. */
    qualification: z
      .enum(TREATMENT_QUALIFICATIONS, { error: messages.unknownChoice })
      .nullish()
      .transform((value) => value ?? null),
    quantity: positiveDecimalSchema(3),
    quantityUnit: z.enum(OUTLET_QUANTITY_UNITS, { error: messages.unknownChoice }),
  },
  { error: messages.required },
);
export type FinalOutletInput = z.input<typeof finalOutletSchema>;
export type FinalOutletValues = z.output<typeof finalOutletSchema>;

/** A final outlet of an operation as stored (`operation_final_outlet_links`): its fields, in the list's order. */
export const operationOutletFields = defineFields()({
  operation: {
    kind: 'reference',
    column: 'operation_id',
    label: 'Opération',
    required: true,
    reference: {
      resource: 'operations',
      node: 'Operation',
      graphField: 'operation',
      graphInput: 'operationId',
    },
  },
  position: { kind: 'integer', column: 'position', label: 'Rang', required: true },
  name: { kind: 'text', column: 'name', label: "Nom de l'exutoire", required: true },
  siret: { kind: 'text', column: 'siret', label: 'SIRET' },
  address: { kind: 'text', column: 'address', label: 'Adresse' },
  treatmentCode: { kind: 'code', column: 'treatment_code', label: 'Code de traitement', required: true },
  qualification: {
    kind: 'enum',
    column: 'qualification',
    label: 'Qualification du traitement',
    values: TREATMENT_QUALIFICATIONS,
  },
  quantity: { kind: 'decimal', column: 'quantity', label: 'Quantité', required: true },
  quantityUnit: {
    kind: 'enum',
    column: 'quantity_unit',
    label: 'Unité de la quantité',
    required: true,
    values: OUTLET_QUANTITY_UNITS,
  },
  /** Its entry in the provider's outlet directory (matched by SIRET, or made from it). */
  finalOutlet: {
    kind: 'reference',
    column: 'final_outlet_id',
    label: 'Exutoire de l’annuaire',
    reference: {
      resource: 'final_outlets',
      node: 'DirectoryOutlet',
      graphField: 'directoryOutlet',
      graphInput: 'directoryOutletId',
    },
  },
});

/** Who writes an operation's fields: the producer asks, the provider completes (domain moves apart). */
export type OperationWriter = 'producer' | 'provider';

const ref = (resource: string, node: string, graphField: string) => ({
  resource,
  node,
  graphField,
  graphInput: `${graphField}Id`,
});

/**
 * An operation's stored fields (SPEC 3 "Operation"): the one list the api selects and serialises, and from which
 * the request's and the completion's fields are written. Its status moves only through `OPERATION_ACTIONS`; its
 * final outlets are their own rows (`finalOutletSchema`). The completion's `comment` is the provider's comment.
 */
export const operationFields = defineFields<OperationWriter>()({
  type: {
    kind: 'enum',
    column: 'type',
    label: operationFieldLabels.type,
    required: true,
    values: OPERATION_TYPES,
    rule: z.enum(REQUESTED_OPERATION_TYPES, { error: messages.unknownChoice }),
    writers: ['producer'],
  },
  declaredBy: {
    kind: 'enum',
    column: 'declared_by',
    label: operationFieldLabels.declaredBy,
    values: FLOW_DECLARERS,
  },
  status: {
    kind: 'enum',
    column: 'status',
    label: operationFieldLabels.status,
    required: true,
    values: OPERATION_STATUSES,
  },
  skip: {
    kind: 'reference',
    column: 'skip_id',
    label: operationFieldLabels.skip,
    reference: ref('skips', 'Skip', 'skip'),
  },
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: operationFieldLabels.companySite,
    required: true,
    reference: ref('company_sites', 'Establishment', 'establishment'),
  },
  companySiteEntity: {
    kind: 'reference',
    column: 'company_site_entity_id',
    label: operationFieldLabels.companySiteEntity,
    reference: {
      ...ref('company_site_entities', 'Entity', 'entity'),
      nestedUnder: { field: 'companySite', resource: 'company_sites' },
    },
  },
  provider: {
    kind: 'reference',
    column: 'provider_site_id',
    label: operationFieldLabels.provider,
    reference: ref('company_sites', 'Establishment', 'provider'),
  },
  thirdLevelWaste: {
    kind: 'reference',
    column: 'third_level_waste_id',
    label: operationFieldLabels.thirdLevelWaste,
    reference: ref('third_level_wastes', 'ThirdLevelWaste', 'thirdLevelWaste'),
  },
  wasteCode: { kind: 'code', column: 'waste_code', label: operationFieldLabels.wasteCode },
  dangerous: { kind: 'boolean', column: 'dangerous', label: operationFieldLabels.dangerous },
  plannedTreatmentCode: {
    kind: 'code',
    column: 'planned_treatment_code',
    label: operationFieldLabels.plannedTreatmentCode,
  },
  requestedDate: {
    kind: 'date',
    column: 'requested_date',
    label: operationFieldLabels.requestedDate,
    required: true,
    rule: isoDateSchema,
    writers: ['producer'],
  },
  interventionDate: {
    kind: 'date',
    column: 'intervention_date',
    label: operationFieldLabels.interventionDate,
  },
  comment: {
    kind: 'text',
    column: 'comment',
    label: operationFieldLabels.comment,
    rule: optionalText(2000),
    writers: ['producer'],
  },
  receivedQuantity: {
    kind: 'decimal',
    column: 'received_quantity',
    label: operationFieldLabels.receivedQuantity,
    rule: positiveDecimalSchema(3).nullish(),
    writers: ['provider'],
  },
  realInterventionDate: {
    kind: 'date',
    column: 'real_intervention_date',
    label: operationFieldLabels.realInterventionDate,
    rule: isoDateSchema.nullish(),
    writers: ['provider'],
  },
  quantityEstimated: {
    kind: 'boolean',
    column: 'quantity_estimated',
    label: operationFieldLabels.quantityEstimated,
    rule: z.boolean({ error: messages.unknownChoice }).nullish(),
    writers: ['provider'],
  },
  bsdNumber: {
    kind: 'text',
    column: 'bsd_number',
    label: operationFieldLabels.bsdNumber,
    rule: optionalText(100),
    writers: ['provider'],
  },
  // The transporter (a register's carrier, DOMAIN.md): a carrier establishment of the portal, whose name, SIRET
  // and address are copied when it is chosen, or a party entered by hand; its receipt number either way.
  transporterSite: {
    kind: 'reference',
    column: 'transporter_site_id',
    label: operationFieldLabels.transporterSite,
    reference: ref('company_sites', 'Establishment', 'transporterEstablishment'),
    rule: referenceSchema.nullish().transform((value) => value ?? null),
    writers: ['provider'],
  },
  transporterName: {
    kind: 'text',
    column: 'transporter_name',
    label: operationFieldLabels.transporterName,
    rule: optionalText(255),
    writers: ['provider'],
  },
  transporterSiret: {
    kind: 'text',
    column: 'transporter_siret',
    label: operationFieldLabels.transporterSiret,
    rule: optionalSiret,
    writers: ['provider'],
  },
  transporterAddress: {
    kind: 'text',
    column: 'transporter_address',
    label: operationFieldLabels.transporterAddress,
    rule: optionalText(500),
    writers: ['provider'],
  },
  transporterReceiptNumber: {
    kind: 'text',
    column: 'transporter_receipt_number',
    label: operationFieldLabels.transporterReceiptNumber,
    rule: optionalText(100),
    writers: ['provider'],
  },
  // The eco-organisation (name, SIREN) and the broker or trader (name, SIRET, receipt number) of the register,
  // where there is one: parties entered by hand; the compliance file finds a broker on the portal by its SIRET.
  ecoOrganisationName: {
    kind: 'text',
    column: 'eco_organisation_name',
    label: operationFieldLabels.ecoOrganisationName,
    rule: optionalText(255),
    writers: ['provider'],
  },
  ecoOrganisationSiren: {
    kind: 'text',
    column: 'eco_organisation_siren',
    label: operationFieldLabels.ecoOrganisationSiren,
    rule: optionalSiren,
    writers: ['provider'],
  },
  brokerName: {
    kind: 'text',
    column: 'broker_name',
    label: operationFieldLabels.brokerName,
    rule: optionalText(255),
    writers: ['provider'],
  },
  brokerSiret: {
    kind: 'text',
    column: 'broker_siret',
    label: operationFieldLabels.brokerSiret,
    rule: optionalSiret,
    writers: ['provider'],
  },
  brokerReceiptNumber: {
    kind: 'text',
    column: 'broker_receipt_number',
    label: operationFieldLabels.brokerReceiptNumber,
    rule: optionalText(100),
    writers: ['provider'],
  },
  providerComment: {
    kind: 'text',
    column: 'provider_comment',
    label: operationFieldLabels.providerComment,
    rule: optionalText(2000),
    writers: ['provider'],
  },
  program: {
    kind: 'reference',
    column: 'program_id',
    label: operationFieldLabels.program,
    reference: ref('operation_programs', 'RotationProgram', 'program'),
  },
  version: { kind: 'integer', column: 'version', label: operationFieldLabels.version, required: true },
  createdAt: {
    kind: 'timestamp',
    column: 'created_at',
    label: operationFieldLabels.createdAt,
    required: true,
  },
  updatedAt: {
    kind: 'timestamp',
    column: 'updated_at',
    label: operationFieldLabels.updatedAt,
    required: true,
  },
  completedAt: { kind: 'timestamp', column: 'completed_at', label: operationFieldLabels.completedAt },
  validatedAt: { kind: 'timestamp', column: 'validated_at', label: operationFieldLabels.validatedAt },
});

/**
 * The completion of an operation as the provider saves it (every field optional: save and resume later).
 * `complete: true` also asks for the move to COMPLETED, which `completionProblems` guards.
 */
export const operationCompletionSchema = z.object({
  receivedQuantity: operationFields.receivedQuantity.rule,
  quantityEstimated: operationFields.quantityEstimated.rule,
  realInterventionDate: operationFields.realInterventionDate.rule,
  bsdNumber: operationFields.bsdNumber.rule,
  transporterSite: operationFields.transporterSite.rule,
  transporterName: operationFields.transporterName.rule,
  transporterSiret: operationFields.transporterSiret.rule,
  transporterAddress: operationFields.transporterAddress.rule,
  transporterReceiptNumber: operationFields.transporterReceiptNumber.rule,
  ecoOrganisationName: operationFields.ecoOrganisationName.rule,
  ecoOrganisationSiren: operationFields.ecoOrganisationSiren.rule,
  brokerName: operationFields.brokerName.rule,
  brokerSiret: operationFields.brokerSiret.rule,
  brokerReceiptNumber: operationFields.brokerReceiptNumber.rule,
  comment: operationFields.providerComment.rule,
  // Replaced as a whole; null (a merge-patch clearing it) is no outlet.
  finalOutlets: z
    .array(finalOutletSchema, { error: messages.required })
    .max(20, messages.valueTooLarge)
    .nullish()
    .transform((outlets) => (outlets === null ? [] : outlets)),
});
export type OperationCompletionInput = z.input<typeof operationCompletionSchema>;

/** A producer's request (SPEC 4): a rotation or a retirement of a container, on a wished date. */
export const operationRequestSchema = z.object({
  type: operationFields.type.rule,
  requestedDate: operationFields.requestedDate.rule,
  comment: operationFields.comment.rule,
});
export type OperationRequestInput = z.input<typeof operationRequestSchema>;

/**
 * A flow declared (SPEC 1, 4): by its producer (its own establishment, optionally the provider of the portal
 * that received it) or by a provider (its establishment and one of its client's). What it was, when it left and
 * how much; the rest of its register fields are filled in as a completion is, then sent.
 */
export const flowDeclarationSchema = z.object({
  declaredBy: z.enum(FLOW_DECLARERS, { error: messages.unknownChoice }),
  companySite: referenceSchema,
  companySiteEntity: referenceSchema.nullish().transform((value) => value ?? null),
  provider: referenceSchema.nullish().transform((value) => value ?? null),
  /** The precise waste (its label is the register's usual name); its default code unless one is given. */
  thirdLevelWaste: referenceSchema,
  wasteCode: z
    .string({ error: messages.unknownWasteCode })
    .transform((raw, context) => {
      if (raw.trim() === '') return null;
      const code = normalizeWasteCode(raw);
      if (code === null) {
        context.addIssue({ code: 'custom', message: messages.unknownWasteCode });
        return z.NEVER;
      }
      return code;
    })
    .nullish()
    .transform((value) => value ?? null),
  plannedTreatmentCode: treatmentCodeSchema.nullish().transform((value) => value ?? null),
  realInterventionDate: isoDateSchema,
  receivedQuantity: positiveDecimalSchema(3)
    .nullish()
    .transform((value) => value ?? null),
  quantityEstimated: z
    .boolean({ error: messages.unknownChoice })
    .nullish()
    .transform((value) => value ?? false),
  comment: optionalText(2000),
});
export type FlowDeclarationInput = z.input<typeof flowDeclarationSchema>;
