/**
 * Server state of the signed-in pages, through TanStack Query: one hook per read over the
 * repository functions of this folder. Hooks reach the store and the signed-in user from context
 * (`useDataScope`), so screens pass neither around. Live reads follow the store's listeners
 * (`live-query.ts`); one-shot reads give up after `loadLimits.timeoutMs`.
 */
import type { BoardKind, DailyGoal, FeedActivity, FeedPost, UserProfile } from '@fit/shared/model';
import { currentWindows } from '@fit/shared/periods';
import type { LiveDocumentStore } from '@fit/shared/store';
import { hashKey, type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  normalizeStoredNames,
  type PeriodSums,
  periodSums,
  type StoredActivity,
  watchRecentActivities,
} from './activities.ts';
import { type Boards, watchBoards, watchFeedActivities, watchFeedPosts } from './community.ts';
import { useRequiredUser, useStore } from './context.tsx';
import { watchGoal } from './goal.ts';
import { LIVE, type Listen, listenInto } from './live-query.ts';
import { withTimeout } from './load-limits.ts';
import { readActivityPreferences } from './preferences.ts';
import { watchProfile } from './profile.ts';
import { type Progress, watchProgress } from './progress.ts';
import { type StoredWeight, watchWeightHistory } from './weights.ts';

/** What every read and save of the signed-in pages works on. */
export interface DataScope {
  store: LiveDocumentStore;
  uid: string;
}

export function useDataScope(): DataScope {
  return { store: useStore(), uid: useRequiredUser().uid };
}

/** Query keys: a user's data under `['users', uid, ...]`, so one prefix re-reads a whole area. */
export const keys = {
  user: (uid: string) => ['users', uid] as const,
  profile: (uid: string) => ['users', uid, 'profile'] as const,
  goal: (uid: string) => ['users', uid, 'goal'] as const,
  preferences: (uid: string) => ['users', uid, 'preferences'] as const,
  activities: (uid: string) => ['users', uid, 'activities'] as const,
  recentActivities: (uid: string) => ['users', uid, 'activities', 'recent'] as const,
  periodSums: (uid: string) => ['users', uid, 'activities', 'sums'] as const,
  weights: (uid: string) => ['users', uid, 'weights'] as const,
  weightHistory: (uid: string) => ['users', uid, 'weights', 'history'] as const,
  feedPosts: ['community', 'posts'] as const,
  feedActivities: ['community', 'activities'] as const,
  boards: ['community', 'boards'] as const,
};

/**
 * Re-reads the one-shot queries under `prefix` after a save (totals, pages, counts); live queries
 * there follow the store on their own and are left listening.
 */
export function rereadUnder(client: QueryClient, prefix: QueryKey): Promise<void> {
  return client.invalidateQueries({ queryKey: prefix, predicate: (query) => !query.meta?.live });
}

function useLive<T>(queryKey: QueryKey, listen: Listen<T>, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => listenInto(client, { queryKey, queryHash: hashKey(queryKey), signal }, listen),
    staleTime: Number.POSITIVE_INFINITY,
    meta: LIVE,
    enabled,
  });
}

export function useProfile() {
  const { store, uid } = useDataScope();
  return useLive<UserProfile | null>(keys.profile(uid), (next, fail) => watchProfile(store, uid, next, fail));
}

export function useGoal() {
  const { store, uid } = useDataScope();
  return useLive<DailyGoal | null>(keys.goal(uid), (next, fail) => watchGoal(store, uid, next, fail));
}

/** The saved activity selection (the read creates the empty document when missing, as the spec says). */
export function useActivityPreferences() {
  const { store, uid } = useDataScope();
  return useQuery({
    queryKey: keys.preferences(uid),
    queryFn: () => withTimeout(readActivityPreferences(store, uid)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

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
  return useQuery({
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
}

/** The weight history, newest first, live (the latest list and the chart). */
export function useWeightHistory() {
  const { store, uid } = useDataScope();
  return useLive<StoredWeight[]>(keys.weightHistory(uid), (next, fail) =>
    watchWeightHistory(store, uid, next, fail),
  );
}

export function useFeedPosts() {
  const store = useStore();
  return useLive<FeedPost[]>(keys.feedPosts, (next, fail) => watchFeedPosts(store, next, fail));
}

export function useFeedActivities() {
  const store = useStore();
  return useLive<FeedActivity[]>(keys.feedActivities, (next, fail) => watchFeedActivities(store, next, fail));
}

export function useBoards() {
  const store = useStore();
  return useLive<Boards>(keys.boards, (next, fail) => watchBoards(store, next, fail));
}

/** The per-user progress projection (records, streaks, per-day and per-week totals), live. */
export function useProgressDoc() {
  const { store, uid } = useDataScope();
  return useLive<Progress>([...keys.user(uid), 'progress'], (next, fail) =>
    watchProgress(store, uid, next, fail),
  );
}
