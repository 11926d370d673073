import { progressZone } from '@fit/shared/progress';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useRequiredUser, useStore } from '../../data/context.tsx';
import { daysZoneOf, saveTimeZone } from '../../data/progress.ts';
import { useProfile, useProgressDoc } from '../../data/queries.ts';
import { useToday } from '../../data/today.ts';

const PROGRESS_FAILED = 'Failed to fetch your progress. Please try again.';

// The progress documents, live, the weight (calories), and the zone of the days: the browser's is
// saved when the profile has another; until the reactions recount in it, days are taken in the
// summary's zone, so that what was logged now shows on today's cell.
export function useProgress() {
  const store = useStore();
  const { uid } = useRequiredUser();
  const { timeZone: browserZone } = useToday();
  // Deferred: the memoized cards redraw in a transition, not in the render that got the answer.
  const progressQuery = useDeferredValue(useProgressDoc());
  const profile = useDeferredValue(useProfile().data) ?? null;
  const progress = progressQuery.data ?? null;
  const error = progressQuery.isError ? PROGRESS_FAILED : null;
  const { today, timeZone } = useToday(daysZoneOf(progress, browserZone));

  // Saved once per showing and zone: saving back at each change made two devices in two zones
  // overwrite each other without end (each write recounts the whole history). Compared with the
  // zone the days are counted in (UTC for a profile without one): no write that changes nothing.
  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (!profile || progressZone(profile) === browserZone || saved.current === browserZone) return;
    saved.current = browserZone;
    // Best effort: progress still shows (in the stored zone) if this write fails.
    saveTimeZone(store, uid, browserZone).catch((e) => {
      saved.current = null;
      console.warn('Saving the time zone failed', e);
    });
  }, [profile, store, uid, browserZone]);

  const w = profile?.currentWeight;
  const weight = typeof w === 'number' && w > 0 ? w : undefined;
  // `timeZone`: of the progress days (the stored summary's once it has loaded); `weight` for calories.
  return useMemo(
    () => ({ progress, weight, today, timeZone, error }),
    [progress, weight, today, timeZone, error],
  );
}

export type ProgressState = ReturnType<typeof useProgress>;
