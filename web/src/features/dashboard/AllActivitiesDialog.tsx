import { PagedDialog } from '../../components/PagedDialog.tsx';
import type { PagerState } from '../../components/usePager.ts';
import { ACTIVITY_RECORDS, type StoredActivity } from '../../data/activities.ts';
import { keys } from '../../data/queries.ts';
import { ActivitiesTable } from './ActivitiesTable.tsx';
import { MSG } from './messages.ts';
import { useRecordPager } from './useRecordPager.ts';

/** The pager behind "Show All" activities: 50 per page. */
function useActivityPager(open: boolean): PagerState<StoredActivity> {
  return useRecordPager(open, ACTIVITY_RECORDS, {
    key: keys.activities,
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
