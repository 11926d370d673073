import type { Cursor, DocumentStore } from '@fit/shared/store';
import { useCallback, useRef } from 'react';
import {
  ACTIVITIES_PAGE_SIZE,
  activitiesPage,
  countActivities,
  normalizeStoredNames,
  type StoredActivity,
} from '../../data/activities.ts';
import { ActivitiesTable } from './ActivitiesTable.tsx';
import { MSG } from './messages.ts';
import { PagedDialog } from './PagedDialog.tsx';
import type { PagerState } from './usePager.ts';
import { usePager } from './usePager.ts';

/** The pager behind "Show All" activities: 50 per page, names written back in display case. */
export function useActivityPager(
  store: DocumentStore,
  uid: string,
  open: boolean,
): PagerState<StoredActivity> {
  const written = useRef(new Set<string>());
  const count = useCallback(() => countActivities(store, uid), [store, uid]);
  const load = useCallback(
    async (after: Cursor | null) => {
      const page = await activitiesPage(store, uid, after);
      normalizeStoredNames(store, page.raw, written.current)
        .then((paths) => {
          for (const p of paths) written.current.add(p);
        })
        .catch((e) => console.error('Activity name write-back failed', e));
      return { items: page.activities, next: page.next };
    },
    [store, uid],
  );
  return usePager(open, ACTIVITIES_PAGE_SIZE, count, load, MSG.fetchActivities);
}

export function AllActivitiesDialog(props: {
  open: boolean;
  onClose: () => void;
  pager: PagerState<StoredActivity>;
  weight: number | undefined;
  onOpen: (activity: StoredActivity) => void;
  onCaloriesHelp: () => void;
}) {
  return (
    <PagedDialog
      open={props.open}
      onClose={props.onClose}
      title="All Activities"
      pager={props.pager}
      empty="No activities logged yet."
    >
      <ActivitiesTable
        label="All activities"
        activities={props.pager.items}
        weight={props.weight}
        onOpen={props.onOpen}
        onCaloriesHelp={props.onCaloriesHelp}
      />
    </PagedDialog>
  );
}
