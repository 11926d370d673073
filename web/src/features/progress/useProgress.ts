import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useRequiredUser, useStore } from '../../data/context.tsx';
import { daysZoneOf, type Progress, saveTimeZone } from '../../data/progress.ts';
import { useProfile, useProgressDoc } from '../../data/queries.ts';
import { useToday } from '../../data/today.ts';

const PROGRESS_FAILED = 'Failed to fetch your progress. Please try again.';

export interface ProgressState {
  progress: Progress | null;
  /** The user's current weight (lbs) for calories, when known. */
  weight: number | undefined;
  /** Today and the zone of the progress days (the stored summary's zone once it has loaded). */
  today: string;
  timeZone: string;
  error: string | null;
}

/**
 * The progress documents, live, and the profile's weight (calories) and time zone: when the
 * profile's zone is not this browser's, it is saved, and the reactions recount the days in it.
 * Until they have (or while another device of the user's keeps its own zone saved), the days are
 * in the summary's zone: today, the streak, the weekly chart, the filtered history and a day's
 * entries are then taken in that zone too, so that what was logged now shows on today's cell.
 */
export function useProgress(): ProgressState {
  const store = useStore();
  const { uid } = useRequiredUser();
  const { timeZone: browserZone } = useToday();
  // Through the shared query cache: the dashboard's profile listener serves this card too. Both
  // deferred: an answer re-renders the section at once (external stores are not sliced), where the
  // state below is unchanged and the memoized cards skip; they redraw in a transition instead.
  const progressQuery = useDeferredValue(useProgressDoc());
  const profile = useDeferredValue(useProfile().data) ?? null;
  const progress = progressQuery.data ?? null;
  const error = progressQuery.isError ? PROGRESS_FAILED : null;
  const { today, timeZone } = useToday(daysZoneOf(progress, browserZone));

  // Saved once per showing and zone (a device that travels saves its new zone): another device of
  // the user's in another zone (a laptop left on the home zone, a phone on the local one) saves its
  // own, and saving back at each change made the two overwrite each other without end (each write
  // recounts the whole history). The zone saved last wins until a page shows progress again; days
  // then show in the stored zone.
  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (!profile || profile.timeZone === browserZone || saved.current === browserZone) return;
    saved.current = browserZone;
    // Best effort: progress still shows (in the stored zone) if this write fails.
    saveTimeZone(store, uid, browserZone).catch((e) => {
      saved.current = null;
      console.warn('Saving the time zone failed', e);
    });
  }, [profile, store, uid, browserZone]);

  const w = profile?.currentWeight;
  const weight = typeof w === 'number' && w > 0 ? w : undefined;
  return useMemo(
    () => ({ progress, weight, today, timeZone, error }),
    [progress, weight, today, timeZone, error],
  );
}
