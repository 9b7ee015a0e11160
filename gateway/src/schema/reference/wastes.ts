import { type TreatmentQualification, treatmentQualificationLabels } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import type { RestTreatmentCode, RestWasteCode } from '../../rest/types.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';
import { childrenOf, findByCode, findById } from './lookups.ts';

/**
 * An official waste code of the graph. A container names its code (`15 01 01`), which is all a list of
 * containers shows: its description and flag come from the official list only when asked for.
 */
export type WasteCodeValue = Pick<RestWasteCode, 'code'> & Partial<RestWasteCode>;

/** An official treatment code of the graph (`R 3`), completed from the official list when asked for. */
export type TreatmentCodeValue = Pick<RestTreatmentCode, 'code'> & Partial<RestTreatmentCode>;

export function wasteCodeValue(code: string | null | undefined): WasteCodeValue | null {
  return code ? { code } : null;
}

export function treatmentCodeValue(code: string | null | undefined): TreatmentCodeValue | null {
  return code ? { code } : null;
}

async function officialWasteCode(context: GatewayContext, value: WasteCodeValue) {
  return findByCode(await context.loaders.wasteCodes(), value.code);
}

export async function officialTreatmentCode(context: GatewayContext, value: TreatmentCodeValue) {
  return findByCode(await context.loaders.treatmentCodes(), value.code);
}

export async function firstLevelWasteOf(context: GatewayContext, iri: string | null | undefined) {
  return iri ? findById(await context.loaders.firstLevelWastes(), iri) : null;
}

export async function secondLevelWasteOf(context: GatewayContext, iri: string | null | undefined) {
  return iri ? findById(await context.loaders.secondLevelWastes(), iri) : null;
}

export async function thirdLevelWasteOf(context: GatewayContext, iri: string | null | undefined) {
  return iri ? findById(await context.loaders.thirdLevelWastes(), iri) : null;
}

/** The waste hierarchy and the official lists (SPEC 7, Reference data): each list read whole once per request. */
export const wasteResolvers: Resolvers = {
  Query: {
    wasteHierarchy: authenticated((_root, _args, context) => context.loaders.firstLevelWastes()),
    /** Searched by the api (`q`, `dangerous`), one page of `first` codes. */
    wasteCodes: authenticated((_root, args, context) => {
      const first = args.first ?? 50;
      if (first <= 0) return [];
      return context.loaders.searchWasteCodes({ search: args.search, dangerous: args.dangerous, first });
    }),
    treatmentCodes: authenticated((_root, _args, context) => context.loaders.treatmentCodes()),
  },
  FirstLevelWaste: {
    id: (waste) => toGlobalId('FirstLevelWaste', waste.id),
    databaseId: (waste) => waste.id,
    secondLevelWastes: async (waste, _args, context) =>
      childrenOf(await context.loaders.secondLevelWastes(), (flow) => flow.firstLevelWaste, waste.id),
  },
  SecondLevelWaste: {
    id: (waste) => toGlobalId('SecondLevelWaste', waste.id),
    databaseId: (waste) => waste.id,
    firstLevelWaste: (waste, _args, context) => firstLevelWasteOf(context, waste.firstLevelWaste),
    thirdLevelWastes: async (waste, _args, context) =>
      childrenOf(await context.loaders.thirdLevelWastes(), (precise) => precise.secondLevelWaste, waste.id),
  },
  ThirdLevelWaste: {
    id: (waste) => toGlobalId('ThirdLevelWaste', waste.id),
    databaseId: (waste) => waste.id,
    secondLevelWaste: (waste, _args, context) => secondLevelWasteOf(context, waste.secondLevelWaste),
    wasteCode: (waste) => wasteCodeValue(waste.wasteCode),
    dangerous: (waste) => waste.dangerous === true,
  },
  WasteCode: {
    description: async (value, _args, context) =>
      value.description ?? (await officialWasteCode(context, value))?.description ?? '',
    /** A trailing `*` marks a hazardous code (DOMAIN.md): the flag needs no list. */
    dangerous: (value) => value.dangerous ?? value.code.trim().endsWith('*'),
  },
  TreatmentCode: {
    description: async (value, _args, context) =>
      value.description ?? (await officialTreatmentCode(context, value))?.description ?? '',
    /** `R 3` is a recovery (R) code, `D 9 F` a disposal (D) one. */
    kind: (value) => value.kind ?? value.code.trim().charAt(0).toUpperCase(),
    isFinal: async (value, _args, context) =>
      value.isFinal ?? (await officialTreatmentCode(context, value))?.isFinal === true,
    qualifications: async (value, _args, context) =>
      (value.operationModes ?? (await officialTreatmentCode(context, value))?.operationModes ?? []).map(
        (mode) => ({
          value: mode,
          label: treatmentQualificationLabels[mode as TreatmentQualification] ?? mode,
        }),
      ),
  },
};
