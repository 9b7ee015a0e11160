const dateFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'short' });

/** A calendar date of the graph (`YYYY-MM-DD`) as French users read it (`06/01/2025`). */
export function formatDate(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

// No grouping: the text also fills inputs, whose rule (SPEC 5) accepts digits and one separator only.
const decimalFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3, useGrouping: false });

/** A decimal string of the graph (`15.000`, tonnes or a volume) as French users read it (`15`, `2,4`). */
export function formatDecimal(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? decimalFormat.format(number) : null;
}

const longDateFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'full' });

/** A calendar date written out (`vendredi 25 janvier 2030`), where the weekday matters. */
export function formatLongDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : longDateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** An instant of the graph (ISO 8601) as French users read it, in France's time (`2 mars 2026 à 10:00`). */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateTimeFormat.format(date);
}

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** An amount of the graph (a decimal string) in euros as French users read it (`12 345,50 €`). */
export function formatEuros(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? euroFormat.format(number) : null;
}

const tonnesFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const smallTonnesFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

/**
 * Tonnes as French users read them on a dashboard (`1 234,5`), grouped: for display, never for inputs. Under
 * 10 t the kilograms show (`0,067`), so that a small flow never reads as nothing.
 */
export function formatTonnes(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return (Math.abs(number) < 10 ? smallTonnesFormat : tonnesFormat).format(number);
}

const dayFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' });

/** The day of an instant of the graph, in France's time (`1 septembre 2025`). */
export function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}
