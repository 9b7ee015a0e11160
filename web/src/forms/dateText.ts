import { isoDateSchema } from '@portal/domain/validation';

/**
 * The text of a date field, as French users write it (`jj/mm/aaaa`), and the value a form keeps (`aaaa-mm-jj`).
 * A text that is not a whole, real date is kept as typed, so that the form's date rule refuses it with its own
 * message ("La date saisie n'est pas valide") instead of the field silently dropping or changing it.
 */

const SEGMENT_LENGTHS = [2, 2, 4] as const;
const SEPARATORS = new Set(['/', '.', '-', ' ']);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FRENCH_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** An ISO date (`2026-03-05`) as the field shows it (`05/03/2026`); any other value as it is. */
export function dateTextOf(value: string | null | undefined): string {
  if (!value) return '';
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** What a form holds for a text: '' when empty, the ISO date when the text is a real date, else the text. */
export function dateValueOf(text: string): string {
  if (text.trim() === '') return '';
  const match = FRENCH_DATE.exec(text);
  if (!match) return text;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isoDateSchema.safeParse(iso).success ? iso : text;
}

/** Whether a form value is a real ISO date (not empty, not a text being typed). */
export const isIsoDate = (value: string | null | undefined): boolean =>
  !!value && isoDateSchema.safeParse(value).success;

/**
 * Formats what the user typed or pasted as `jj/mm/aaaa`: digits fill the day, the month then the year, the
 * slashes come by themselves while typing forward, a separator after one digit pads it (`5/` is `05/`), and an
 * ISO date pasted whole is turned around. `deleting` keeps a deletion from adding a slash back.
 */
export function maskDateText(raw: string, deleting = false): string {
  const iso = ISO_DATE.exec(raw.trim());
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const segments = [''];
  for (const char of raw) {
    const index = segments.length - 1;
    const segment = segments[index] ?? '';
    if (char >= '0' && char <= '9') {
      if (segment.length < (SEGMENT_LENGTHS[index] ?? 0)) segments[index] = segment + char;
      else if (index < 2) segments.push(char);
    } else if (SEPARATORS.has(char) && index < 2 && segment.length > 0) {
      if (!deleting) segments[index] = segment.padStart(2, '0');
      segments.push('');
    }
  }
  const text = segments.join('/');
  const last = segments.length - 1;
  return !deleting && last < 2 && segments[last]?.length === 2 ? `${text}/` : text;
}

/** Where the caret goes in the masked text: after as many digits as were before it in the raw text. */
export function caretAfterMask(raw: string, caret: number, masked: string, deleting: boolean): number {
  if (caret >= raw.length) return masked.length;
  let digits = 0;
  for (const char of raw.slice(0, caret)) if (char >= '0' && char <= '9') digits += 1;
  let position = 0;
  for (let seen = 0; position < masked.length && seen < digits; position += 1) {
    const char = masked[position] ?? '';
    if (char >= '0' && char <= '9') seen += 1;
  }
  if (!deleting && masked[position] === '/') position += 1;
  return position;
}

/** The part of `jj/mm/aaaa` a caret position is in. */
export function segmentAt(caret: number): { unit: 'day' | 'month' | 'year'; start: number; end: number } {
  if (caret <= 2) return { unit: 'day', start: 0, end: 2 };
  if (caret <= 5) return { unit: 'month', start: 3, end: 5 };
  return { unit: 'year', start: 6, end: 10 };
}
