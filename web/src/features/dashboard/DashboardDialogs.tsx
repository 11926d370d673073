/** The dashboard's popups; several may be open at once (calories help over All Activities). */
import { ALERT_FETCH_ACTIVITIES, ALERT_FETCH_WEIGHTS } from '@fit/shared/messages';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedDialog } from '../../components/PagedDialog.tsx';
import { usePager } from '../../components/usePager.ts';
import { ACTIVITY_RECORDS, type StoredActivity } from '../../data/activities.ts';
import { keys, useDataScope } from '../../data/queries.ts';
import { countRecords, type RecordKind, recordsPage } from '../../data/records.ts';
import { useUnits } from '../../data/units.ts';
import { type StoredWeight, WEIGHT_RECORDS } from '../../data/weights.ts';
import { ActivitiesTable } from './ActivitiesTable.tsx';
import { ActivityDetailsDialog } from './ActivityDetailsDialog.tsx';
import type { BodyFigures } from './body.ts';
import { GoalDialog } from './GoalDialog.tsx';
import { BmiDialog, BmrDialog, CaloriesHelpDialog, MetValuesDialog } from './HelpDialogs.tsx';
import { type Deleted, UndoDeleteSnackbar } from './UndoDeleteSnackbar.tsx';
import { WeightDetailsDialog } from './WeightDetailsDialog.tsx';
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

export type Popup = 'goal' | 'met' | 'caloriesHelp' | 'allActivities' | 'bmi' | 'bmr' | 'allWeights';

export function DashboardDialogs(props: {
  body: BodyFigures;
  open: Partial<Record<Popup, boolean>>;
  setOpen: (popup: Popup, open?: boolean) => void;
  /** Closing the goal popup also remembers that the prompt was dismissed. */
  closeGoal: () => void;
  activityDetails: StoredActivity | null;
  setActivityDetails: (activity: StoredActivity | null) => void;
  weightDetails: StoredWeight | null;
  setWeightDetails: (record: StoredWeight | null) => void;
}) {
  const { body, setOpen } = props;
  const { weight } = body;
  const open = (popup: Popup) => ({ open: Boolean(props.open[popup]), onClose: () => setOpen(popup, false) });
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const activities = useRecordPager(
    Boolean(props.open.allActivities),
    ACTIVITY_RECORDS,
    keys.activities,
    ALERT_FETCH_ACTIVITIES,
  );
  const weights = useRecordPager(
    Boolean(props.open.allWeights),
    WEIGHT_RECORDS,
    keys.weights,
    ALERT_FETCH_WEIGHTS,
  );
  const units = useUnits();
  return (
    <>
      <GoalDialog open={Boolean(props.open.goal)} onClose={props.closeGoal} onSaved={props.closeGoal} />
      <MetValuesDialog {...open('met')} weight={weight} />
      <CaloriesHelpDialog {...open('caloriesHelp')} weight={weight} onShowMetValues={() => setOpen('met')} />
      <PagedDialog
        {...open('allActivities')}
        title="All Activities"
        pager={activities}
        empty="No activities logged yet."
      >
        <ActivitiesTable
          label="All activities"
          activities={activities.items}
          weight={weight}
          onOpen={props.setActivityDetails}
          onCaloriesHelp={() => setOpen('caloriesHelp')}
        />
      </PagedDialog>
      <ActivityDetailsDialog
        activity={props.activityDetails}
        weight={weight}
        onClose={() => props.setActivityDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'activity', record })}
      />
      <BmiDialog {...open('bmi')} value={body.bmi} category={body.category} />
      <BmrDialog {...open('bmr')} value={body.bmr} />
      <PagedDialog
        {...open('allWeights')}
        title="All Weight Records"
        pager={weights}
        empty="No weight records yet."
      >
        <WeightList
          label="All weight records"
          records={weights.items}
          onOpen={props.setWeightDetails}
          units={units}
        />
      </PagedDialog>
      <WeightDetailsDialog
        record={props.weightDetails}
        onClose={() => props.setWeightDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'weight', record })}
      />
      <UndoDeleteSnackbar deleted={deleted} onDone={() => setDeleted(null)} />
    </>
  );
}
