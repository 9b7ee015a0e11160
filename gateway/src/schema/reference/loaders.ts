import type { LoaderKit } from '../../loaders/kit.ts';
import { AS_SEEDED, BY_CODE } from '../../loaders/reference-lists.ts';
import { MAX_ITEMS_PER_PAGE } from '../../rest/pages.ts';
import type {
  RestFirstLevelWaste,
  RestReference,
  RestSecondLevelWaste,
  RestState,
  RestThirdLevelWaste,
  RestTreatmentCode,
  RestWasteCode,
} from '../../rest/types.ts';

export interface WasteCodeSearch {
  /** `q`: code or description, accent-insensitive. Blank means no search. */
  search?: string | null | undefined;
  dangerous?: boolean | null | undefined;
  /** How many, at most (the api's page size caps it). */
  first: number;
}

/** Reference lists (SPEC 7), each read whole at most once per request. */
export function referenceLoaders({ referenceList }: LoaderKit) {
  return {
    companySectors: () => referenceList<RestReference>('/api/company_sectors', BY_CODE),
    states: () => referenceList<RestState>('/api/states', BY_CODE),
    firstLevelWastes: () => referenceList<RestFirstLevelWaste>('/api/first_level_wastes', AS_SEEDED),
    secondLevelWastes: () => referenceList<RestSecondLevelWaste>('/api/second_level_wastes', AS_SEEDED),
    thirdLevelWastes: () => referenceList<RestThirdLevelWaste>('/api/third_level_wastes', AS_SEEDED),
    /** The 842 official waste codes: read only when a code's description is asked. */
    wasteCodes: () => referenceList<RestWasteCode>('/api/operation_waste_codes', AS_SEEDED),
    treatmentCodes: () => referenceList<RestTreatmentCode>('/api/operation_treatment_codes', AS_SEEDED),
    /** One page of the official waste codes the api finds (`q`, `dangerous`); equal searches share a call. */
    searchWasteCodes: ({ search, dangerous, first }: WasteCodeSearch) => {
      const q = search?.trim();
      return referenceList<RestWasteCode>('/api/operation_waste_codes', {
        q: q === '' ? undefined : q,
        dangerous: dangerous ?? undefined,
        page: 1,
        itemsPerPage: Math.min(first, MAX_ITEMS_PER_PAGE),
      });
    },
  };
}

// The request's `Loaders` hold this domain's (loaders/kit.ts).
declare module '../../loaders/kit.ts' {
  interface Loaders extends ReturnType<typeof referenceLoaders> {}
}
