import { type TreatmentQualification, treatmentQualificationLabels } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { unauthenticatedError } from '../../errors.ts';
import type {
  RestFirstLevelWaste,
  RestSecondLevelWaste,
  RestThirdLevelWaste,
  RestTreatmentCode,
  RestWasteCode,
} from '../../rest/types.ts';
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
export const wasteResolvers = {
  Query: {
    wasteHierarchy: (_root: unknown, _args: unknown, context: GatewayContext) => {
      if (context.token === null) throw unauthenticatedError();
      return context.loaders.firstLevelWastes();
    },
    /** Searched by the api (`q`, `dangerous`), one page of `first` codes. */
    wasteCodes: (
      _root: unknown,
      args: { search?: string | null; dangerous?: boolean | null; first?: number | null },
      context: GatewayContext,
    ) => {
      if (context.token === null) throw unauthenticatedError();
      const first = args.first ?? 50;
      if (first <= 0) return [];
      return context.loaders.searchWasteCodes({ search: args.search, dangerous: args.dangerous, first });
    },
    treatmentCodes: (_root: unknown, _args: unknown, context: GatewayContext) => {
      if (context.token === null) throw unauthenticatedError();
      return context.loaders.treatmentCodes();
    },
  },
  FirstLevelWaste: {
    id: (waste: RestFirstLevelWaste) => toGlobalId('FirstLevelWaste', waste.id),
    databaseId: (waste: RestFirstLevelWaste) => waste.id,
    secondLevelWastes: async (waste: RestFirstLevelWaste, _args: unknown, context: GatewayContext) =>
      childrenOf(await context.loaders.secondLevelWastes(), (flow) => flow.firstLevelWaste, waste.id),
  },
  SecondLevelWaste: {
    id: (waste: RestSecondLevelWaste) => toGlobalId('SecondLevelWaste', waste.id),
    databaseId: (waste: RestSecondLevelWaste) => waste.id,
    firstLevelWaste: (waste: RestSecondLevelWaste, _args: unknown, context: GatewayContext) =>
      firstLevelWasteOf(context, waste.firstLevelWaste),
    thirdLevelWastes: async (waste: RestSecondLevelWaste, _args: unknown, context: GatewayContext) =>
      childrenOf(await context.loaders.thirdLevelWastes(), (precise) => precise.secondLevelWaste, waste.id),
  },
  ThirdLevelWaste: {
    id: (waste: RestThirdLevelWaste) => toGlobalId('ThirdLevelWaste', waste.id),
    databaseId: (waste: RestThirdLevelWaste) => waste.id,
    secondLevelWaste: (waste: RestThirdLevelWaste, _args: unknown, context: GatewayContext) =>
      secondLevelWasteOf(context, waste.secondLevelWaste),
    wasteCode: (waste: RestThirdLevelWaste) => wasteCodeValue(waste.wasteCode),
    dangerous: (waste: RestThirdLevelWaste) => waste.dangerous === true,
  },
  WasteCode: {
    description: async (value: WasteCodeValue, _args: unknown, context: GatewayContext) =>
      value.description ?? (await officialWasteCode(context, value))?.description ?? '',
    /** A trailing `*` marks a hazardous code (DOMAIN.md): the flag needs no list. */
    dangerous: (value: WasteCodeValue) => value.dangerous ?? value.code.trim().endsWith('*'),
  },
  TreatmentCode: {
    description: async (value: TreatmentCodeValue, _args: unknown, context: GatewayContext) =>
      value.description ?? (await officialTreatmentCode(context, value))?.description ?? '',
    /** `R 3` is a recovery (R) code, `D 9 F` a disposal (D) one. */
    kind: (value: TreatmentCodeValue) => value.kind ?? value.code.trim().charAt(0).toUpperCase(),
    isFinal: async (value: TreatmentCodeValue, _args: unknown, context: GatewayContext) =>
      value.isFinal ?? (await officialTreatmentCode(context, value))?.isFinal === true,
    qualifications: async (value: TreatmentCodeValue, _args: unknown, context: GatewayContext) =>
      (value.operationModes ?? (await officialTreatmentCode(context, value))?.operationModes ?? []).map(
        (mode) => ({
          value: mode,
          label: treatmentQualificationLabels[mode as TreatmentQualification] ?? mode,
        }),
      ),
  },
};
