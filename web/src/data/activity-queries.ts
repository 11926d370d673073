/**
 * The dashboard's reads of activities and weights (see `queries.ts` for the conventions): kept
 * apart so pages that do not show them (account, community) do not load them.
 */
import type { BoardKind } from '@fit/shared/model';
import { currentWindows } from '@fit/shared/periods';
import type { LiveDocumentStore } from '@fit/shared/store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  normalizeStoredNames,
  type PeriodSums,
  periodSums,
  type StoredActivity,
  watchRecentActivities,
} from './activities.ts';
import { withTimeout } from './load-limits.ts';
import { keepFailure, keys, rereadUnder, useDataScope, useLive } from './queries.ts';
import { watchWeightHistory } from './weights.ts';

/** Names already written back in display case, per store (each is written once). */
const writtenBack = new WeakMap<LiveDocumentStore, Set<string>>();

/** Writes stored names back in display case (spec section 4); a failure only costs the write-back. */
export function writeBackNames(store: LiveDocumentStore, raw: Parameters<typeof normalizeStoredNames>[1]) {
  let written = writtenBack.get(store);
  if (!written) {
    written = new Set();
    writtenBack.set(store, written);
  }
  const done = written;
  normalizeStoredNames(store, raw, done)
    .then((paths) => {
      for (const p of paths) done.add(p);
    })
    .catch((e) => console.error('Activity name write-back failed', e));
}

/**
 * The latest 5 activities, live. Each snapshot also re-reads the period totals: a change there is
 * the cue that stored activities changed (here or on another device).
 */
export function useRecentActivities() {
  const { store, uid } = useDataScope();
  const client = useQueryClient();
  return useLive<StoredActivity[]>(keys.recentActivities(uid), (next, fail) => {
    let first = true;
    return watchRecentActivities(
      store,
      uid,
      (activities, raw) => {
        next(activities);
        // The totals are read beside the first snapshot; later ones mean something changed.
        if (!first) void rereadUnder(client, keys.periodSums(uid));
        first = false;
        writeBackNames(store, raw);
      },
      fail,
    );
  });
}

export type PeriodSumsByKind = Record<BoardKind, PeriodSums>;

/**
 * Day, week and month sums in the viewer's zone. `today` is in the key, so the page reads new
 * windows when the date rolls over; saves and the latest activities' snapshots re-read them.
 */
export function usePeriodSums(today: string, timeZone: string) {
  const { store, uid } = useDataScope();
  const result = useQuery({
    queryKey: [...keys.periodSums(uid), today, timeZone],
    queryFn: async (): Promise<PeriodSumsByKind> => {
      const windows = currentWindows(Date.now(), timeZone);
      const [daily, weekly, monthly] = await withTimeout(
        Promise.all([
          periodSums(store, uid, windows.daily),
          periodSums(store, uid, windows.weekly),
          periodSums(store, uid, windows.monthly),
        ]),
      );
      return { daily, weekly, monthly };
    },
  });
  return keepFailure(result);
}

/** The weight history, newest first, live (the latest list and the chart). */
export function useWeightHistory() {
  const { store, uid } = useDataScope();
  return useLive(keys.weightHistory(uid), watchWeightHistory(store, uid));
}
