/**
 * Recurring programs (SPEC 3 "Recurring rotation / program", SPEC 9): start and end dates, a recurrence type,
 * an interval, weekdays and a position in the month. `expandRecurrence` is the one function that turns a
 * program into dates; the api stores what it returns and the web previews it.
 */
export const RECURRENCE_TYPES = ['DAY', 'WORKING_DAY', 'WEEK', 'MONTH'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

/** The unit of the interval ("tous les 2 mois"). */
export const recurrenceTypeLabels: Record<RecurrenceType, string> = {
  DAY: 'Jour',
  WORKING_DAY: 'Jour ouvré',
  WEEK: 'Semaine',
  MONTH: 'Mois',
};

export const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const weekdayLabels: Record<Weekday, string> = {
  MONDAY: 'Lundi',
  TUESDAY: 'Mardi',
  WEDNESDAY: 'Mercredi',
  THURSDAY: 'Jeudi',
  FRIDAY: 'Vendredi',
  SATURDAY: 'Samedi',
  SUNDAY: 'Dimanche',
};

export const MONTH_POSITIONS = ['FIRST', 'SECOND', 'THIRD', 'FOURTH', 'LAST'] as const;
export type MonthPosition = (typeof MONTH_POSITIONS)[number];

export const monthPositionLabels: Record<MonthPosition, string> = {
  FIRST: 'Premier',
  SECOND: 'Deuxième',
  THIRD: 'Troisième',
  FOURTH: 'Quatrième',
  LAST: 'Dernier',
};

export const RECURRENCE_INTERVAL_MAX = 52;
/** A program may not create more deliveries than this (one a day for a year, leap years included). */
export const MAX_PROGRAM_OCCURRENCES = 366;

export interface RecurrenceProgram {
  startDate: string;
  endDate: string;
  recurrence: RecurrenceType;
  /** Every `interval` days, working days, weeks or months. */
  interval: number;
  /** WEEK: the days of the week; MONTH with a position: the one weekday. */
  weekdays?: readonly Weekday[] | null;
  /** MONTH: the n-th (or last) `weekdays[0]` of the month. */
  monthPosition?: MonthPosition | null;
  /** MONTH: a day of the month; a day the month lacks (31 in April) falls on its last day. */
  monthDay?: number | null;
}

export interface ExpandOptions {
  /** Only dates on or after this one (e.g. today); the rhythm still counts from the start date. */
  from?: string;
  /** At most this many dates. */
  limit: number;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (UTC, so no daylight-saving surprises). */
function dayNumber(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS;
}

function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Monday to 6 for Sunday. */
function weekdayIndex(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(Date.UTC(year, month - 1, day) / DAY_MS);
}

export interface PublicHoliday {
  date: string;
  label: string;
}

const holidayCache = new Map<number, PublicHoliday[]>();

/**
 * The 11 public holidays of metropolitan France (Code du travail, L3133-1), in date order. Alsace-Moselle's
 * Good Friday and 26 December are local and not included.
 */
export function frenchPublicHolidays(year: number): PublicHoliday[] {
  const cached = holidayCache.get(year);
  if (cached !== undefined) return cached;
  const easter = dayNumber(easterSunday(year));
  const fixed = (month: number, day: number) => isoOf(Date.UTC(year, month - 1, day) / DAY_MS);
  const holidays: PublicHoliday[] = [
    { date: fixed(1, 1), label: "Jour de l'an" },
    { date: isoOf(easter + 1), label: 'Lundi de Pâques' },
    { date: fixed(5, 1), label: 'Fête du Travail' },
    { date: fixed(5, 8), label: 'Victoire 1945' },
    { date: isoOf(easter + 39), label: 'Ascension' },
    { date: isoOf(easter + 50), label: 'Lundi de Pentecôte' },
    { date: fixed(7, 14), label: 'Fête nationale' },
    { date: fixed(8, 15), label: 'Assomption' },
    { date: fixed(11, 1), label: 'Toussaint' },
    { date: fixed(11, 11), label: 'Armistice 1918' },
    { date: fixed(12, 25), label: 'Noël' },
  ].sort((x, y) => x.date.localeCompare(y.date));
  holidayCache.set(year, holidays);
  return holidays;
}

export function isFrenchPublicHoliday(iso: string): boolean {
  return frenchPublicHolidays(Number(iso.slice(0, 4))).some((holiday) => holiday.date === iso);
}

/** Monday to Friday, except French public holidays. */
export function isWorkingDay(iso: string): boolean {
  return weekdayIndex(dayNumber(iso)) < 5 && !isFrenchPublicHoliday(iso);
}

// en-CA formats as YYYY-MM-DD. Made once: a formatter costs far more to make than to use.
const PARIS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in France (the portal's users), from an instant. */
export function parisDate(instant: Date): string {
  return PARIS_DATE.format(instant);
}

/** The day of month `monthIndex` of `year` a MONTH program falls on; null when none (no such weekday). */
function monthlyDay(program: RecurrenceProgram, year: number, monthIndex: number, startDay: number): number {
  const first = Date.UTC(year, monthIndex, 1) / DAY_MS;
  const length = daysInMonth(year, monthIndex);
  if (program.monthPosition !== null && program.monthPosition !== undefined) {
    const weekday = program.weekdays?.[0];
    const target = weekday === undefined ? weekdayIndex(startDay) : WEEKDAYS.indexOf(weekday);
    if (program.monthPosition === 'LAST') {
      const last = first + length - 1;
      return last - ((weekdayIndex(last) - target + 7) % 7);
    }
    const firstOccurrence = first + ((target - weekdayIndex(first) + 7) % 7);
    // FIRST to FOURTH always exist: every month has at least 28 days.
    return firstOccurrence + 7 * MONTH_POSITIONS.indexOf(program.monthPosition);
  }
  const wanted = program.monthDay ?? new Date(startDay * DAY_MS).getUTCDate();
  return first + Math.min(wanted, length) - 1;
}

/**
 * The dates of a program, ascending, from its start date to its end date (both included), at most `limit`
 * of them. DAY: every `interval` days from the start. WORKING_DAY: every `interval`-th working day (Monday to
 * Friday, French public holidays excluded). WEEK: the `weekdays` of every `interval`-th week, weeks counted
 * from the one (Monday to Sunday) holding the start. MONTH: every `interval`-th month from the start's month,
 * on `monthDay` (clamped to the month's last day) or on the `monthPosition` `weekdays[0]`. An end before the
 * start gives no date. Missing details fall back on the start date (its weekday, its day of the month).
 */
export function expandRecurrence(program: RecurrenceProgram, { from, limit }: ExpandOptions): string[] {
  const start = dayNumber(program.startDate);
  const end = dayNumber(program.endDate);
  const dates: string[] = [];
  if (!(end >= start) || !(limit > 0)) return dates;
  const lower = from === undefined ? start : Math.max(start, dayNumber(from));
  const interval = Math.max(1, Math.floor(program.interval) || 1);
  const push = (day: number) => {
    if (day >= lower && day >= start && day <= end) dates.push(isoOf(day));
    return dates.length >= limit;
  };

  switch (program.recurrence) {
    case 'DAY': {
      const skipped = Math.ceil((lower - start) / interval);
      for (let day = start + skipped * interval; day <= end; day += interval) if (push(day)) break;
      break;
    }
    case 'WORKING_DAY': {
      // The rhythm counts working days from the start, so the dates do not depend on `from`.
      let count = 0;
      for (let day = start; day <= end; day++) {
        if (!isWorkingDay(isoOf(day))) continue;
        if (count++ % interval === 0 && push(day)) break;
      }
      break;
    }
    case 'WEEK': {
      const wanted = new Set(
        (program.weekdays?.length ? program.weekdays : [WEEKDAYS[weekdayIndex(start)] as Weekday]).map((w) =>
          WEEKDAYS.indexOf(w),
        ),
      );
      const firstMonday = start - weekdayIndex(start);
      // Begin at the first period week that can hold `lower`.
      let week = Math.max(0, Math.floor((lower - firstMonday) / 7));
      week += (interval - (week % interval)) % interval;
      outer: for (let monday = firstMonday + week * 7; monday <= end; monday += interval * 7) {
        for (let offset = 0; offset < 7; offset++) {
          if (wanted.has(offset) && push(monday + offset)) break outer;
        }
      }
      break;
    }
    case 'MONTH': {
      const startDate = new Date(start * DAY_MS);
      const year = startDate.getUTCFullYear();
      const month = startDate.getUTCMonth();
      for (let k = 0; ; k += interval) {
        const monthStart = Date.UTC(year, month + k, 1) / DAY_MS;
        if (monthStart > end) break;
        const at = new Date(monthStart * DAY_MS);
        if (push(monthlyDay(program, at.getUTCFullYear(), at.getUTCMonth(), start))) break;
      }
      break;
    }
  }
  return dates;
}
