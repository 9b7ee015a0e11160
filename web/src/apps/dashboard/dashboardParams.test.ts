import { describe, expect, it } from 'vitest';
import { currentYear } from './dashboardParams.ts';

const HOUR_MS = 60 * 60 * 1000;
const parisYear = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric' });

describe('currentYear', () => {
  it('is the year in France at each hour around every new year and midsummer from 1980 to 2100', () => {
    for (let year = 1980; year <= 2100; year++) {
      for (const around of [Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)]) {
        for (let hour = -26; hour <= 26; hour++) {
          const now = new Date(around + hour * HOUR_MS);
          expect(currentYear(now), now.toISOString()).toBe(Number(parisYear.format(now)));
        }
      }
    }
  });
});
