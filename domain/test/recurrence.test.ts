import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  expandRecurrence,
  frenchPublicHolidays,
  isWorkingDay,
  messages,
  parisDate,
  type RecurrenceProgram,
  recurrenceProgramSchema,
} from '../src/index.ts';

const program = (fields: Partial<RecurrenceProgram>): RecurrenceProgram => ({
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  recurrence: 'DAY',
  interval: 1,
  ...fields,
});
const expand = (fields: Partial<RecurrenceProgram>, limit = 400, from?: string) =>
  expandRecurrence(program(fields), from === undefined ? { limit } : { limit, from });

describe('French public holidays', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the 11 holidays of 2026, with Easter Monday, Ascension and Whit Monday', () => {
    expect(frenchPublicHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-04-06',
      '2026-05-01',
      '2026-05-08',
      '2026-05-14',
      '2026-05-25',
      '2026-07-14',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-25',
    ]);
    expect(frenchPublicHolidays(2026).find((h) => h.date === '2026-05-14')?.label).toBe('Ascension');
  });

  it('knows working days: Monday to Friday except holidays', () => {
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isWorkingDay('2026-04-07')).toBe(true);
    expect(isWorkingDay('2026-04-04')).toBe(false); // Saturday
    expect(isWorkingDay('2026-05-14')).toBe(false); // Ascension
    expect(isWorkingDay('2026-05-25')).toBe(false); // Whit Monday
  });

  it("gives today's date in France", () => {
    expect(parisDate(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(parisDate(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(parisDate(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-01');
  });
});

describe('expandRecurrence', () => {
  it('DAY: every day across a month end, start and end included', () => {
    expect(expand({ startDate: '2026-02-26', endDate: '2026-03-02' })).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('DAY: includes 29 February of a leap year', () => {
    expect(expand({ startDate: '2028-02-27', endDate: '2028-03-01' })).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  it('DAY: every 3 days keeps its rhythm from the start when read from a later date', () => {
    expect(expand({ startDate: '2026-01-01', endDate: '2026-01-20', interval: 3 }, 10, '2026-01-05')).toEqual(
      ['2026-01-07', '2026-01-10', '2026-01-13', '2026-01-16', '2026-01-19'],
    );
  });

  it('WORKING_DAY: skips weekends, Easter Monday, 1 and 8 May and Ascension', () => {
    expect(expand({ recurrence: 'WORKING_DAY', startDate: '2026-04-03', endDate: '2026-04-09' })).toEqual([
      '2026-04-03',
      '2026-04-07',
      '2026-04-08',
      '2026-04-09',
    ]);
    expect(expand({ recurrence: 'WORKING_DAY', startDate: '2026-04-30', endDate: '2026-05-15' })).toEqual([
      '2026-04-30',
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-05-07',
      '2026-05-11',
      '2026-05-12',
      '2026-05-13',
      '2026-05-15',
    ]);
  });

  it('WORKING_DAY: every second working day, counted in working days', () => {
    expect(
      expand({ recurrence: 'WORKING_DAY', interval: 2, startDate: '2026-04-02', endDate: '2026-04-14' }),
    ).toEqual(['2026-04-02', '2026-04-07', '2026-04-09', '2026-04-13']);
  });

  it('WEEK: chosen weekdays of every other week, weeks counted from the start week', () => {
    // 2026-03-04 is a Wednesday: Monday 2 March is before the start, Thursday 5 March is the first date.
    const weekly = { recurrence: 'WEEK', interval: 2, weekdays: ['THURSDAY', 'MONDAY'] } as const;
    expect(expand({ ...weekly, startDate: '2026-03-04', endDate: '2026-04-01' })).toEqual([
      '2026-03-05',
      '2026-03-16',
      '2026-03-19',
      '2026-03-30',
    ]);
    // Read from a date in a week off: the next period week.
    expect(expand({ ...weekly, startDate: '2026-03-04', endDate: '2026-04-01' }, 10, '2026-03-10')).toEqual([
      '2026-03-16',
      '2026-03-19',
      '2026-03-30',
    ]);
  });

  it('WEEK: every week over the end of a leap February', () => {
    expect(
      expand({ recurrence: 'WEEK', weekdays: ['TUESDAY'], startDate: '2028-02-20', endDate: '2028-03-10' }),
    ).toEqual(['2028-02-22', '2028-02-29', '2028-03-07']);
  });

  it('MONTH: day 31 falls on the last day of shorter months', () => {
    expect(
      expand({ recurrence: 'MONTH', monthDay: 31, startDate: '2026-01-01', endDate: '2026-06-30' }),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
  });

  it('MONTH: day 29 or 30 in February of a leap year and of a common year', () => {
    expect(
      expand({ recurrence: 'MONTH', monthDay: 30, startDate: '2028-01-15', endDate: '2028-03-31' }),
    ).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
    expect(
      expand({ recurrence: 'MONTH', monthDay: 29, startDate: '2027-01-01', endDate: '2027-03-31' }),
    ).toEqual(['2027-01-29', '2027-02-28', '2027-03-29']);
  });

  it('MONTH: a day already past in the start month begins the next month', () => {
    expect(
      expand({ recurrence: 'MONTH', monthDay: 10, startDate: '2026-01-20', endDate: '2026-03-31' }),
    ).toEqual(['2026-02-10', '2026-03-10']);
  });

  it('MONTH: the last Friday of each month', () => {
    expect(
      expand({
        recurrence: 'MONTH',
        monthPosition: 'LAST',
        weekdays: ['FRIDAY'],
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      }),
    ).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
      '2026-05-29',
      '2026-06-26',
      '2026-07-31',
      '2026-08-28',
      '2026-09-25',
      '2026-10-30',
      '2026-11-27',
      '2026-12-25',
    ]);
  });

  it('MONTH: the first and the fourth Monday, every two months', () => {
    const everyOtherMonth = {
      recurrence: 'MONTH',
      interval: 2,
      weekdays: ['MONDAY'],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    } as const;
    expect(expand({ ...everyOtherMonth, monthPosition: 'FIRST' })).toEqual([
      '2026-01-05',
      '2026-03-02',
      '2026-05-04',
      '2026-07-06',
      '2026-09-07',
      '2026-11-02',
    ]);
    expect(expand({ ...everyOtherMonth, monthPosition: 'FOURTH' })).toEqual([
      '2026-01-26',
      '2026-03-23',
      '2026-05-25',
      '2026-07-27',
      '2026-09-28',
      '2026-11-23',
    ]);
  });

  it('MONTH: the last Tuesday of February 2028 is its leap day', () => {
    expect(
      expand({
        recurrence: 'MONTH',
        monthPosition: 'LAST',
        weekdays: ['TUESDAY'],
        startDate: '2028-02-01',
        endDate: '2028-02-29',
      }),
    ).toEqual(['2028-02-29']);
  });

  it('gives nothing when the end is before the start, and stops at the limit', () => {
    expect(expand({ startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual([]);
    expect(expand({ startDate: '2026-03-02', endDate: '2026-03-02' })).toEqual(['2026-03-02']);
    expect(expand({ startDate: '2026-01-01', endDate: '2030-12-31' }, 3)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    expect(expand({ startDate: '2026-01-01', endDate: '2030-12-31' }, 0)).toEqual([]);
    expect(expand({ startDate: '2026-01-01', endDate: '2026-12-31' }, 10, '2027-01-01')).toEqual([]);
  });
});

describe('recurrenceProgramSchema', () => {
  const valid = {
    startDate: '2026-03-02',
    endDate: '2026-12-31',
    recurrence: 'MONTH',
    interval: 1,
    weekdays: [],
    monthPosition: null,
    monthDay: 15,
  };
  const violations = (value: unknown) => {
    const result = recurrenceProgramSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts a monthly program on a day, and orders and dedupes weekdays', () => {
    expect(violations(valid)).toEqual([]);
    const weekly = recurrenceProgramSchema.parse({
      ...valid,
      recurrence: 'WEEK',
      monthDay: null,
      weekdays: ['FRIDAY', 'MONDAY', 'FRIDAY'],
    });
    expect(weekly.weekdays).toEqual(['MONDAY', 'FRIDAY']);
  });

  it('refuses an end before the start', () => {
    expect(violations({ ...valid, endDate: '2026-03-01' })).toEqual([['endDate', messages.endBeforeStart]]);
  });

  it('wants weekdays for a weekly program', () => {
    expect(violations({ ...valid, recurrence: 'WEEK', weekdays: [] })).toEqual([
      ['weekdays', messages.recurrenceWeekdaysRequired],
    ]);
  });

  it('wants a day of the month or a position with one weekday for a monthly program', () => {
    expect(violations({ ...valid, monthDay: null })).toEqual([
      ['monthDay', messages.recurrenceMonthDayOrPosition],
    ]);
    expect(violations({ ...valid, monthPosition: 'LAST', weekdays: ['FRIDAY'] })).toEqual([
      ['monthPosition', messages.recurrenceMonthDayOrPosition],
    ]);
    expect(violations({ ...valid, monthDay: null, monthPosition: 'LAST', weekdays: [] })).toEqual([
      ['weekdays', messages.recurrenceOneWeekday],
    ]);
    expect(violations({ ...valid, monthDay: null, monthPosition: 'LAST', weekdays: ['FRIDAY'] })).toEqual([]);
    expect(violations({ ...valid, monthDay: 32 })).toEqual([['monthDay', messages.monthDayRange]]);
  });

  it('keeps the interval between 1 and 52, and reports every violation at once', () => {
    expect(violations({ ...valid, interval: 0 })).toEqual([['interval', messages.recurrenceInterval]]);
    expect(violations({ ...valid, interval: 53 })).toEqual([['interval', messages.recurrenceInterval]]);
    expect(violations({ ...valid, interval: 1.5 })).toEqual([['interval', messages.recurrenceInterval]]);
    expect(violations({ ...valid, interval: 0, endDate: '2026-01-01', recurrence: 'YEAR' })).toEqual([
      ['recurrence', messages.recurrenceTypeInvalid],
      ['interval', messages.recurrenceInterval],
      ['endDate', messages.endBeforeStart],
    ]);
    expect(violations({ ...valid, startDate: '2026-02-30' })).toEqual([['startDate', messages.dateFormat]]);
  });
});
