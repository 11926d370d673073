/** The "Show All" popups: every activity or weight record, a page at a time, newest first. */
import { ALERT_FETCH_ACTIVITIES, ALERT_FETCH_WEIGHTS } from '@fit/shared/messages';
import type { QueryKey } from '@tanstack/react-query';
import { PagedDialog } from '../../components/PagedDialog.tsx';
import { usePager } from '../../components/usePager.ts';
import { ACTIVITY_RECORDS, type StoredActivity } from '../../data/activities.ts';
import { keys, useDataScope } from '../../data/queries.ts';
import { countRecords, type RecordKind, recordsPage } from '../../data/records.ts';
import { useUnits } from '../../data/units.ts';
import { type StoredWeight, WEIGHT_RECORDS } from '../../data/weights.ts';
import { ActivitiesTable } from './ActivitiesTable.tsx';
import { WeightList } from './WeightList.tsx';

/** Pages under `key`, so a save there re-reads them. */
function useRecordPager<T>(
  open: boolean,
  kind: RecordKind<T>,
  key: (uid: string) => QueryKey,
  error: string,
) {
  const { store, uid } = useDataScope();
  return usePager(open, {
    queryKey: [...key(uid), 'pages'],
    pageSize: kind.pageSize,
    count: () => countRecords(store, uid, kind),
    load: (after) => recordsPage(store, uid, kind, after),
    errorMessage: error,
  });
}

export function AllActivitiesDialog(props: {
  open: boolean;
  onClose: () => void;
  weight: number | undefined;
  onOpen: (activity: StoredActivity) => void;
  onCaloriesHelp: () => void;
}) {
  const pager = useRecordPager(props.open, ACTIVITY_RECORDS, keys.activities, ALERT_FETCH_ACTIVITIES);
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

export function AllWeightsDialog(props: {
  open: boolean;
  onClose: () => void;
  onOpen: (record: StoredWeight) => void;
}) {
  const pager = useRecordPager(props.open, WEIGHT_RECORDS, keys.weights, ALERT_FETCH_WEIGHTS);
  const units = useUnits();
  return (
    <PagedDialog
      open={props.open}
      onClose={props.onClose}
      title="All Weight Records"
      pager={pager}
      empty="No weight records yet."
    >
      <WeightList label="All weight records" records={pager.items} onOpen={props.onOpen} units={units} />
    </PagedDialog>
  );
}
