import type { UserProfile } from '@fit/shared/model';
import { browserTimeZone, localDate } from '@fit/shared/periods';
import { useEffect, useMemo, useState } from 'react';
import { useRequiredUser, useStore } from '../../data/context.tsx';
import { readProfile } from '../../data/profile.ts';
import { type Progress, saveTimeZone, watchProgress } from '../../data/progress.ts';

export const PROGRESS_FAILED = 'Failed to fetch your progress. Please try again.';

export interface ProgressState {
  progress: Progress | null;
  /** The user's current weight (lbs) for calories, when known. */
  weight: number | undefined;
  today: string;
  timeZone: string;
  error: string | null;
}

/**
 * The progress document, live, and the profile's weight (calories) and time zone: when the
 * profile's zone is not this browser's, it is saved, and the reactions recount the days in it.
 */
export function useProgress(): ProgressState {
  const store = useStore();
  const { uid } = useRequiredUser();
  const timeZone = useMemo(() => browserTimeZone(), []);
  const [today, setToday] = useState(() => localDate(Date.now(), timeZone));
  const [progress, setProgress] = useState<Progress | null>(null);
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setInterval(() => setToday(localDate(Date.now(), timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);

  useEffect(() => {
    const fail = () => setError(PROGRESS_FAILED);
    const stopProgress = watchProgress(
      store,
      uid,
      (p) => {
        setProgress(p);
        setError(null);
      },
      fail,
    );
    // Read once, not watched: the weight only prices calories, and a live connection is dear.
    let current = true;
    readProfile(store, uid)
      .then((p) => current && setProfile(p))
      .catch(fail);
    return () => {
      current = false;
      stopProgress();
    };
  }, [store, uid]);

  useEffect(() => {
    if (!profile || profile.timeZone === timeZone) return;
    // Best effort: progress still shows (in the stored zone) if this write fails.
    saveTimeZone(store, uid, timeZone).catch((e) => console.warn('Saving the time zone failed', e));
  }, [profile, store, uid, timeZone]);

  const w = profile?.currentWeight;
  return { progress, weight: typeof w === 'number' && w > 0 ? w : undefined, today, timeZone, error };
}
