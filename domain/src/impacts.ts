import { normalizeTreatmentCode } from './codes.ts';
import { thousandths } from './operations.ts';

/**
 * Environmental figures of the dashboard (DOMAIN.md): the valorisation (recovery) rate from the FINAL treatment
 * codes, split into material and energy recovery, and CO2 emitted and avoided from one versioned factor table.
 * Pure functions over exact tonnes (thousandths): the api aggregates in SQL with the same rules, and tests compare.
 */

/** Codes that are not a final treatment (DOMAIN.md): the waste is followed to its final outlet's code. */
export const TRANSIT_TREATMENT_CODES = ['R 12', 'R 13', 'D 13', 'D 14', 'D 15'] as const;

export type TreatmentFamily = 'MATERIAL' | 'ENERGY' | 'DISPOSAL' | 'TRANSIT';

export const treatmentFamilyLabels: Record<TreatmentFamily, string> = {
  MATERIAL: 'Valorisation matière',
  ENERGY: 'Valorisation énergétique',
  DISPOSAL: 'Élimination',
  TRANSIT: 'Transit (traitement final inconnu)',
};

/**
 * The family of a treatment code: R 0 and R 2 to R 11 are material recovery (reuse, recycling, backfilling),
 * R 1 energy recovery, D 1 to D 12 disposal, the transit codes not final. Null for a code that is not one.
 */
export function treatmentFamily(code: string): TreatmentFamily | null {
  const normalized = normalizeTreatmentCode(code);
  if (normalized === null) return null;
  if ((TRANSIT_TREATMENT_CODES as readonly string[]).includes(normalized)) return 'TRANSIT';
  if (normalized === 'R 1') return 'ENERGY';
  if (normalized.startsWith('R')) return 'MATERIAL';
  return 'DISPOSAL';
}

export interface TreatedTonnes {
  /** Tonnes, a decimal string (3 decimals at most). */
  tonnes: string;
  /** The final outlet's treatment code. */
  treatmentCode: string;
}

export interface ValorisationFigures {
  /** Thousandths of a tonne, by family. */
  tonnes: Record<TreatmentFamily, bigint>;
  total: bigint;
  /**
   * Shares of the tonnes whose final treatment is known (transit left out: it is not final), as percentages
   * with one decimal, rounded half up; null when no tonne has a known final treatment.
   */
  valorisationRate: string | null;
  materialRate: string | null;
  energyRate: string | null;
}

/** `part / whole` as a percentage with one decimal, rounded half up, exactly. */
export function percentOf(part: bigint, whole: bigint): string | null {
  if (whole === 0n) return null;
  const tenths = (part * 1000n + whole / 2n) / whole;
  return `${tenths / 10n}.${tenths % 10n}`;
}

/** The valorisation figures of outlet tonnages (DOMAIN.md "Valorisation (recovery) rate"). */
export function valorisationOf(lines: readonly TreatedTonnes[]): ValorisationFigures {
  const tonnes: Record<TreatmentFamily, bigint> = { MATERIAL: 0n, ENERGY: 0n, DISPOSAL: 0n, TRANSIT: 0n };
  for (const line of lines) {
    const family = treatmentFamily(line.treatmentCode) ?? 'TRANSIT';
    tonnes[family] += thousandths(line.tonnes);
  }
  const total = tonnes.MATERIAL + tonnes.ENERGY + tonnes.DISPOSAL + tonnes.TRANSIT;
  const known = total - tonnes.TRANSIT;
  return {
    tonnes,
    total,
    valorisationRate: percentOf(tonnes.MATERIAL + tonnes.ENERGY, known),
    materialRate: percentOf(tonnes.MATERIAL, known),
    energyRate: percentOf(tonnes.ENERGY, known),
  };
}

/** Which CO2 factor of a flow applies to a treatment family. */
export type Co2Route = 'RECYCLING' | 'INCINERATION' | 'LANDFILL';

export interface Co2Factor {
  /** kg CO2e per tonne emitted by the treatment. */
  emitted: number;
  /** kg CO2e per tonne avoided (a negative number; never netted with `emitted`). */
  avoided: number;
  /** Where the value comes from, in French for the help page (ADEME Base Carbone element id when there is one). */
  source: string;
}

/**
 * THE CO2 factor table (DOMAIN.md): kg CO2e per tonne, per flow (`second_level_wastes.code`) and route. Starting
 * values from ADEME's Base Carbone, to be checked against an official export before a release; estimates with an
 * uncertainty of 20 to 50 %, which the screens say. A flow or route missing here has no figure (shown as such).
 */
export const CO2_FACTORS = {
  version: 'ademe-base-carbone-2026-11-v1',
  uncertainty: 'Estimations : incertitude de 20 à 50 %',
  flows: {
    PAPIER_CARTON: {
      RECYCLING: { emitted: 992, avoided: -379, source: 'ADEME Base Carbone 34480' },
      INCINERATION: { emitted: 120, avoided: 0, source: 'ADEME Base Carbone (élément non précisé)' },
    },
    METAUX: {
      RECYCLING: { emitted: 0, avoided: -2090, source: 'ADEME Base Carbone, acier (élément non précisé)' },
      INCINERATION: { emitted: 135, avoided: 0, source: 'ADEME Base Carbone 34462' },
      LANDFILL: { emitted: 41, avoided: 0, source: 'ADEME Base Carbone 34466' },
    },
    VERRE: {
      RECYCLING: { emitted: 639, avoided: -1160, source: 'ADEME Base Carbone 34472' },
      INCINERATION: { emitted: 130, avoided: 0, source: 'ADEME Base Carbone (élément non précisé)' },
    },
    PLASTIQUES: {
      // The range of DOMAIN.md (134 to 662 emitted, -1,130 to -1,740 avoided): its low ends, not to overstate.
      RECYCLING: {
        emitted: 134,
        avoided: -1130,
        source: 'ADEME Base Carbone, plastiques PE/PP/PET (bas de la fourchette publiée)',
      },
    },
    MELANGE: {
      INCINERATION: { emitted: 374, avoided: 0, source: 'ADEME Base Carbone 34650' },
      LANDFILL: { emitted: 412, avoided: 0, source: 'ADEME Base Carbone 34652' },
    },
    DASRI: {
      INCINERATION: { emitted: 943, avoided: 0, source: 'ADEME Base Carbone 34713' },
    },
  } as Record<string, Partial<Record<Co2Route, Co2Factor>>>,
} as const;

/** The route of a treatment family for the CO2 table: recovery of matter is recycling, R 1 incineration. */
export function co2RouteOf(family: TreatmentFamily): Co2Route | null {
  if (family === 'MATERIAL') return 'RECYCLING';
  if (family === 'ENERGY') return 'INCINERATION';
  if (family === 'DISPOSAL') return 'LANDFILL';
  return null;
}

export interface Co2Figures {
  /** Tonnes of CO2e, 3 decimals: emitted, and avoided (negative), side by side, never netted. */
  emitted: string;
  avoided: string;
  /** Tonnes (3 decimals) without a factor (a flow or route the table lacks, transit). */
  uncovered: string;
}

/** CO2 of tonnages of flows by final treatment code (kg per tonne × tonnes, exact, in t CO2e). */
export function co2Of(lines: readonly (TreatedTonnes & { flow: string | null })[]): Co2Figures {
  // Thousandths of a tonne × kg per tonne = grams; 1 t CO2e = 1,000,000 g.
  let emittedGrams = 0n;
  let avoidedGrams = 0n;
  let uncovered = 0n;
  for (const line of lines) {
    const family = treatmentFamily(line.treatmentCode) ?? 'TRANSIT';
    const route = co2RouteOf(family);
    const factor = route === null || line.flow === null ? undefined : CO2_FACTORS.flows[line.flow]?.[route];
    const amount = thousandths(line.tonnes);
    if (factor === undefined) {
      uncovered += amount;
      continue;
    }
    emittedGrams += amount * BigInt(factor.emitted);
    avoidedGrams += amount * BigInt(factor.avoided);
  }
  const tonnesOf = (grams: bigint) => {
    // Grams to tonnes with 3 decimals (kilograms), rounded half away from zero.
    const negative = grams < 0n;
    const absolute = negative ? -grams : grams;
    const kilograms = (absolute + 500n) / 1000n;
    const digits = kilograms.toString().padStart(4, '0');
    return `${negative && kilograms > 0n ? '-' : ''}${digits.slice(0, -3)}.${digits.slice(-3)}`;
  };
  const uncoveredDigits = uncovered.toString().padStart(4, '0');
  return {
    emitted: tonnesOf(emittedGrams),
    avoided: tonnesOf(avoidedGrams),
    uncovered: `${uncoveredDigits.slice(0, -3)}.${uncoveredDigits.slice(-3)}`,
  };
}
