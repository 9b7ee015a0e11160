/** Official codes as people type them: waste codes (`15 01 10*`) and treatment codes (`R 3`). */

/** `150110*`, `15-01-10*` or `15 01 10 *` as `15 01 10*`; null when it cannot be a waste code. */
export function normalizeWasteCode(raw: string): string | null {
  const match = /^(\d{2})[\s.-]*(\d{2})[\s.-]*(\d{2})\s*(\*?)$/.exec(raw.trim());
  return match === null ? null : `${match[1]} ${match[2]} ${match[3]}${match[4]}`;
}

export const isHazardousWasteCode = (code: string) => code.trim().endsWith('*');

/** `R3`, `r 3` or `D9F` as the official `R 3`, `D 9 F`; null when it cannot be a treatment code. */
export function normalizeTreatmentCode(raw: string): string | null {
  const match = /^([RD])\s*(\d{1,2})\s*(F?)$/i.exec(raw.trim());
  if (match === null) return null;
  return `${match[1]?.toUpperCase()} ${Number(match[2])}${match[3] ? ' F' : ''}`;
}
