/**
 * What one body can do in a day caps every board total: per-activity limits bound one record, but
 * many records add up. Clamped where board entries are made (boardEntryDoc), shared by reactions
 * and rebuild. A day: 1,440 minutes, 50,000 reps (past the 24-hour push-up records), 20,000 kcal
 * (past ultra-endurance days); a week or month: each day at most one day's worth (`cappedDaySums`).
 */
import { effectiveWeight } from '../formulas.ts';
import { type PeriodWindow, periodWindow } from '../periods.ts';
import type { Totals } from '../totals.ts';

/** The summed activity fields of a set of activities (one aggregate over a window). */
export interface PeriodFieldSums {
  count: number;
  time: number;
  calorieUnits: number;
}

export const DAY_CAPS: Readonly<Totals> = { reps: 50_000, minutes: 1_440, calories: 20_000 };

const DAY_MS = 86_400_000;

/** Calendar days in a window (a DST day has 23 or 25 hours: rounding counts it as one). */
export function daysIn(window: Pick<PeriodWindow, 'start' | 'end'>): number {
  return Math.max(1, Math.round((window.end - window.start) / DAY_MS));
}

/** The most a board may show for one user in a window. */
export function capsFor(window: Pick<PeriodWindow, 'start' | 'end'>): Totals {
  const days = daysIn(window);
  return { reps: DAY_CAPS.reps * days, minutes: DAY_CAPS.minutes * days, calories: DAY_CAPS.calories * days };
}

/** Totals clamped to the window's caps (negative sums, which validation refuses, clamp to 0). */
export function clampTotals(totals: Totals, window: Pick<PeriodWindow, 'start' | 'end'>): Totals {
  const caps = capsFor(window);
  const clamp = (v: number, cap: number) => Math.min(Math.max(v, 0), cap);
  return {
    reps: clamp(totals.reps, caps.reps),
    minutes: clamp(totals.minutes, caps.minutes),
    calories: clamp(totals.calories, caps.calories),
  };
}

/**
 * One day's worth as activity sums: reps and minutes as DAY_CAPS says, calorie units as many as
 * give DAY_CAPS.calories at the user's weight (calories = units x weight / 15500, formulas.ts).
 */
export function dayFieldCaps(weightLbs: number | undefined | null): PeriodFieldSums {
  return {
    count: DAY_CAPS.reps,
    time: DAY_CAPS.minutes,
    calorieUnits: Math.floor((DAY_CAPS.calories * 15_500) / effectiveWeight(weightLbs)),
  };
}

/** Whether sums hold more than one day's worth in some field (then some day may exceed its cap). */
export function exceedsADay(sums: PeriodFieldSums, weightLbs: number | undefined | null): boolean {
  const cap = dayFieldCaps(weightLbs);
  return sums.count > cap.count || sums.time > cap.time || sums.calorieUnits > cap.calorieUnits;
}

/** The sum of each day's sums, each day clamped to one day's worth. */
export function cappedDaySums(
  days: readonly PeriodFieldSums[],
  weightLbs: number | undefined | null,
): PeriodFieldSums {
  const cap = dayFieldCaps(weightLbs);
  const out: PeriodFieldSums = { count: 0, time: 0, calorieUnits: 0 };
  for (const d of days) {
    out.count += Math.min(Math.max(d.count, 0), cap.count);
    out.time += Math.min(Math.max(d.time, 0), cap.time);
    out.calorieUnits += Math.min(Math.max(d.calorieUnits, 0), cap.calorieUnits);
  }
  return out;
}

/** The days of a window, in the time zone its key was made in (a DST day has 23 or 25 hours). */
export function dayWindowsOf(window: Pick<PeriodWindow, 'start' | 'end'>, timeZone: string): PeriodWindow[] {
  const days: PeriodWindow[] = [];
  for (let t = window.start; t < window.end; ) {
    const day = periodWindow('daily', t, timeZone);
    days.push(day);
    t = day.end;
  }
  return days;
}
