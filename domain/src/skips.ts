import { z } from 'zod';
import { isHazardousWasteCode, normalizeTreatmentCode, normalizeWasteCode } from './codes.ts';
import { defineFields, fieldLabels, writableFields, writableSchema } from './fields.ts';
import { messages } from './messages.ts';
import { decimalSchema, isoDateSchema, quantityPattern, whenFieldsValid } from './validation.ts';

/** Containers (skips), SPEC 3 and 4: their enums with French labels, mandatory fields and validation. */

export const FILLING_LEVELS = ['EMPTY', 'QUARTER', 'HALF', 'THREE_QUARTERS', 'FULL'] as const;
export type FillingLevel = (typeof FILLING_LEVELS)[number];
export const fillingLevelLabels: Record<FillingLevel, string> = {
  EMPTY: 'Vide',
  QUARTER: 'Plein au quart',
  HALF: 'À moitié plein',
  THREE_QUARTERS: 'Plein aux trois quarts',
  FULL: 'Plein',
};

export const CONSISTENCIES = ['SOLID', 'LIQUID', 'GASEOUS', 'DOUGHY', 'PULVERULENT', 'OTHER'] as const;
export type Consistency = (typeof CONSISTENCIES)[number];
export const consistencyLabels: Record<Consistency, string> = {
  SOLID: 'Solide',
  LIQUID: 'Liquide',
  GASEOUS: 'Gazeux',
  DOUGHY: 'Pâteux',
  PULVERULENT: 'Pulvérulent',
  OTHER: 'Autre',
};

/** The skip lifecycle (SPEC 4). */
export const SKIP_STATES = ['AVAILABLE', 'ORDERED', 'ARCHIVED'] as const;
export type SkipState = (typeof SKIP_STATES)[number];
export const skipStateLabels: Record<SkipState, string> = {
  AVAILABLE: 'Disponible',
  ORDERED: 'Commandé',
  ARCHIVED: 'Archivé',
};

/** The skip list statuses (SPEC 4): work planned or asked on a container. */
export const SKIP_PLANNED_WORKS = [
  'ROTATION_PLANNED',
  'WITHDRAWAL_PLANNED',
  'ROTATION_ASKED',
  'WITHDRAWAL_ASKED',
] as const;
export type SkipPlannedWork = (typeof SKIP_PLANNED_WORKS)[number];
export const skipPlannedWorkLabels: Record<SkipPlannedWork, string> = {
  ROTATION_PLANNED: 'Rotation planifiée',
  WITHDRAWAL_PLANNED: 'Retrait planifié',
  ROTATION_ASKED: 'Rotation demandée',
  WITHDRAWAL_ASKED: 'Retrait demandé',
};

/** Units of a container's volume; skip types use the same. */
export const SKIP_UNITS = ['L', 'm3', 'unité'] as const;
export type SkipUnit = (typeof SKIP_UNITS)[number];
export const skipUnitLabels: Record<SkipUnit, string> = { L: 'L', m3: 'm³', unité: 'unité(s)' };

/** A volume with its unit as the screens write it (`30 m³`, as the skip types' labels do). */
export function formatSkipCapacity(volume: string, unit: string | null | undefined): string {
  if (!unit) return volume;
  return `${volume}\u00a0${(skipUnitLabels as Record<string, string>)[unit] ?? unit}`;
}

/** The French label of a container field (e.g. one `missingForRotation` names); the name itself if unknown. */
export function missingFieldLabel(field: string): string {
  return (skipFieldLabels as Record<string, string>)[field] ?? field;
}

/** Mandatory before a rotation can be requested (SPEC 5), in the order of the form. */
export const ROTATION_MANDATORY_FIELDS = [
  'name',
  'skipType',
  'volume',
  'unit',
  'firstLevelWaste',
  'secondLevelWaste',
  'thirdLevelWaste',
  'provider',
  'plannedTreatmentCode',
  'estimatedFullQuantity',
] as const satisfies readonly SkipField[];

/** Also mandatory on a dangerous container (the hazardous extras a slip needs). */
export const DANGEROUS_ROTATION_MANDATORY_FIELDS = [
  'consistency',
  'wasteCode',
  'capNumber',
  'adrMention',
] as const satisfies readonly SkipField[];

export type RotationMandatoryField =
  | (typeof ROTATION_MANDATORY_FIELDS)[number]
  | (typeof DANGEROUS_ROTATION_MANDATORY_FIELDS)[number];

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The mandatory fields still empty on a container: a rotation can be requested only when there is none.
 * Field names are the REST ones; `skipFieldLabels` gives the French label of each.
 */
export function missingForRotation(
  skip: Partial<Record<SkipField, unknown>> & { dangerous?: boolean | null },
): RotationMandatoryField[] {
  const fields: RotationMandatoryField[] = [
    ...ROTATION_MANDATORY_FIELDS,
    ...(skip.dangerous === true ? DANGEROUS_ROTATION_MANDATORY_FIELDS : []),
  ];
  return fields.filter((field) => isBlank(skip[field]));
}

export function canRequestRotation(
  skip: Partial<Record<SkipField, unknown>> & { dangerous?: boolean | null },
): boolean {
  return missingForRotation(skip).length === 0;
}

/** Empty text from a form means "no value". */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** Optional in the form: absent or null (or blank) gives null. */
const optional = <S extends z.ZodType>(schema: S) =>
  z
    .preprocess(blankAsNull, schema.nullable())
    .optional()
    .transform((value) => value ?? null);

/** A reference to another resource: its IRI (`/api/skip_types/4`), or its id. The api resolves it. */
export const referenceSchema = z.union(
  [z.string().trim().min(1, messages.required), z.number().int().positive(messages.required)],
  { error: messages.required },
);

const MAX_INTEGER_DIGITS = 9;

/**
 * A strictly positive decimal with comma or dot and at most `decimals` digits after it (SPEC 5), given as
 * text (a JSON number is read as its text); the output uses a dot.
 */
export const positiveDecimalSchema = (decimals: number) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    decimalSchema(decimals)
      // The format has its own message; these two speak only of well-formed numbers.
      .refine((v) => !quantityPattern.test(v) || Number(v.replace(',', '.')) > 0, messages.positiveValue)
      .refine(
        (v) =>
          !quantityPattern.test(v) ||
          (v.replace('-', '').split(/[.,]/)[0] ?? '').replace(/^0+/, '').length <= MAX_INTEGER_DIGITS,
        messages.valueTooLarge,
      )
      .transform((v) => v.replace(',', '.')),
  );

const optionalText = (max: number) =>
  optional(z.string({ error: messages.required }).trim().max(max, messages.maxLength(max)));

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: messages.unknownChoice });

const flag = z
  .boolean({ error: messages.yesOrNo })
  .nullish()
  .transform((value) => value ?? false);

/** Who writes a container's fields (SPEC 6): its producer every one, its provider those it completes. */
export type SkipWriter = 'producer' | 'provider';
const BOTH: readonly SkipWriter[] = ['producer', 'provider'];
const PRODUCER: readonly SkipWriter[] = ['producer'];

const wasteLevel = (level: 1 | 2 | 3, resource: string, node: string, graphField: string) =>
  ({
    kind: 'reference',
    column: `${['first', 'second', 'third'][level - 1]}_level_waste_id`,
    label: ['Famille de déchet (niveau 1)', 'Flux de déchet (niveau 2)', 'Déchet (niveau 3)'][
      level - 1
    ] as string,
    rule: optional(referenceSchema),
    writers: PRODUCER,
    reference: { resource, node, graphField, graphInput: `${graphField}Id` },
  }) as const;

/**
 * A container's fields (SPEC 3), in the order of its form: the one list the api, the gateway and the web read.
 * References (`companySite`, `skipType`, waste levels, `provider`) are IRIs or ids the api resolves; the rules
 * that need the reference lists (a code that exists, a provider linked to the site) are the api's.
 */
export const skipFields = defineFields<SkipWriter>()({
  name: {
    kind: 'text',
    column: 'name',
    label: 'Nom',
    required: true,
    rule: z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .max(255, messages.maxLength(255)),
    writers: PRODUCER,
  },
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement',
    required: true,
    rule: referenceSchema,
    writers: PRODUCER,
    reference: {
      resource: 'company_sites',
      node: 'Establishment',
      graphField: 'establishment',
      graphInput: 'establishmentId',
    },
  },
  companySiteEntity: {
    kind: 'reference',
    column: 'company_site_entity_id',
    label: 'Chantier',
    rule: optional(referenceSchema),
    writers: PRODUCER,
    reference: {
      resource: 'company_site_entities',
      nestedUnder: { field: 'companySite', resource: 'company_sites' },
      node: 'Entity',
      graphField: 'entity',
      graphInput: 'entityId',
    },
  },
  skipType: {
    kind: 'reference',
    column: 'skip_type_id',
    label: 'Type de contenant',
    rule: optional(referenceSchema),
    writers: PRODUCER,
    reference: { resource: 'skip_types', node: 'SkipType', graphField: 'skipType', graphInput: 'skipTypeId' },
  },
  unit: {
    kind: 'enum',
    column: 'unit',
    label: 'Unité',
    values: SKIP_UNITS,
    rule: optional(choice(SKIP_UNITS)),
    writers: PRODUCER,
  },
  volume: {
    kind: 'decimal',
    column: 'volume',
    label: 'Volume',
    rule: optional(positiveDecimalSchema(3)),
    writers: PRODUCER,
  },
  firstLevelWaste: wasteLevel(1, 'first_level_wastes', 'FirstLevelWaste', 'firstLevelWaste'),
  secondLevelWaste: wasteLevel(2, 'second_level_wastes', 'SecondLevelWaste', 'secondLevelWaste'),
  thirdLevelWaste: wasteLevel(3, 'third_level_wastes', 'ThirdLevelWaste', 'thirdLevelWaste'),
  provider: {
    kind: 'reference',
    column: 'provider_site_id',
    label: 'Prestataire',
    rule: optional(referenceSchema),
    writers: PRODUCER,
    reference: {
      resource: 'company_sites',
      node: 'Establishment',
      graphField: 'provider',
      graphInput: 'providerId',
    },
  },
  ecoOrganisation: {
    kind: 'text',
    column: 'eco_organisation',
    label: 'Éco-organisme',
    rule: optionalText(255),
    writers: BOTH,
  },
  plannedTreatmentCode: {
    kind: 'code',
    column: 'planned_treatment_code',
    label: 'Code de traitement prévu',
    rule: optional(
      z
        .string({ error: messages.unknownTreatmentCode })
        .transform(
          (raw, context) => normalizeTreatmentCode(raw) ?? invalid(context, messages.unknownTreatmentCode),
        ),
    ),
    writers: BOTH,
  },
  fillingLevel: {
    kind: 'enum',
    column: 'filling_level',
    label: 'Niveau de remplissage',
    values: FILLING_LEVELS,
    rule: optional(choice(FILLING_LEVELS)),
    writers: PRODUCER,
  },
  estimatedFullQuantity: {
    kind: 'decimal',
    column: 'estimated_full_quantity',
    label: 'Quantité estimée une fois plein (t)',
    rule: optional(positiveDecimalSchema(3)),
    writers: PRODUCER,
  },
  quantityEstimated: {
    kind: 'boolean',
    column: 'quantity_estimated',
    label: 'Quantités estimées (sans pesée)',
    rule: flag,
    writers: BOTH,
  },
  packageCount: {
    kind: 'integer',
    column: 'package_count',
    label: 'Nombre de colis',
    rule: optional(
      z.preprocess(
        (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
        z
          .number({ error: messages.positiveInteger })
          .int(messages.positiveInteger)
          .min(1, messages.positiveInteger)
          .max(1_000_000, messages.valueTooLarge),
      ),
    ),
    writers: PRODUCER,
  },
  dangerous: {
    kind: 'boolean',
    column: 'dangerous',
    label: 'Contenant dangereux',
    rule: flag,
    writers: PRODUCER,
  },
  persistentOrganicPollutants: {
    kind: 'boolean',
    column: 'persistent_organic_pollutants',
    label: 'Polluants organiques persistants (POP)',
    rule: flag,
    writers: BOTH,
  },
  consistency: {
    kind: 'enum',
    column: 'consistency',
    label: 'Consistance',
    values: CONSISTENCIES,
    rule: optional(choice(CONSISTENCIES)),
    writers: BOTH,
  },
  wasteCode: {
    kind: 'code',
    column: 'waste_code',
    label: 'Code déchet',
    rule: optional(
      z
        .string({ error: messages.unknownWasteCode })
        .transform((raw, context) => normalizeWasteCode(raw) ?? invalid(context, messages.unknownWasteCode)),
    ),
    writers: BOTH,
  },
  providerReceiptNumber: {
    kind: 'text',
    column: 'provider_receipt_number',
    label: 'Numéro de récépissé du prestataire',
    rule: optionalText(100),
    writers: BOTH,
  },
  providerReceiptValidity: {
    kind: 'date',
    column: 'provider_receipt_validity',
    label: 'Date de validité du récépissé',
    rule: optional(isoDateSchema),
    writers: BOTH,
  },
  capNumber: {
    kind: 'text',
    column: 'cap_number',
    label: "Numéro de CAP (certificat d'acceptation préalable)",
    rule: optionalText(100),
    writers: BOTH,
  },
  adrMention: {
    kind: 'text',
    column: 'adr_mention',
    label: 'Mention ADR',
    rule: optionalText(500),
    writers: BOTH,
  },
  adrNumber: {
    kind: 'text',
    column: 'adr_number',
    label: 'Numéro ADR (ONU)',
    rule: optionalText(20),
    writers: BOTH,
  },
  state: { kind: 'enum', column: 'state', label: 'État', required: true, values: SKIP_STATES },
  plannedWork: { kind: 'enum', column: 'planned_work', label: 'Travaux prévus', values: SKIP_PLANNED_WORKS },
  version: { kind: 'integer', column: 'version', label: 'Version', required: true },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Créé le', required: true },
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Modifié le', required: true },
});

/** The fields of a container a client writes, as the REST API names them (the table's order). */
export const SKIP_FIELDS = writableFields(skipFields);
export type SkipField = (typeof SKIP_FIELDS)[number];
export const skipFieldLabels = fieldLabels(skipFields);

/** What the provider of a container may complete (SPEC 6); the producer may change every field. */
export const SKIP_PROVIDER_FIELDS = writableFields(skipFields, 'provider');
export type SkipProviderField = (typeof SKIP_PROVIDER_FIELDS)[number];

/** The fields of a container with their rules; a form that shows only some picks them and adds `withSkipRules`. */
export const skipFieldsSchema = writableSchema(skipFields);

/** The rules across fields of a container: a hazardous waste code goes with a dangerous container only. */
export function withSkipRules<S extends z.ZodType<{ dangerous: boolean; wasteCode: string | null }>>(
  schema: S,
) {
  return schema.superRefine(
    (skip, context) => {
      if (skip.wasteCode === null) return;
      const hazardous = isHazardousWasteCode(skip.wasteCode);
      if (skip.dangerous && !hazardous) {
        context.addIssue({
          code: 'custom',
          message: messages.dangerousSkipNeedsHazardousCode,
          path: ['wasteCode'],
        });
      } else if (!skip.dangerous && hazardous) {
        context.addIssue({
          code: 'custom',
          message: messages.hazardousCodeNeedsDangerousSkip,
          path: ['wasteCode'],
        });
      }
    },
    { when: whenFieldsValid('dangerous', 'wasteCode') },
  );
}

/** A container, as the producer creates or edits it (a PATCH is validated merged with the stored one). */
export const skipSchema = withSkipRules(skipFieldsSchema);

/** Reports `message` on the value being transformed and yields z.NEVER. */
function invalid(context: z.RefinementCtx, message: string): never {
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
}

export type SkipInput = z.input<typeof skipSchema>;
export type SkipValues = z.output<typeof skipSchema>;

/**
 * The container a row is about (a delivery, an operation, a program) and its sides, as each such table holds
 * them: the producer's site and chantier, and the provider. `entityColumn` names where the chantier is read
 * (a delivery reads its container's).
 */
export function skipSideFields(entityColumn = 'company_site_entity_id') {
  return defineFields()({
    skip: {
      kind: 'reference',
      column: 'skip_id',
      label: 'Contenant',
      required: true,
      reference: { resource: 'skips', node: 'Skip', graphField: 'skip', graphInput: 'skipId' },
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
      column: entityColumn,
      label: 'Chantier',
      reference: skipFields.companySiteEntity.reference,
    },
    provider: {
      kind: 'reference',
      column: 'provider_site_id',
      label: 'Prestataire',
      reference: skipFields.provider.reference,
    },
  });
}
