import { paths } from '../../paths.ts';
import {
  REALISED_FROM_PARAM,
  REALISED_TO_PARAM,
  WASTE_CODE_PARAM,
  WASTE_PARAM,
  writeHistoryFilter,
} from '../operations/operationListParams.ts';
import type { Period } from './PeriodSelect.tsx';
import { selectionSearch, YEAR_PARAM } from './selection.ts';

/**
 * The operations behind a dashboard's figures: the validated operations carried out in the period (a year, or a
 * month of it), by real intervention date as the figures count them, in the same selection; of one waste type
 * when given, under one waste code when the figure is of one.
 */
export function operationsOfPeriod(
  params: URLSearchParams,
  { year, month }: Period,
  waste?: { typeId: number; code?: string | null },
) {
  const behind = writeHistoryFilter(new URLSearchParams(selectionSearch(params)), 'VALIDATED');
  const first = month ?? 1;
  const last = month ?? 12;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  behind.set(REALISED_FROM_PARAM, `${year}-${pad(first)}-01`);
  behind.set(REALISED_TO_PARAM, `${year}-${pad(last)}-${pad(lastDay)}`);
  if (waste !== undefined) behind.set(WASTE_PARAM, String(waste.typeId));
  if (waste?.code) behind.set(WASTE_CODE_PARAM, waste.code);
  return { pathname: paths.pickups, search: `?${behind}` };
}

/** The monthly view of a year (`/details`), in the same selection; the month stays this month's by default. */
export function detailsOf(params: URLSearchParams, year: number) {
  const search = new URLSearchParams(selectionSearch(params));
  search.set(YEAR_PARAM, String(year));
  return { pathname: paths.details, search: `?${search}` };
}
