import type { RegisterFinalTreatment, RegisterLine, RegisterRequiredField } from '@portal/domain';

/** A line of `/api/registry/lines`, with the cursor a page after it starts from. */
export interface RestRegisterLine extends RegisterLine {
  cursor: string;
}
export type RestRegisterFinalTreatment = RegisterFinalTreatment;

/** `/api/registry/lines`: a keyset page. */
export interface RestRegisterPage {
  lines: RestRegisterLine[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

/** `/api/registry/summary`. */
export interface RestRegisterSummary {
  totalCount: number;
  incompleteCount: number;
  missingByField: Partial<Record<RegisterRequiredField, number>>;
}
