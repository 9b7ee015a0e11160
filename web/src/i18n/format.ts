const dateFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'short' });

/** A calendar date of the graph (`YYYY-MM-DD`) as French users read it (`06/01/2025`). */
export function formatDate(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}
