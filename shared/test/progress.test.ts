import { describe, expect, it } from 'vitest';
import { calorieUnits } from '../src/formulas.ts';
import { addDays, localDate, periodWindow } from '../src/periods.ts';
import {
  bestStreakOf,
  daysInYear,
  dayTotalsOf,
  heatLevel,
  heatMapDates,
  type ProgressEntry,
  personalRecords,
  progressYears,
  progressYearsChangeAt,
  recordsSetBy,
  streaks,
  streaksAcross,
  weeklyTotals,
  weekStartOf,
  type YearRuns,
  yearRunsOf,
} from '../src/progress.ts';
import { totalsOf } from '../src/totals.ts';
import { intBetween, pick, seededRandom } from './rng.ts';

function rng(seed: number) {
  const rand = seededRandom(seed);
  return {
    chance: (p: number) => rand() < p,
    int: (min: number, max: number) => intBetween(rand, min, max),
    pick: <T>(items: readonly T[]) => pick(rand, items),
  };
}

const HOUR = 3_600_000;
const T = Date.UTC(2026, 10, 20, 12); // Friday 2026-11-20, noon UTC

function entry(
  id: string,
  activityType: string,
  fields: Partial<ProgressEntry>,
  timestamp = T,
): ProgressEntry {
  const e = { id, activityType, timestamp, ...fields };
  return { ...e, calorieUnits: calorieUnits(e) };
}

describe('personal records', () => {
  it('keeps the best of each kind per activity, the first to reach a tie keeping it', () => {
    const records = personalRecords([
      entry('a', 'Bench Press', { count: 10, time: 5, weightLifted: 135 }, T),
      entry('b', 'Bench Press', { count: 8, time: 5, weightLifted: 185 }, T + HOUR),
      entry('c', 'Bench Press', { count: 10, time: 3, weightLifted: 95 }, T + 2 * HOUR),
      entry('d', 'Running', { time: 30 }, T),
    ]);
    const bench = records.get('Bench Press');
    expect(bench?.reps).toEqual({ value: 10, timestamp: T, id: 'a' });
    expect(bench?.weightLifted).toEqual({ value: 185, timestamp: T + HOUR, id: 'b' });
    expect(bench?.minutes?.id).toBe('a'); // 5 minutes twice: the first to reach it keeps it
    expect(bench?.calories?.id).toBe('b'); // heavier lift at equal minutes: more calorie units
    expect(records.get('Running')?.reps).toBeUndefined();
    expect(records.get('Running')?.minutes?.value).toBe(30);
  });

  it('marks a heavier Bench Press as a new record, never a first entry or an equal one', () => {
    const before = personalRecords([
      entry('a', 'Bench Press', { count: 10, time: 5, weightLifted: 135 }),
    ]).get('Bench Press');
    expect(recordsSetBy(entry('n', 'Bench Press', { count: 5, time: 5, weightLifted: 145 }), before)).toEqual(
      ['weightLifted', 'calories'],
    );
    expect(
      recordsSetBy(entry('n', 'Bench Press', { count: 10, time: 5, weightLifted: 135 }), before),
    ).toEqual([]);
    expect(recordsSetBy(entry('n', 'Bench Press', { count: 50 }), undefined)).toEqual([]);
  });
});

describe('streaks', () => {
  it('counts three consecutive days as a 3-day streak, alive until today ends', () => {
    const days = ['2026-11-18', '2026-11-19', '2026-11-20'];
    expect(streaks(days, '2026-11-20')).toEqual({ current: 3, best: 3 });
    expect(streaks(days, '2026-11-21')).toEqual({ current: 3, best: 3 }); // today not logged yet
    expect(streaks(days, '2026-11-22')).toEqual({ current: 0, best: 3 });
  });

  it('finds the best run among gaps, across month and year ends', () => {
    const days = [
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-05',
      '2026-02-28',
      '2026-03-01',
    ];
    expect(streaks(days, '2026-03-01')).toEqual({ current: 2, best: 4 });
    expect(streaks([], '2026-03-01')).toEqual({ current: 0, best: 0 });
  });

  it('agrees with a day-by-day walk on random calendars', () => {
    const r = rng(7);
    for (let run = 0; run < 50; run++) {
      const set = new Set<string>();
      const dates: string[] = [];
      for (let i = 0; i < 120; i++) dates.push(new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
      for (const d of dates) if (r.chance(0.6)) set.add(d);
      let best = 0;
      let run_ = 0;
      for (const d of dates) {
        run_ = set.has(d) ? run_ + 1 : 0;
        best = Math.max(best, run_);
      }
      const today = dates[dates.length - 1] as string;
      let current = 0;
      let i = set.has(today) ? dates.length - 1 : dates.length - 2;
      while (i >= 0 && set.has(dates[i] as string)) {
        current++;
        i--;
      }
      expect(streaks(set, today)).toEqual({ current, best });
    }
  });
});

describe("streaks over years (the summary keeps each year's runs)", () => {
  it('sums up a year by its runs at both ends and its longest', () => {
    expect(yearRunsOf(2026, ['2026-01-01', '2026-01-02', '2026-05-01', '2026-12-31', '2027-01-01'])).toEqual([
      2, 1, 2,
    ]);
    expect(yearRunsOf(2026, ['2025-12-31'])).toBeNull();
    const leap = Array.from({ length: 366 }, (_, i) => addDays('2028-01-01', i));
    expect(daysInYear(2028)).toBe(366);
    expect(yearRunsOf(2028, leap)).toEqual([366, 366, 366]);
  });

  it('joins runs through whole years and over gaps in the years', () => {
    const runs = new Map<number, YearRuns>([
      [2020, [0, 3, 5]],
      [2021, [365, 365, 365]],
      [2022, [2, 0, 4]],
      [2024, [10, 0, 10]], // 2023 empty: 2022's run ends there
    ]);
    expect(bestStreakOf(runs)).toBe(3 + 365 + 2);
    expect(bestStreakOf(new Map())).toBe(0);
  });

  it('gives what streaks gives over every day, with only the last years at hand', () => {
    const r = rng(11);
    for (let run = 0; run < 60; run++) {
      // Four years of calendar, some of it in long runs (whole years now and then).
      const all = new Set<string>();
      const start = '2023-01-01';
      const density = r.pick([0.3, 0.7, 0.97, 1]);
      for (let i = 0; i < 4 * 366; i++) if (r.chance(density)) all.add(addDays(start, i));
      const today = addDays('2026-01-01', r.int(0, 364));
      for (const d of [...all]) if (d > today) all.delete(d);
      const year = Number(today.slice(0, 4));
      const loaded = r.chance(0.5) ? [year - 1, year] : [year];
      const stored: Record<string, YearRuns> = {};
      for (let y = 2023; y <= year; y++) {
        const runs = yearRunsOf(y, all);
        if (runs) stored[String(y)] = runs;
      }
      const atHand = [...all].filter((d) => loaded.includes(Number(d.slice(0, 4))));
      expect(streaksAcross(atHand, loaded, stored, today), `run ${run}`).toEqual(streaks(all, today));
    }
  });

  it('reads the years of the heat map wherever the viewer is, and says when that changes', () => {
    const r = rng(5);
    const zones = ['Etc/GMT+12', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati'];
    const starts = [Date.UTC(2026, 11, 30), Date.UTC(2027, 0, 1), Date.UTC(2027, 0, 6), Date.UTC(2027, 5, 1)];
    for (let i = 0; i < 400; i++) {
      const now = (r.pick(starts) as number) + r.int(0, 3 * 24 * 60) * 60_000;
      const years = progressYears(now);
      for (const zone of zones) {
        const today = localDate(now, zone);
        for (const date of [heatMapDates(today)[0] as string, today])
          expect(years, `${zone} ${new Date(now).toISOString()}`).toContain(Number(date.slice(0, 4)));
      }
      const change = progressYearsChangeAt(now);
      expect(change).toBeGreaterThan(now);
      expect(progressYears(change - 1)).toEqual(years);
      expect(progressYears(change)).not.toEqual(years);
    }
    expect(progressYears(Date.UTC(2027, 5, 1))).toEqual([2026, 2027]);
    expect(progressYears(Date.UTC(2027, 0, 2))).toEqual([2025, 2026, 2027]);
  });
});

describe('day and week totals', () => {
  it('buckets entries by local day in the viewer zone', () => {
    const late = Date.UTC(2026, 10, 21, 3); // 03:00 UTC Saturday = 22:00 Friday in New York
    const days = dayTotalsOf([entry('a', 'Running', { time: 20 }, late)], 'America/New_York');
    expect([...days.keys()]).toEqual(['2026-11-20']);
    expect(dayTotalsOf([entry('a', 'Running', { time: 20 }, late)], 'UTC').has('2026-11-21')).toBe(true);
  });

  it("a week's bar equals the stats of that week (minutes and calorie units)", () => {
    const r = rng(3);
    const entries: ProgressEntry[] = [];
    for (let i = 0; i < 300; i++)
      entries.push(
        entry(
          `e${i}`,
          r.pick(['Running', 'Bench Press', 'Yoga', 'Push Ups']),
          {
            count: r.int(1, 30),
            time: r.int(1, 90),
            weightLifted: r.int(0, 300),
          },
          T - r.int(0, 100 * 24) * HOUR,
        ),
      );
    const zone = 'Europe/Berlin';
    const series = weeklyTotals(dayTotalsOf(entries, zone).values(), '2026-11-20', 12);
    expect(series).toHaveLength(12);
    expect(series[11]?.weekStart).toBe('2026-11-15');
    for (const week of series) {
      const window = periodWindow('weekly', Date.parse(`${week.weekStart}T12:00:00Z`), zone);
      const stats = totalsOf(entries, 155, window);
      expect(week.minutes).toBe(stats.minutes);
      const units = entries
        .filter((e) => e.timestamp >= window.start && e.timestamp < window.end)
        .reduce((s, e) => s + (e.calorieUnits ?? 0), 0);
      expect(week.calorieUnits).toBe(units);
    }
  });

  it('weeks start on Sunday; the heat map covers 53 Sunday-aligned weeks up to today', () => {
    expect(weekStartOf('2026-11-20')).toBe('2026-11-15');
    expect(weekStartOf('2026-11-15')).toBe('2026-11-15');
    const dates = heatMapDates('2026-11-20');
    expect(dates[0]).toBe('2025-11-16');
    expect(dates.at(-1)).toBe('2026-11-20');
    expect(dates).toHaveLength(52 * 7 + 6);
  });

  it('shades days by minutes', () => {
    expect(
      [
        undefined,
        { minutes: 0, entries: 1 },
        { minutes: 16, entries: 1 },
        { minutes: 45, entries: 2 },
        { minutes: 61, entries: 1 },
      ].map(heatLevel),
    ).toEqual([0, 1, 2, 3, 4]);
  });
});
