import { lazy, Suspense } from 'react';
import type { DateDialogProps } from './DatePickerDialog.tsx';
import { useOpenedOnce } from './useOpenedOnce.ts';

export type { DateOutcome, EarliestDate } from './DatePickerDialog.tsx';

const DatePickerDialog = lazy(() =>
  import('./DatePickerDialog.tsx').then((module) => ({ default: module.DatePickerDialog })),
);

/**
 * Asks for one date to act on (schedule a delivery or an operation); the api checks it against the request. Its
 * date picker and form (some 40 KB of JavaScript) load the first time it opens, not with the screens whose rows
 * offer it; once loaded it stays mounted, so that it closes as it opened.
 */
export function DateDialog(props: DateDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DatePickerDialog {...props} />
    </Suspense>
  );
}
