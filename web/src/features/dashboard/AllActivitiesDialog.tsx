import { PagedDialog } from '../../components/PagedDialog.tsx';
import { type PagerState, usePager } from '../../components/usePager.ts';
import {
  ACTIVITIES_PAGE_SIZE,
  activitiesPage,
  countActivities,
  type StoredActivity,
} from '../../data/activities.ts';
import { writeBackNames } from '../../data/activity-queries.ts';
import { keys, useDataScope } from '../../data/queries.ts';
import { ActivitiesTable } from './ActivitiesTable.tsx';
import { MSG } from './messages.ts';

/** The pager behind "Show All" activities: 50 per page, names written back in display case. */
export function useActivityPager(open: boolean): PagerState<StoredActivity> {
  const { store, uid } = useDataScope();
  return usePager(open, {
    queryKey: [...keys.activities(uid), 'pages'],
    pageSize: ACTIVITIES_PAGE_SIZE,
    count: () => countActivities(store, uid),
    load: async (after) => {
      const page = await activitiesPage(store, uid, after);
      writeBackNames(store, page.raw);
      return page;
    },
    errorMessage: MSG.fetchActivities,
  });
}

export function AllActivitiesDialog(props: {
  open: boolean;
  onClose: () => void;
  weight: number | undefined;
  onOpen: (activity: StoredActivity) => void;
  onCaloriesHelp: () => void;
}) {
  const pager = useActivityPager(props.open);
  return (
    <PagedDialog
      open={props.open}
      onClose={props.onClose}
      title="All Activities"
      pager={pager}
      empty="No activities logged yet."
    >
      <ActivitiesTable
        label="All activities"
        activities={pager.items}
        weight={props.weight}
        onOpen={props.onOpen}
        onCaloriesHelp={props.onCaloriesHelp}
      />
    </PagedDialog>
  );
}
