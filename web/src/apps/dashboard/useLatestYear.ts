import { useEffect } from 'react';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { YEAR_PARAM } from './selection.ts';

/**
 * SPEC 4: choosing an establishment (or a filter) drops the year (DashboardSelection) and reloads the scope's
 * years; when the year shown is not among them, the latest becomes the selected one. Only from the figures of the
 * URL as it is (`fresh`: not those still shown while new ones load), and written onto the URL as it is then, so
 * that a choice made meanwhile is kept.
 */
export function useLatestYear({
  fresh,
  years,
  year,
}: {
  fresh: boolean;
  years: readonly number[];
  year: number;
}) {
  const updateSearch = useUpdateSearch();
  const latest = years[0];
  const missing = !years.includes(year);
  useEffect(() => {
    if (!fresh || latest === undefined || !missing) return;
    updateSearch(
      (current) => {
        if (current.has(YEAR_PARAM)) return current;
        const next = new URLSearchParams(current);
        next.set(YEAR_PARAM, String(latest));
        return next;
      },
      { correction: true },
    );
  }, [fresh, latest, missing, updateSearch]);
}
