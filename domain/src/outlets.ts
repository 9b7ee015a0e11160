import { z } from 'zod';
import { operationCostsSchema } from './cost-rules.ts';
import { defineFields } from './fields.ts';
import { messages } from './messages.ts';
import { optionalSiret, optionalText, treatmentCodeSchema } from './operation-rules.ts';
import { OUTLET_QUANTITY_UNITS, TREATMENT_QUALIFICATIONS } from './operations.ts';
import { referenceSchema } from './skips.ts';
import { isoDateSchema, postcodeSchema, requiredText } from './validation.ts';

/**
 * My activity (SPEC 2, 3 "Outlet" and "Costs"): a provider's directory of final outlets, its default treatment
 * and outlets per client establishment and waste level, and its grid of prices per client and waste, each valid
 * from a date. The provider of the directory writes them all ('provider').
 */
export type ActivityWriter = 'provider';
const PROVIDER = ['provider'] as const;

const siteReference = (graphField: string) =>
  ({ resource: 'company_sites', node: 'Establishment', graphField, graphInput: `${graphField}Id` }) as const;

/** An optional date (blank: none). */
const optionalDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  isoDateSchema.nullish().transform((value) => value ?? null),
);

const optionalPostcode = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || null : value),
  postcodeSchema.nullish().transform((value) => value ?? null),
);

/** A latitude or longitude typed by hand (a number, or text with a dot or comma); blank: none. */
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value === 'string') {
        const text = value.trim().replace(',', '.');
        return text === '' ? null : Number(text);
      }
      return value;
    },
    z
      .number({ error: messages.quantityFormat })
      .min(min, messages.coordinateRange)
      .max(max, messages.coordinateRange)
      .nullish()
      .transform((value) => value ?? null),
  );

/** The official treatment codes an outlet performs, each once (`R3` is read as `R 3`). */
const treatmentCodesSchema = z
  .array(treatmentCodeSchema, { error: messages.unknownTreatmentCode })
  .max(30)
  .transform((codes) => [...new Set(codes)])
  .default([]);

/**
 * A final outlet of a provider's directory (`final_outlets`): the facility, its SIRET (SPEC 5), where it is
 * (the position comes from its town, or is set by hand), the codes it performs and its authorisation.
 */
export const finalOutletFields = defineFields<ActivityWriter>()({
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement prestataire',
    required: true,
    reference: siteReference('establishment'),
  },
  name: {
    kind: 'text',
    column: 'name',
    label: "Nom de l'exutoire",
    required: true,
    rule: requiredText(255),
    writers: PROVIDER,
  },
  siret: { kind: 'text', column: 'siret', label: 'SIRET', rule: optionalSiret, writers: PROVIDER },
  address: { kind: 'text', column: 'address', label: 'Adresse', rule: optionalText(500), writers: PROVIDER },
  postcode: {
    kind: 'text',
    column: 'postcode',
    label: 'Code postal',
    rule: optionalPostcode,
    writers: PROVIDER,
  },
  city: { kind: 'text', column: 'city', label: 'Ville', rule: optionalText(255), writers: PROVIDER },
  treatmentCodes: {
    kind: 'list',
    column: 'treatment_codes',
    label: 'Codes de traitement',
    rule: treatmentCodesSchema,
    writers: PROVIDER,
  },
  prefectoralOrderNumber: {
    kind: 'text',
    column: 'prefectoral_order_number',
    label: "Numéro d'arrêté préfectoral",
    rule: optionalText(100),
    writers: PROVIDER,
  },
  prefectoralOrderDate: {
    kind: 'date',
    column: 'prefectoral_order_date',
    label: "Date de l'arrêté préfectoral",
    rule: optionalDate,
    writers: PROVIDER,
  },
  lat: { kind: 'number', column: 'lat', label: 'Latitude', rule: coordinate(-90, 90), writers: PROVIDER },
  lon: { kind: 'number', column: 'lon', label: 'Longitude', rule: coordinate(-180, 180), writers: PROVIDER },
  /** The position was set by hand: a change of address no longer moves it. */
  positionManual: { kind: 'boolean', column: 'position_manual', label: 'Position ajustée à la main' },
  active: {
    kind: 'boolean',
    column: 'active',
    label: 'Actif',
    rule: z.boolean({ error: messages.yesOrNo }),
    writers: PROVIDER,
  },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Créé le', required: true },
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Modifié le', required: true },
});

/** The waste levels a default applies to (SPEC 2: levels 1 to 3 of the waste hierarchy). */
export const DEFAULT_WASTE_LEVELS = [1, 2, 3] as const;

/**
 * A default treatment of a provider (`company_site_treatments`): for one client establishment (or all of them:
 * `clientSite` null) and one waste at level 1, 2 or 3, the treatment code and qualification, and the default
 * outlets with their split. The most specific applies (`resolveDefault`).
 */
export const siteTreatmentFields = defineFields<ActivityWriter>()({
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement prestataire',
    required: true,
    reference: siteReference('establishment'),
  },
  clientSite: {
    kind: 'reference',
    column: 'client_site_id',
    label: 'Établissement client',
    rule: referenceSchema.nullish().transform((value) => value ?? null),
    writers: PROVIDER,
    reference: siteReference('clientEstablishment'),
  },
  firstLevelWaste: {
    kind: 'reference',
    column: 'first_level_waste_id',
    label: 'Déchet (niveau 1)',
    rule: referenceSchema.nullish().transform((value) => value ?? null),
    writers: PROVIDER,
    reference: {
      resource: 'first_level_wastes',
      node: 'FirstLevelWaste',
      graphField: 'firstLevelWaste',
      graphInput: 'firstLevelWasteId',
    },
  },
  secondLevelWaste: {
    kind: 'reference',
    column: 'second_level_waste_id',
    label: 'Déchet (niveau 2)',
    rule: referenceSchema.nullish().transform((value) => value ?? null),
    writers: PROVIDER,
    reference: {
      resource: 'second_level_wastes',
      node: 'SecondLevelWaste',
      graphField: 'secondLevelWaste',
      graphInput: 'secondLevelWasteId',
    },
  },
  thirdLevelWaste: {
    kind: 'reference',
    column: 'third_level_waste_id',
    label: 'Déchet (niveau 3)',
    rule: referenceSchema.nullish().transform((value) => value ?? null),
    writers: PROVIDER,
    reference: {
      resource: 'third_level_wastes',
      node: 'ThirdLevelWaste',
      graphField: 'thirdLevelWaste',
      graphInput: 'thirdLevelWasteId',
    },
  },
  treatmentCode: {
    kind: 'code',
    column: 'treatment_code',
    label: 'Code de traitement',
    required: true,
    rule: treatmentCodeSchema,
    writers: PROVIDER,
  },
  qualification: {
    kind: 'enum',
    column: 'qualification',
    label: 'Qualification du traitement',
    values: TREATMENT_QUALIFICATIONS,
    rule: z
      .enum(TREATMENT_QUALIFICATIONS, { error: messages.unknownChoice })
      .nullish()
      .transform((value) => value ?? null),
    writers: PROVIDER,
  },
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Modifié le', required: true },
});

/** A default outlet of a default treatment and its share (`company_site_treatment_final_outlet_links`). */
export const treatmentOutletLinkFields = defineFields<ActivityWriter>()({
  companySiteTreatment: {
    kind: 'reference',
    column: 'company_site_treatment_id',
    label: 'Traitement par défaut',
    required: true,
    reference: {
      resource: 'company_site_treatments',
      nestedUnder: { field: 'companySite', resource: 'company_sites' },
      node: 'DefaultTreatment',
      graphField: 'defaultTreatment',
      graphInput: 'defaultTreatmentId',
    },
  },
  /** Its default treatment's (read through it). */
  companySite: {
    kind: 'reference',
    column: 'kt.company_site_id',
    label: 'Établissement prestataire',
    required: true,
    reference: siteReference('establishment'),
  },
  finalOutlet: {
    kind: 'reference',
    column: 'final_outlet_id',
    label: 'Exutoire',
    required: true,
    rule: referenceSchema,
    writers: PROVIDER,
    reference: {
      resource: 'final_outlets',
      node: 'DirectoryOutlet',
      graphField: 'finalOutlet',
      graphInput: 'finalOutletId',
    },
  },
  position: { kind: 'integer', column: 'position', label: 'Rang', required: true },
  quantity: { kind: 'decimal', column: 'quantity', label: 'Quantité', required: true },
  quantityUnit: {
    kind: 'enum',
    column: 'quantity_unit',
    label: 'Unité de la quantité',
    required: true,
    values: OUTLET_QUANTITY_UNITS,
  },
});

/**
 * The prices of a provider for one client establishment and one waste from a date (`activity_costs`), euro
 * excluding tax per tonne: an operation done that day or later, until the next date, is proposed them.
 */
export const activityCostFields = defineFields<ActivityWriter>()({
  companySite: {
    kind: 'reference',
    column: 'company_site_id',
    label: 'Établissement prestataire',
    required: true,
    reference: siteReference('establishment'),
  },
  clientSite: {
    kind: 'reference',
    column: 'client_site_id',
    label: 'Établissement client',
    required: true,
    reference: siteReference('clientEstablishment'),
  },
  thirdLevelWaste: {
    kind: 'reference',
    column: 'third_level_waste_id',
    label: 'Déchet',
    required: true,
    reference: {
      resource: 'third_level_wastes',
      node: 'ThirdLevelWaste',
      graphField: 'thirdLevelWaste',
      graphInput: 'thirdLevelWasteId',
    },
  },
  validFrom: { kind: 'date', column: 'valid_from', label: 'Valable à partir du', required: true },
  treatmentCost: { kind: 'decimal', column: 'treatment_cost', label: 'Coût de traitement' },
  transportCost: { kind: 'decimal', column: 'transport_cost', label: 'Coût de transport' },
  recyclingRevenue: { kind: 'decimal', column: 'recycling_revenue', label: 'Recette de recyclage' },
  purchasePrice: { kind: 'decimal', column: 'purchase_price', label: 'Prix de rachat' },
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Modifié le', required: true },
});

/** One line of a save of the grid: a client establishment, a waste and its four prices (blank: not set). */
export const activityCostLineSchema = z.object({
  clientSite: referenceSchema,
  thirdLevelWaste: referenceSchema,
  ...operationCostsSchema.shape,
});

/** A save of the grid: the lines edited, all valid from one date. */
export const activityCostsSaveSchema = z.object({
  validFrom: isoDateSchema,
  lines: z.array(activityCostLineSchema, { error: messages.required }).min(1, messages.noChange).max(2000),
});
export type ActivityCostsSave = z.input<typeof activityCostsSaveSchema>;

/** A default outlet as a default treatment's body gives it: an outlet of the directory and its share. */
export const defaultOutletLinkSchema = z.object({
  finalOutlet: referenceSchema,
  quantity: z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: messages.required })
      .regex(/^[0-9]+([.,][0-9]{1,3})?$/, messages.quantityFormat)
      .refine((value) => Number(value.replace(',', '.')) > 0, messages.positiveValue)
      .transform((value) => value.replace(',', '.')),
  ),
  quantityUnit: z.enum(OUTLET_QUANTITY_UNITS, { error: messages.unknownChoice }),
});

/** The level of a default: the most precise waste it names (3, 2 or 1). */
export function defaultLevel(target: {
  firstLevelWaste: unknown;
  secondLevelWaste: unknown;
  thirdLevelWaste: unknown;
}): 1 | 2 | 3 | null {
  if (target.thirdLevelWaste !== null && target.thirdLevelWaste !== undefined) return 3;
  if (target.secondLevelWaste !== null && target.secondLevelWaste !== undefined) return 2;
  if (target.firstLevelWaste !== null && target.firstLevelWaste !== undefined) return 1;
  return null;
}

/**
 * The default that applies to a waste of a client (SPEC 2 "My activity"): among the provider's defaults that
 * name this waste at some level (its level 3, its level 2 or its level 1) for this client or for every client,
 * the most precise level first, then the client's own over the general one.
 */
export function resolveDefault<
  T extends {
    clientSite: number | null;
    firstLevelWaste: number | null;
    secondLevelWaste: number | null;
    thirdLevelWaste: number | null;
  },
>(
  defaults: readonly T[],
  target: { clientSite: number; firstLevelWaste: number; secondLevelWaste: number; thirdLevelWaste: number },
): T | null {
  const matches = (entry: T) => {
    if (entry.clientSite !== null && entry.clientSite !== target.clientSite) return false;
    switch (defaultLevel(entry)) {
      case 3:
        return entry.thirdLevelWaste === target.thirdLevelWaste;
      case 2:
        return entry.secondLevelWaste === target.secondLevelWaste;
      case 1:
        return entry.firstLevelWaste === target.firstLevelWaste;
      default:
        return false;
    }
  };
  const rank = (entry: T) => (defaultLevel(entry) ?? 0) * 2 + (entry.clientSite === null ? 0 : 1);
  return (
    defaults
      .filter(matches)
      .sort((a, b) => rank(b) - rank(a))
      .at(0) ?? null
  );
}
