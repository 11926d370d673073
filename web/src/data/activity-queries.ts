/** The dashboard's reads of activities and weights, apart so other pages do not load them. */
import type { BoardKind } from '@fit/shared/model';
import { addDays } from '@fit/shared/periods';
import { type DayTotal, weekStartOf } from '@fit/shared/progress';
import { useMemo } from 'react';
import { watchRecentActivities } from './activities.ts';
import { daysZoneOf } from './progress.ts';
import { keys, useDataScope, useLive, useProgressDoc } from './queries.ts';
import { useToday } from './today.ts';
import { watchWeightHistory } from './weights.ts';

export function useRecentActivities() {
  const { store, uid } = useDataScope();
  return useLive(keys.recentActivities(uid), watchRecentActivities(store, uid));
}

interface PeriodSums {
  count: number;
  time: number;
  calorieUnits: number;
}

export type PeriodSumsByKind = Record<BoardKind, PeriodSums>;

/** Today's, this week's (Sunday to Saturday) and this month's sums of a user's day totals. */
function periodSumsOf(days: ReadonlyMap<string, DayTotal>, today: string): PeriodSumsByKind {
  const sums = (): PeriodSums => ({ count: 0, time: 0, calorieUnits: 0 });
  const out: PeriodSumsByKind = { daily: sums(), weekly: sums(), monthly: sums() };
  const week = weekStartOf(today);
  const weekEnd = addDays(week, 7);
  const month = today.slice(0, 7);
  for (const day of days.values()) {
    const kinds: BoardKind[] = [];
    if (day.date === today) kinds.push('daily');
    if (day.date >= week && day.date < weekEnd) kinds.push('weekly');
    if (day.date.slice(0, 7) === month) kinds.push('monthly');
    for (const kind of kinds) {
      out[kind].count += day.reps;
      out[kind].time += day.minutes;
      out[kind].calorieUnits += day.calorieUnits;
    }
  }
  return out;
}

/** Day, week and month sums from the live progress document, in its days' zone. */
export function usePeriodSums(): { sums: PeriodSumsByKind | null; isError: boolean } {
  const progress = useProgressDoc();
  const { timeZone: browserZone } = useToday();
  const doc = progress.data;
  const { today } = useToday(daysZoneOf(doc, browserZone));
  const sums = useMemo(() => (doc ? periodSumsOf(doc.days, today) : null), [doc, today]);
  const { isError } = progress;
  return useMemo(() => ({ sums, isError }), [sums, isError]);
}

export function useWeightHistory() {
  const { store, uid } = useDataScope();
  return useLive(keys.weightHistory(uid), watchWeightHistory(store, uid));
}
