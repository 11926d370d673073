/**
 * The dashboard's live data: profile + goal, the latest activities (with name write-back), period
 * sums for stats and goal progress, the weight history, and the viewer's current date.
 */
import type { BoardKind, DailyGoal, UserProfile } from '@fit/shared/model';
import { browserTimeZone, currentWindows, localDate } from '@fit/shared/periods';
import type { LiveDocumentStore } from '@fit/shared/store';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  normalizeStoredNames,
  type PeriodSums,
  periodSums,
  type StoredActivity,
  watchRecentActivities,
} from '../../data/activities.ts';
import { watchGoal } from '../../data/goal.ts';
import { watchProfile } from '../../data/profile.ts';
import { type StoredWeight, watchWeightHistory } from '../../data/weights.ts';
import { MSG } from './messages.ts';

/** The viewer's zone and today's date there, re-checked every minute so the page rolls over at midnight. */
export function useToday(): { today: string; timeZone: string } {
  const timeZone = useMemo(() => browserTimeZone(), []);
  const [today, setToday] = useState(() => localDate(Date.now(), timeZone));
  useEffect(() => {
    const timer = setInterval(() => setToday(localDate(Date.now(), timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return { today, timeZone };
}

export interface ProfileState {
  profile: UserProfile | null;
  goal: DailyGoal | null;
  profileLoaded: boolean;
  goalLoaded: boolean;
  error: string | null;
}

export function useProfileAndGoal(store: LiveDocumentStore, uid: string): ProfileState {
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [goal, setGoal] = useState<DailyGoal | null>(null);
  const [profileLoaded, setProfileLoaded] = useState(false);
  const [goalLoaded, setGoalLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const fail = (e: unknown) => {
      console.error('Profile or goal fetch failed', e);
      setError(MSG.fetchProfile);
    };
    const stopProfile = watchProfile(
      store,
      uid,
      (p) => {
        setProfile(p);
        setProfileLoaded(true);
      },
      fail,
    );
    const stopGoal = watchGoal(
      store,
      uid,
      (g) => {
        setGoal(g);
        setGoalLoaded(true);
      },
      fail,
    );
    return () => {
      stopProfile();
      stopGoal();
    };
  }, [store, uid]);
  return { profile, goal, profileLoaded, goalLoaded, error };
}

export interface RecentActivitiesState {
  activities: StoredActivity[];
  loaded: boolean;
  error: string | null;
  /** Changes on every snapshot: a cue that stored activities changed. */
  version: number;
}

/** The latest 5, live; stored names not in display case are written back once. */
export function useRecentActivities(store: LiveDocumentStore, uid: string): RecentActivitiesState {
  const [state, setState] = useState<RecentActivitiesState>({
    activities: [],
    loaded: false,
    error: null,
    version: 0,
  });
  const written = useRef(new Set<string>());
  useEffect(() => {
    return watchRecentActivities(
      store,
      uid,
      (activities, raw) => {
        setState((s) => ({ activities, loaded: true, error: null, version: s.version + 1 }));
        normalizeStoredNames(store, raw, written.current)
          .then((paths) => {
            for (const p of paths) written.current.add(p);
          })
          .catch((e) => console.error('Activity name write-back failed', e));
      },
      (e) => {
        console.error('Recent activities fetch failed', e);
        setState((s) => ({ ...s, loaded: true, error: MSG.fetchActivities }));
      },
    );
  }, [store, uid]);
  return state;
}

export type PeriodSumsByKind = Record<BoardKind, PeriodSums>;

/** Day, week and month sums in the viewer's zone; re-read whenever `revision` or the date changes. */
export function usePeriodSums(
  store: LiveDocumentStore,
  uid: string,
  today: string,
  timeZone: string,
  revision: number,
  /** False until the first cue (the latest activities) arrives, so the sums are read once at load. */
  enabled = true,
): { sums: PeriodSumsByKind | null; error: string | null } {
  const [sums, setSums] = useState<PeriodSumsByKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // `today` and `revision` are the re-read cues; the windows come from the clock now.
    void today;
    void revision;
    if (!enabled) return;
    let live = true;
    const windows = currentWindows(Date.now(), timeZone);
    Promise.all([
      periodSums(store, uid, windows.daily),
      periodSums(store, uid, windows.weekly),
      periodSums(store, uid, windows.monthly),
    ])
      .then(([daily, weekly, monthly]) => {
        if (!live) return;
        setSums({ daily, weekly, monthly });
        setError(null);
      })
      .catch((e) => {
        console.error('Stats fetch failed', e);
        if (live) setError(MSG.fetchActivities);
      });
    return () => {
      live = false;
    };
  }, [store, uid, today, timeZone, revision, enabled]);
  return { sums, error };
}

export interface WeightHistoryState {
  /** Newest first. */
  records: StoredWeight[];
  loaded: boolean;
  error: string | null;
}

export function useWeightHistory(store: LiveDocumentStore, uid: string): WeightHistoryState {
  const [state, setState] = useState<WeightHistoryState>({ records: [], loaded: false, error: null });
  useEffect(
    () =>
      watchWeightHistory(
        store,
        uid,
        (records) => setState({ records, loaded: true, error: null }),
        (e) => {
          console.error('Weight records fetch failed', e);
          setState((s) => ({ ...s, loaded: true, error: MSG.fetchWeights }));
        },
      ),
    [store, uid],
  );
  return state;
}
