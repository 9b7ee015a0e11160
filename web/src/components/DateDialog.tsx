import type { DateDialogProps } from './DatePickerDialog.tsx';
import { lazyDialog } from './lazyDialog.tsx';

export type { DateOutcome, EarliestDate } from './DatePickerDialog.tsx';

/**
 * Asks for one date to act on (schedule a delivery or an operation); the api checks it against the request. Its
 * date picker and form (some 40 KB of JavaScript) load the first time it opens, not with the screens whose rows
 * offer it.
 */
export const DateDialog = lazyDialog<DateDialogProps>(
  () => import('./DatePickerDialog.tsx').then((module) => module.DatePickerDialog),
  (props) => props.open,
);
