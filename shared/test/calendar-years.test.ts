/**
 * Calendar arithmetic for every year a `YYYY-MM-DD` date can name (0000-9999), held against an
 * independent day count (proleptic Gregorian days from 1970-01-01, integer arithmetic only, no Date).
 * Date.UTC reads years 0-99 as 1900-1999, so 0004-02-28 + 1 day would land on 1904-02-29 and
 * 0000-02-28 + 1 on 1900-03-01: the helpers must not build dates with it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goalAdvice } from '../src/formulas.ts';
import {
  addDays,
  dayOfWeek,
  instantOfLocalTime,
  isCalendarDate,
  localDate,
  periodWindow,
  startOfLocalDay,
  utcInstant,
  windowForKey,
} from '../src/periods.ts';

const DAY = 86_400_000;

/** Days from 1970-01-01 of a proleptic Gregorian date (the era algorithm: 400-year cycles). */
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12; // March = 0
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The inverse of dayNumber, as `YYYY-MM-DD` (years 0000-9999). */
function dateOfDayNumber(n: number): string {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIRST = dayNumber(0, 1, 1);
const LAST = dayNumber(9999, 12, 31);
const dayNumberOf = (date: string) =>
  dayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));

/** Any calendar date of years 0000-9999, weighted towards years below 100 and 100-199. */
const anyDate = fc
  .oneof(
    fc.integer({ min: FIRST, max: LAST }),
    fc.integer({ min: FIRST, max: dayNumber(200, 1, 1) }),
    fc.integer({ min: dayNumber(1899, 1, 1), max: dayNumber(2101, 1, 1) }),
  )
  .map(dateOfDayNumber);

describe('the reference day count (checked before it is trusted)', () => {
  it('agrees with Date on the years Date reads correctly, and round-trips', () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dayNumber(2000, 3, 1)).toBe(Date.parse('2000-03-01T00:00:00Z') / DAY);
    // Date.parse of an ISO string takes the year as written, 0000 included.
    expect(dayNumber(0, 2, 29)).toBe(Date.parse('0000-02-29T00:00:00Z') / DAY);
    fc.assert(
      fc.property(fc.integer({ min: FIRST, max: LAST }), (n) => {
        const date = dateOfDayNumber(n);
        expect(isCalendarDate(date)).toBe(true);
        expect(dayNumberOf(date)).toBe(n);
        expect(Date.parse(`${date}T00:00:00Z`)).toBe(n * DAY);
      }),
    );
  });
});

describe('addDays and dayOfWeek in every year', () => {
  it('edges: years 0, 1, 99, 100, their leap days and month ends', () => {
    const cases: [string, number, string][] = [
      ['0000-02-28', 1, '0000-02-29'], // 0000 is a leap year (divisible by 400); Date.UTC's 1900 is not
      ['0000-02-29', 1, '0000-03-01'],
      ['0000-12-31', 1, '0001-01-01'],
      ['0001-01-01', -1, '0000-12-31'],
      ['0001-02-28', 1, '0001-03-01'],
      ['0004-02-28', 1, '0004-02-29'],
      ['0004-03-01', -1, '0004-02-29'],
      ['0096-02-28', 1, '0096-02-29'],
      ['0099-01-31', 1, '0099-02-01'],
      ['0099-02-28', 1, '0099-03-01'],
      ['0099-04-30', 1, '0099-05-01'],
      ['0099-12-31', 1, '0100-01-01'],
      ['0100-01-01', -1, '0099-12-31'],
      ['0100-02-28', 1, '0100-03-01'], // a century, not divisible by 400: no 29th
      ['0400-02-28', 1, '0400-02-29'],
      ['0050-06-15', 365 * 100 + 24, '0150-06-15'],
      ['1999-12-31', 1, '2000-01-01'],
      ['9999-12-30', 1, '9999-12-31'],
    ];
    for (const [date, days, want] of cases) expect(addDays(date, days), `${date} + ${days}`).toBe(want);
    expect(dayOfWeek('0001-01-01')).toBe(1); // Monday, proleptic Gregorian
    expect(dayOfWeek('0000-02-29')).toBe(2);
    expect(dayOfWeek('0099-12-31')).toBe(4);
    expect(dayOfWeek('0100-01-01')).toBe(5);
  });

  it('refuses a result outside 0000-9999 and a count that is not a whole number', () => {
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => addDays('2026-01-01', bad), String(bad)).toThrow(RangeError);
  });

  it('equal the reference for any date and any count (property)', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -4_000_000, max: 4_000_000 }), (date, days) => {
        const target = dayNumberOf(date) + days;
        if (target < FIRST || target > LAST) expect(() => addDays(date, days)).toThrow(RangeError);
        else {
          expect(addDays(date, days)).toBe(dateOfDayNumber(target));
          expect(addDays(addDays(date, days), -days)).toBe(date);
        }
        expect(dayOfWeek(date)).toBe((((dayNumberOf(date) + 4) % 7) + 7) % 7); // 1970-01-01: Thursday
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the helpers that build an instant from a date, in years below 100', () => {
  it('utcInstant is the ISO instant for any date and time (property)', () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (date, hour, minute) => {
          const hh = String(hour).padStart(2, '0');
          const mm = String(minute).padStart(2, '0');
          const [y, m, d] = date.split('-').map(Number) as [number, number, number];
          expect(utcInstant(y, m, d, hour, minute)).toBe(Date.parse(`${date}T${hh}:${mm}:00Z`));
        },
      ),
    );
  });

  it('startOfLocalDay, instantOfLocalTime and periods in UTC', () => {
    expect(startOfLocalDay('0099-06-01', 'UTC')).toBe(Date.parse('0099-06-01T00:00:00Z'));
    expect(startOfLocalDay('0000-02-29', 'UTC')).toBe(Date.parse('0000-02-29T00:00:00Z'));
    expect(instantOfLocalTime('0050-03-01', 12, 30, 'UTC')).toBe(Date.parse('0050-03-01T12:30:00Z'));
    const t = Date.parse('0099-12-31T13:00:00Z'); // a Thursday
    expect(localDate(t, 'UTC')).toBe('0099-12-31');
    expect(periodWindow('weekly', t, 'UTC').key).toBe('w0099-12-27');
    expect(periodWindow('weekly', t, 'UTC').end).toBe(Date.parse('0100-01-03T00:00:00Z'));
    expect(periodWindow('monthly', t, 'UTC').end).toBe(Date.parse('0100-01-01T00:00:00Z'));
  });

  it('a day window in a zone holds its instant and names its date, years 0-199 (property)', () => {
    const zones = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Europe/London'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('0000-01-03T00:00:00Z'), max: Date.parse('0199-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        (t, zone) => {
          const w = periodWindow('daily', t, zone);
          expect(w.start).toBeLessThanOrEqual(t);
          expect(w.end).toBeGreaterThan(t);
          expect(w.end - w.start).toBe(DAY); // no DST before time zones existed: local mean time
          expect(localDate(w.start, zone)).toBe(w.key.slice(1));
          expect(localDate(w.start - 1, zone)).toBe(addDays(w.key.slice(1), -1));
          expect(windowForKey(w.key, zone)).toEqual(w);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("goal advice counts the days to a target date across year 100 (Date.UTC's 1999 to 0100 would be negative)", () => {
    const advice = goalAdvice({
      currentWeight: 200,
      targetWeight: 190,
      today: '0099-12-01',
      targetDate: '0100-03-01',
    });
    expect(advice.kind).not.toBe('none');
    // 31 + 31 + 28 = 90 days: 10 lbs * 3500 / 90 = 389 calories a day.
    expect(JSON.stringify(advice)).toContain('389');
  });
});
