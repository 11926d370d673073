/**
 * What one body can do in a day, the ceiling of every board entry (issue 8: 800 activities of 600
 * minutes once put 480,000 minutes on today's board). Per-activity limits (validation.ts LIMITS:
 * 1,440 minutes and 10,000 reps per activity) bound one record, not a period: many records add up.
 * So each period total on a board is clamped here, where board entries are made (boardEntryDoc),
 * which the reactions and the from-scratch rebuild share: a clamped total is what the rebuild
 * computes, and the denormalization invariant holds.
 *
 * The day caps, as a coach would put them:
 * - minutes: a day has 1,440 of them;
 * - reps: the 24-hour push-up records stand near 40,000-50,000 repetitions, so 50,000 a day is
 *   beyond any real training day and still never cuts a real one;
 * - calories: the highest daily expenditures measured (24-hour ultra-endurance events) are around
 *   10,000-15,000 kcal; 20,000 leaves room for the formula's rounding and heavy lifters.
 * A week caps at 7 days' worth, a month at its number of days' worth.
 */
import type { PeriodWindow } from '../periods.ts';
import type { Totals } from '../totals.ts';

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
