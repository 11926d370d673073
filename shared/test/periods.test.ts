import { describe, expect, it } from 'vitest';
import { calorieUnits } from '../src/formulas.ts';
import {
  addDays,
  browserTimeZone,
  CALENDAR_DATE_PATTERN,
  currentWindows,
  dayOfWeek,
  formatCalendarDate,
  isCalendarDate,
  localDate,
  parseCalendarDate,
  periodKey,
  periodWindow,
  startOfLocalDay,
  windowForKey,
} from '../src/periods.ts';
import { goalProgress, progressFraction, STATS_TARGETS, totalsFromSums, totalsOf } from '../src/totals.ts';
import { pick, seededRandom } from './rng.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NY = 'America/New_York';

/** Local wall clock of an instant, 'YYYY-MM-DD HH:mm', straight from Intl (independent of periods.ts). */
function wall(instant: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('calendar dates', () => {
  it('parses only real YYYY-MM-DD dates', () => {
    expect(parseCalendarDate('2026-11-22')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseCalendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-01',
      '26-01-01',
      '',
      ' 2026-01-01',
    ])
      expect(parseCalendarDate(bad), bad).toBeNull();
    expect(parseCalendarDate(20261122 as unknown as string)).toBeNull();
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    // Years below 100 too (Date.UTC would read 0000 as 1900, which is no leap year).
    expect(isCalendarDate('0000-02-29')).toBe(true);
    expect(isCalendarDate('0100-02-29')).toBe(false);
  });

  it("the rules' pattern (generated into firestore.rules) accepts exactly the dates isCalendarDate does", () => {
    // RE2's full match, as the rules' string.matches does it.
    const pattern = new RegExp(`^(?:${CALENDAR_DATE_PATTERN})$`);
    const differing: string[] = [];
    let accepted = 0;
    for (const year of [
      '0000',
      '0004',
      '0100',
      '1900',
      '1996',
      '2000',
      '2023',
      '2024',
      '2100',
      '2400',
      '9999',
    ])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          if (pattern.test(text) !== isCalendarDate(text)) differing.push(text);
          if (isCalendarDate(text)) accepted++;
        }
    expect(differing).toEqual([]);
    // 11 years of 365 days, and a 29 February in 0000, 0004, 1996, 2000, 2024 and 2400.
    expect(accepted).toBe(11 * 365 + 6);
    for (const text of ['2024-2-29', '2024-02-29 ', '2024-02-29x', 'x2000-02-29', '20240-02-01', ''])
      expect(pattern.test(text), text).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-11-22', -7)).toBe('2026-11-15');
    expect(() => addDays('nope', 1)).toThrow(RangeError);
    expect(formatCalendarDate({ year: 987, month: 3, day: 4 })).toBe('0987-03-04');
  });

  it('knows the day of the week (0 = Sunday)', () => {
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-28')).toBe(6);
    expect(dayOfWeek('2000-02-29')).toBe(2);
  });
});

describe('calendar dates are never UTC instants', () => {
  it('a date typed in a UTC-10 zone stays that date', () => {
    const zone = 'Pacific/Honolulu';
    // The trap: new Date('2000-06-15') is midnight UTC, which is still June 14 in Honolulu.
    expect(localDate(new Date('2000-06-15').getTime(), zone)).toBe('2000-06-14');
    // The domain keeps it a date, and its local midnight is 10:00 UTC
    expect(parseCalendarDate('2000-06-15')).toEqual({ year: 2000, month: 6, day: 15 });
    const start = startOfLocalDay('2000-06-15', zone);
    expect(start).toBe(Date.UTC(2000, 5, 15, 10));
    expect(localDate(start, zone)).toBe('2000-06-15');
    expect(addDays('2000-06-15', 0)).toBe('2000-06-15');
  });
});

describe('period windows', () => {
  it('day, week (Sun-Sat) and month of an instant, with their keys (UTC)', () => {
    const t = Date.UTC(2026, 10, 25, 15, 30); // Wednesday
    const w = currentWindows(t, 'UTC');
    expect(w.daily).toEqual({
      kind: 'daily',
      key: 'd2026-11-25',
      start: Date.UTC(2026, 10, 25),
      end: Date.UTC(2026, 10, 26),
    });
    expect(w.weekly).toEqual({
      kind: 'weekly',
      key: 'w2026-11-22',
      start: Date.UTC(2026, 10, 22),
      end: Date.UTC(2026, 10, 29),
    });
    expect(w.monthly).toEqual({
      kind: 'monthly',
      key: 'm2026-11',
      start: Date.UTC(2026, 10, 1),
      end: Date.UTC(2026, 11, 1),
    });
    expect(periodKey('daily', t, 'UTC')).toBe('d2026-11-25');
    expect(periodKey('weekly', t, 'UTC')).toBe('w2026-11-22');
    expect(periodKey('monthly', t, 'UTC')).toBe('m2026-11');
  });

  it('a week that spans a month and a year boundary', () => {
    const t = Date.UTC(2027, 0, 1, 12); // Friday
    expect(periodKey('weekly', t, 'UTC')).toBe('w2026-12-27');
    expect(periodWindow('weekly', t, 'UTC').end).toBe(Date.UTC(2027, 0, 3));
    expect(periodWindow('monthly', Date.UTC(2026, 11, 31, 23), 'UTC').end).toBe(Date.UTC(2027, 0, 1));
  });

  it('the same instant falls in different local days per zone', () => {
    const t = Date.UTC(2026, 10, 22, 3); // Sunday 03:00 UTC = Saturday 22:00 in New York
    expect(periodKey('daily', t, 'UTC')).toBe('d2026-11-22');
    expect(periodKey('daily', t, NY)).toBe('d2026-11-21');
    expect(periodKey('weekly', t, 'UTC')).toBe('w2026-11-22');
    expect(periodKey('weekly', t, NY)).toBe('w2026-11-15');
    expect(periodKey('daily', t, 'Asia/Tokyo')).toBe('d2026-11-22');
    expect(periodWindow('daily', t, 'Asia/Tokyo').start).toBe(Date.UTC(2026, 10, 21, 15));
  });

  it('Saturday 23:59:59.999 belongs to the week; Sunday 00:00 starts the next one', () => {
    const sunday = startOfLocalDay('2026-11-29', NY);
    expect(wall(sunday, NY)).toBe('2026-11-29 00:00');
    const lastMs = sunday - 1;
    expect(periodKey('weekly', lastMs, NY)).toBe('w2026-11-22');
    expect(periodKey('daily', lastMs, NY)).toBe('d2026-11-28');
    expect(periodKey('weekly', sunday, NY)).toBe('w2026-11-29');
    expect(periodWindow('weekly', lastMs, NY).end).toBe(sunday);
    expect(periodWindow('weekly', sunday, NY).start).toBe(sunday);
    // month: Nov 30 23:59:59.999 vs Dec 1 00:00
    const dec1 = startOfLocalDay('2026-12-01', NY);
    expect(periodKey('monthly', dec1 - 1, NY)).toBe('m2026-11');
    expect(periodKey('monthly', dec1, NY)).toBe('m2026-12');
  });

  it('DST start in New York: a 23-hour day and a 167-hour week', () => {
    const day = windowForKey('d2026-03-08', NY);
    expect(day.end - day.start).toBe(23 * HOUR);
    expect(day.start).toBe(Date.UTC(2026, 2, 8, 5)); // EST midnight
    expect(day.end).toBe(Date.UTC(2026, 2, 9, 4)); // EDT midnight
    const week = periodWindow('weekly', Date.UTC(2026, 2, 10, 12), NY);
    expect(week.key).toBe('w2026-03-08');
    expect(week.end - week.start).toBe(7 * DAY - HOUR);
    const month = windowForKey('m2026-03', NY);
    expect(month.end - month.start).toBe(31 * DAY - HOUR);
  });

  it('DST end in New York: a 25-hour day and a 169-hour week', () => {
    const day = windowForKey('d2026-11-01', NY);
    expect(day.end - day.start).toBe(25 * HOUR);
    expect(day.start).toBe(Date.UTC(2026, 10, 1, 4));
    // Both 01:30s (EDT then EST) are on Nov 1
    expect(periodKey('daily', Date.UTC(2026, 10, 1, 5, 30), NY)).toBe('d2026-11-01');
    expect(periodKey('daily', Date.UTC(2026, 10, 1, 6, 30), NY)).toBe('d2026-11-01');
    const week = windowForKey('w2026-11-01', NY);
    expect(week.end - week.start).toBe(7 * DAY + HOUR);
  });

  it('a zone that skips midnight (America/Santiago, 2026-09-06): the day starts at 01:00', () => {
    const zone = 'America/Santiago';
    // Verified with Intl before asserting: 23:59 on Sep 5 is followed by 01:00 on Sep 6.
    expect(wall(Date.UTC(2026, 8, 6, 3, 59), zone)).toBe('2026-09-05 23:59');
    expect(wall(Date.UTC(2026, 8, 6, 4, 0), zone)).toBe('2026-09-06 01:00');
    const day = windowForKey('d2026-09-06', zone);
    expect(day.start).toBe(Date.UTC(2026, 8, 6, 4));
    expect(day.end - day.start).toBe(23 * HOUR);
    expect(windowForKey('d2026-09-05', zone).end).toBe(day.start);
    // Sep 6 2026 is a Sunday: the week starts at the jump too
    expect(windowForKey('w2026-09-06', zone).start).toBe(day.start);
    expect(periodKey('weekly', day.start - 1, zone)).toBe('w2026-08-30');
    expect(periodKey('weekly', day.start, zone)).toBe('w2026-09-06');
  });

  it('a zone that skips midnight in spring (Asia/Beirut, 2026-03-29)', () => {
    const zone = 'Asia/Beirut';
    expect(wall(Date.UTC(2026, 2, 28, 21, 59), zone)).toBe('2026-03-28 23:59');
    expect(wall(Date.UTC(2026, 2, 28, 22, 0), zone)).toBe('2026-03-29 01:00');
    const day = windowForKey('d2026-03-29', zone);
    expect(day.start).toBe(Date.UTC(2026, 2, 28, 22));
    expect(day.end - day.start).toBe(23 * HOUR);
  });

  it('a date a zone skipped entirely (Pacific/Apia, 2011-12-30) has an empty window', () => {
    const zone = 'Pacific/Apia';
    expect(wall(Date.UTC(2011, 11, 30, 9, 59), zone)).toBe('2011-12-29 23:59');
    expect(wall(Date.UTC(2011, 11, 30, 10, 0), zone)).toBe('2011-12-31 00:00');
    const skipped = windowForKey('d2011-12-30', zone);
    expect(skipped.start).toBe(Date.UTC(2011, 11, 30, 10));
    expect(skipped.end).toBe(skipped.start);
    expect(windowForKey('d2011-12-29', zone).end).toBe(skipped.start);
    const week = windowForKey('w2011-12-25', zone);
    expect(week.end - week.start).toBe(6 * DAY);
  });

  it('half-hour zones and half-hour DST (Asia/Kolkata, Australia/Lord_Howe)', () => {
    expect(windowForKey('d2026-11-22', 'Asia/Kolkata').start).toBe(Date.UTC(2026, 10, 21, 18, 30));
    // Lord Howe moves its clocks by 30 minutes: 2026-10-04 is 23.5 hours long
    const day = windowForKey('d2026-10-04', 'Australia/Lord_Howe');
    expect(day.end - day.start).toBe(23.5 * HOUR);
  });

  it('computes UTC without time zone data exactly as Intl does (the fast path)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const rand = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const t = Date.UTC(1990, 0, 1) + Math.floor(rand() * 60 * 365 * DAY);
      expect(localDate(t, 'UTC')).toBe(intl.format(t));
      // the window starts where Intl says that date's UTC midnight is
      expect(periodWindow('daily', t, 'UTC').start).toBe(Date.parse(`${intl.format(t)}T00:00:00Z`));
    }
  });

  it('holds its invariants for random instants across many zones (property loop)', () => {
    const zones = [
      'UTC',
      NY,
      'America/Santiago',
      'America/Sao_Paulo',
      'Asia/Beirut',
      'Europe/London',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Honolulu',
      'Pacific/Kiritimati',
      'America/St_Johns',
    ];
    const rand = seededRandom(42);
    for (let i = 0; i < 600; i++) {
      const zone = pick(rand, zones);
      const t = Date.UTC(2010, 0, 1) + Math.floor(rand() * 20 * 365 * DAY);
      const date = localDate(t, zone);
      for (const kind of ['daily', 'weekly', 'monthly'] as const) {
        const w = periodWindow(kind, t, zone);
        const ctx = `${kind} ${zone} ${new Date(t).toISOString()}`;
        expect(w.start, ctx).toBeLessThanOrEqual(t);
        expect(w.end, ctx).toBeGreaterThan(t);
        expect(w.key, ctx).toBe(periodKey(kind, t, zone));
        expect(windowForKey(w.key, zone), ctx).toEqual(w);
        // the first and last instants of the window are in the period; their neighbours are not
        expect(periodKey(kind, w.start, zone), ctx).toBe(w.key);
        expect(periodKey(kind, w.end - 1, zone), ctx).toBe(w.key);
        expect(periodKey(kind, w.start - 1, zone), ctx).not.toBe(w.key);
        expect(periodKey(kind, w.end, zone), ctx).not.toBe(w.key);
        // sane lengths: a day is 22-26 hours
        if (kind === 'daily') {
          expect(w.key).toBe(`d${date}`);
          expect(w.end - w.start, ctx).toBeGreaterThanOrEqual(22 * HOUR);
          expect(w.end - w.start, ctx).toBeLessThanOrEqual(26 * HOUR);
        }
        if (kind === 'weekly') expect(dayOfWeek(w.key.slice(1)), ctx).toBe(0);
        if (kind === 'monthly') expect(w.key).toBe(`m${date.slice(0, 7)}`);
      }
    }
  });

  it('windowForKey refuses malformed keys', () => {
    for (const key of [
      '',
      'd',
      'x2026-11-22',
      'd2026-02-30',
      'w2026-11-23',
      'm2026-13',
      'm2026-1',
      'm2026-11-01',
      'D2026-11-22',
    ])
      expect(() => windowForKey(key, 'UTC'), key).toThrow(RangeError);
  });

  it('an unknown time zone fails loudly', () => {
    expect(() => periodWindow('daily', 0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('browserTimeZone returns a zone Intl accepts (it reads no clock)', () => {
    const zone = browserTimeZone();
    expect(typeof zone).toBe('string');
    expect(() => periodKey('daily', 0, zone)).not.toThrow();
  });
});

describe('totals and progress', () => {
  const records = [
    { activityType: 'Running', time: 30, timestamp: Date.UTC(2026, 10, 22, 8) },
    { activityType: 'Push Ups', count: 50, time: 10, timestamp: Date.UTC(2026, 10, 22, 9) },
    { activityType: 'Leg Curl', count: 12, weightLifted: 90, timestamp: Date.UTC(2026, 10, 22, 10) },
    {
      activityType: 'Bench Press',
      count: 10,
      time: 20,
      weightLifted: 45,
      timestamp: Date.UTC(2026, 10, 23, 1),
    },
  ];

  it('sums reps, minutes and calories; an activity without time adds 0 minutes and 0 calories', () => {
    expect(totalsOf(records, 155)).toEqual({ reps: 72, minutes: 60, calories: 240 + 40 + 0 + 140 });
  });

  it('only counts records inside [start, end)', () => {
    const day = windowForKey('d2026-11-22', 'UTC');
    expect(totalsOf(records, 155, day)).toEqual({ reps: 62, minutes: 40, calories: 280 });
    const edge = [{ activityType: 'Running', time: 10, timestamp: day.end }];
    expect(totalsOf(edge, 155, day)).toEqual({ reps: 0, minutes: 0, calories: 0 });
    expect(totalsOf([{ ...edge[0], timestamp: day.start }] as typeof edge, 155, day).minutes).toBe(10);
  });

  it('uses stored calorieUnits when present, and the user weight (155 if unknown) once for the sum', () => {
    const stored = [{ activityType: 'Running', time: 30, calorieUnits: 1000, timestamp: 0 }];
    expect(totalsOf(stored, 155).calories).toBe(10);
    expect(totalsOf(records, 310).calories).toBe(840);
    expect(totalsOf(records, 0).calories).toBe(420);
  });

  it('totalsFromSums is the same function leaderboards use', () => {
    const units = records.reduce((n, r) => n + calorieUnits(r), 0);
    expect(totalsFromSums({ count: 72, time: 60, calorieUnits: units }, 200)).toEqual(totalsOf(records, 200));
  });

  it('stats targets equal the spec table', () => {
    expect(STATS_TARGETS).toEqual({
      daily: { reps: 1000, minutes: 60, calories: 2000 },
      weekly: { reps: 7000, minutes: 420, calories: 14000 },
      monthly: { reps: 30000, minutes: 1800, calories: 60000 },
    });
  });

  it('progressFraction is clamped to [0, 1] and 0 for a missing target', () => {
    expect(progressFraction(30, 60)).toBe(0.5);
    expect(progressFraction(90, 60)).toBe(1);
    expect(progressFraction(0, 60)).toBe(0);
    expect(progressFraction(-5, 60)).toBe(0);
    expect(progressFraction(10, 0)).toBe(0);
    expect(progressFraction(10, Number.NaN)).toBe(0);
  });

  it('goalProgress reads today totals of the goal type', () => {
    const today = { reps: 62, minutes: 40, calories: 280 };
    expect(goalProgress({ target: '60', type: 'minutes' }, today)).toEqual({
      value: 40,
      target: 60,
      type: 'minutes',
      fraction: 40 / 60,
    });
    expect(goalProgress({ target: '50', type: 'reps' }, today).fraction).toBe(1);
    expect(goalProgress({ target: '1000', type: 'calories' }, today).value).toBe(280);
    expect(goalProgress({ target: 'abc', type: 'reps' }, today)).toMatchObject({ target: 0, fraction: 0 });
    expect(goalProgress({ target: '1.5', type: 'reps' }, today).target).toBe(0);
  });

  it("goal progress for today runs from local midnight to the end of the viewer's day", () => {
    const zone = 'Pacific/Honolulu';
    const now = Date.UTC(2026, 10, 23, 5); // Nov 22, 19:00 in Honolulu
    const day = periodWindow('daily', now, zone);
    expect(day.key).toBe('d2026-11-22');
    // Running (08:00 UTC) and Push Ups (09:00 UTC) are Nov 21 evening there; Leg Curl (10:00 UTC) is
    // exactly local midnight, Bench Press (01:00 UTC Nov 23) is 15:00 on Nov 22.
    expect(day.start).toBe(Date.UTC(2026, 10, 22, 10));
    expect(totalsOf(records, 155, day)).toEqual({ reps: 22, minutes: 20, calories: 140 });
  });
});

describe('zones read through Intl only', () => {
  it('localDate uses the zone, not the machine zone', () => {
    const t = Date.UTC(2026, 0, 1, 0, 30);
    expect(localDate(t, 'UTC')).toBe('2026-01-01');
    expect(localDate(t, NY)).toBe('2025-12-31');
    expect(localDate(t, 'Pacific/Kiritimati')).toBe('2026-01-01');
  });
});
