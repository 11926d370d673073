/**
 * Period totals and goal progress: what a set of activities adds up to,
 * one definition for dashboard stats, goal progress and leaderboards alike. Calendar dates and
 * period windows are in periods.ts; the calorie formula in formulas.ts.
 */
import { caloriesFromUnits, calorieUnits } from './formulas.ts';
import type { BoardKind } from './model.ts';

export interface Totals {
  reps: number;
  minutes: number;
  calories: number;
}

/** The activity fields a period's totals sum (one aggregate over a timestamp window). */
export const PERIOD_SUM_FIELDS = ['count', 'time', 'calorieUnits'] as const;

/** The one definition of period totals, used by dashboard stats, goal progress and leaderboards alike. */
export function totalsFromSums(
  sums: { count: number; time: number; calorieUnits: number },
  weightLbs: number | undefined | null,
): Totals {
  return { reps: sums.count, minutes: sums.time, calories: caloriesFromUnits(sums.calorieUnits, weightLbs) };
}

/** A stored number as sums read it: anything not a finite number counts as 0. */
export function numberOr0(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** Sums records (optionally only those with timestamp in [start, end)) then applies totalsFromSums. */
export function totalsOf(
  records: readonly {
    count?: number;
    time?: number;
    calorieUnits?: number;
    activityType: string;
    weightLifted?: number;
    timestamp: number;
  }[],
  weightLbs: number | undefined | null,
  window?: { start: number; end: number },
): Totals {
  const sums = { count: 0, time: 0, calorieUnits: 0 };
  for (const r of records) {
    if (window && !(r.timestamp >= window.start && r.timestamp < window.end)) continue;
    sums.count += numberOr0(r.count);
    sums.time += numberOr0(r.time);
    sums.calorieUnits += typeof r.calorieUnits === 'number' ? numberOr0(r.calorieUnits) : calorieUnits(r);
  }
  return totalsFromSums(sums, weightLbs);
}

/** Full-bar targets of the stats bars. */
export const STATS_TARGETS: Record<BoardKind, Totals> = {
  daily: { reps: 1000, minutes: 60, calories: 2000 },
  weekly: { reps: 7000, minutes: 420, calories: 14000 },
  monthly: { reps: 30000, minutes: 1800, calories: 60000 },
};

/** Fill of a progress bar in [0, 1]. */
export function progressFraction(value: number, target: number): number {
  if (!(target > 0) || !(value > 0)) return 0;
  return Math.min(1, value / target);
}

/** Today's progress toward the daily goal ('x/target type'); a non-numeric target reads as 0. */
export function goalProgress(
  goal: { target: string; type: 'reps' | 'minutes' | 'calories' },
  todayTotals: Totals,
): { value: number; target: number; type: string; fraction: number } {
  const parsed = /^\s*\d+\s*$/.test(goal.target) ? Number(goal.target) : 0;
  const value = todayTotals[goal.type];
  return { value, target: parsed, type: goal.type, fraction: progressFraction(value, parsed) };
}
