import type { TreatmentQualification } from './operations.ts';

/**
 * The regulatory register of outgoing waste (arrêté du 31 mai 2021, article 2; DOMAIN.md): one line per waste
 * shipment leaving a producer's establishment, with every field the article asks. The api builds lines from
 * what happened (realised operations); the export writes them in the national register's OUTGOING columns.
 */

/** A party as the register names it: its company's name, SIRET, and address split as the national columns are. */
export interface RegisterParty {
  name: string | null;
  siret: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

/** A carrier of the shipment: a party with its transport receipt number. */
export interface RegisterCarrier extends RegisterParty {
  receiptNumber: string | null;
}

/** Where part of the waste was finally treated: its facility, its treatment code and tonnes. */
export interface RegisterFinalTreatment {
  siret: string | null;
  /** The official code as written in treatment-codes.json (`R 1`). */
  treatmentCode: string;
  qualification: TreatmentQualification | null;
  /** Tonnes, 3 decimals. */
  weight: string | null;
}

export const REGISTER_LINE_SOURCES = ['OPERATION'] as const;
export type RegisterLineSource = (typeof REGISTER_LINE_SOURCES)[number];

export interface RegisterLine {
  /** The IRI of what the line comes from (`/api/operations/12`). */
  id: string;
  source: RegisterLineSource;
  /** Date of shipment (`yyyy-MM-dd`): when the waste left the establishment. */
  shipmentDate: string | null;
  /** The usual name of the waste (dénomination usuelle). */
  wasteDescription: string | null;
  /** As the nomenclature writes it (`17 05 03*`). */
  wasteCode: string | null;
  pop: boolean;
  dangerous: boolean;
  /** The slip numbers (BSD), when the waste travelled under one. */
  slipNumbers: string[];
  /** Tonnes, 3 decimals. */
  weight: string | null;
  weightIsEstimate: boolean;
  /** The producer's establishment the waste left. */
  origin: RegisterParty;
  /** The pick-up address when it differs from the establishment's (a chantier). */
  pickupSite: RegisterParty | null;
  ecoOrganisation: { name: string; siren: string | null } | null;
  broker: (RegisterParty & { receiptNumber: string | null }) | null;
  carriers: RegisterCarrier[];
  /** The facility the waste was shipped to. */
  destination: RegisterParty | null;
  /** The treatment code planned at the request (`R 13`). */
  plannedTreatmentCode: string | null;
  /** The treatment code done at the destination (`R 1`). */
  treatmentCode: string | null;
  /**
   * The qualification of the treatment at the destination (reuse, recycling, energy recovery, disposal); null at
   * a transit facility (R 12, R 13, D 13 to D 15), whose final treatments each carry theirs.
   */
  qualification: TreatmentQualification | null;
  finalTreatments: RegisterFinalTreatment[];
  /** The mandatory fields this line still lacks (`REGISTER_REQUIRED_FIELDS`): the line is 'à compléter'. */
  missing: RegisterRequiredField[];
}

/**
 * What article 2 makes mandatory on every line (eco-organisation, broker and slip only where there is one, the
 * pick-up address only when it differs), with the French name shown where a line is flagged 'à compléter'.
 */
export const registerRequiredFieldLabels = {
  shipmentDate: "Date d'expédition",
  wasteDescription: 'Dénomination usuelle',
  wasteCode: 'Code déchet',
  weight: 'Quantité (t)',
  originSiret: "SIRET de l'établissement",
  originAddress: "Adresse de l'établissement",
  carrier: 'Transporteur (nom, SIRET, récépissé)',
  destination: 'Installation de destination (nom, SIRET, adresse)',
  treatmentCode: 'Code de traitement',
  qualification: 'Qualification du traitement final',
} as const;
export type RegisterRequiredField = keyof typeof registerRequiredFieldLabels;
export const REGISTER_REQUIRED_FIELDS = Object.keys(registerRequiredFieldLabels) as RegisterRequiredField[];

const filled = (value: string | null | undefined) =>
  value !== null && value !== undefined && value.trim() !== '';

/** The mandatory fields a line lacks, in the register's order. */
export function registerLineGaps(line: Omit<RegisterLine, 'missing'>): RegisterRequiredField[] {
  const present: Record<RegisterRequiredField, boolean> = {
    shipmentDate: filled(line.shipmentDate),
    wasteDescription: filled(line.wasteDescription),
    wasteCode: filled(line.wasteCode),
    weight: filled(line.weight),
    originSiret: filled(line.origin.siret),
    originAddress: filled(line.origin.address) || filled(line.origin.city),
    carrier:
      line.carriers.length > 0 &&
      line.carriers.every(
        (carrier) => filled(carrier.name) && filled(carrier.siret) && filled(carrier.receiptNumber),
      ),
    destination:
      line.destination !== null &&
      filled(line.destination.name) &&
      filled(line.destination.siret) &&
      (filled(line.destination.address) || filled(line.destination.city)),
    treatmentCode: filled(line.treatmentCode),
    // At a transit facility the final qualification is that of each final treatment.
    qualification:
      line.qualification !== null ||
      (line.finalTreatments.length > 0 &&
        line.finalTreatments.every((final) => final.qualification !== null)),
  };
  return REGISTER_REQUIRED_FIELDS.filter((field) => !present[field]);
}

/** The register kinds of the national export; a producer keeps OUTGOING (registry-export-columns.json). */
export const REGISTER_EXPORT_TYPES = ['OUTGOING'] as const;
export type RegisterExportType = (typeof REGISTER_EXPORT_TYPES)[number];
export const REGISTER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type RegisterExportFormat = (typeof REGISTER_EXPORT_FORMATS)[number];
