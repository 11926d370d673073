/** Server state through TanStack Query: one hook per read, store and user from context. */
import type { LiveDocumentStore } from '@fit/shared/store';
import { type QueryClient, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useRequiredUser, useStore } from './context.tsx';
import { watchGoal } from './goal.ts';
import { LIVE, type Listen, listenInto, withTimeout } from './live-query.ts';
import { readActivityPreferences } from './preferences.ts';
import { watchProfile } from './profile.ts';
import { type Progress, watchProgress } from './progress.ts';

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
  weights: (uid: string) => ['users', uid, 'weights'] as const,
  weightHistory: (uid: string) => ['users', uid, 'weights', 'history'] as const,
};

/** Re-reads the one-shot queries under `prefix` after a save; live ones follow on their own. */
export function rereadUnder(client: QueryClient, prefix: QueryKey): Promise<void> {
  return client.invalidateQueries({ queryKey: prefix, predicate: (query) => !query.meta?.live });
}

/**
 * A failed query with no data goes back to `pending` on each reload, so a section's failure message
 * would blink away during every Retry: `isError` stays true until data or a new answer arrives.
 */
function keepFailure<R extends UseQueryResult<unknown, unknown>>(result: R): R {
  if (result.isError || result.data !== undefined || result.errorUpdateCount === 0 || !result.isFetching)
    return result;
  return { ...result, isError: true, isPending: false, isLoading: false, status: 'error' } as R;
}

export function useLive<T>(queryKey: QueryKey, listen: Listen<T>, enabled = true, series = 0) {
  return keepFailure(
    useQuery({
      queryKey,
      queryFn: (context) => listenInto(context, listen),
      staleTime: Number.POSITIVE_INFINITY,
      meta: LIVE,
      enabled,
      // Re-aimed within one series (the key's first `series` parts kept), the last answer stays
      // shown until the new one comes: counts and kudos do not blink as a new post arrives.
      placeholderData: (previous, query) =>
        series > 0 && query?.queryKey.slice(0, series).every((part, i) => part === queryKey[i])
          ? previous
          : undefined,
    }),
  );
}

export function useProfile() {
  const { store, uid } = useDataScope();
  return useLive(keys.profile(uid), watchProfile(store, uid));
}

export function useGoal() {
  const { store, uid } = useDataScope();
  return useLive(keys.goal(uid), watchGoal(store, uid));
}

/** The saved activity selection (empty: all are offered). */
export function useActivityPreferences() {
  const { store, uid } = useDataScope();
  return keepFailure(
    useQuery({
      queryKey: keys.preferences(uid),
      queryFn: () => withTimeout(readActivityPreferences(store, uid)),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** The per-user progress projection, live. */
export function useProgressDoc() {
  const { store, uid } = useDataScope();
  return useLive<Progress>([...keys.user(uid), 'progress'], watchProgress(store, uid));
}
