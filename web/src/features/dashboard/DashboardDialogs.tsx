/** The dashboard's popups; several may be open at once (calories help over All Activities). */
import { ALERT_FETCH_ACTIVITIES, ALERT_FETCH_WEIGHTS } from '@fit/shared/messages';
import { useState } from 'react';
import { ACTIVITY_RECORDS, type StoredActivity } from '../../data/activities.ts';
import { keys, useDataScope } from '../../data/queries.ts';
import { useUnits } from '../../data/units.ts';
import { type StoredWeight, WEIGHT_RECORDS } from '../../data/weights.ts';
import { ActivitiesTable } from './ActivitiesTable.tsx';
import { ActivityDetailsDialog } from './ActivityDetailsDialog.tsx';
import { AllRecordsDialog } from './AllRecordsDialog.tsx';
import type { BodyFigures } from './body.ts';
import { GoalDialog } from './GoalDialog.tsx';
import { BmiDialog, BmrDialog, CaloriesHelpDialog, MetValuesDialog } from './HelpDialogs.tsx';
import { type Deleted, UndoDeleteSnackbar } from './UndoDeleteSnackbar.tsx';
import { WeightDetailsDialog } from './WeightDetailsDialog.tsx';
import { WeightList } from './WeightList.tsx';

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
  const { uid } = useDataScope();
  const units = useUnits();
  return (
    <>
      <GoalDialog open={Boolean(props.open.goal)} onClose={props.closeGoal} onSaved={props.closeGoal} />
      <MetValuesDialog {...open('met')} weight={weight} />
      <CaloriesHelpDialog {...open('caloriesHelp')} weight={weight} onShowMetValues={() => setOpen('met')} />
      <AllRecordsDialog
        {...open('allActivities')}
        title="All Activities"
        kind={ACTIVITY_RECORDS}
        queryKey={keys.activities(uid)}
        error={ALERT_FETCH_ACTIVITIES}
        empty="No activities logged yet."
      >
        {(activities) => (
          <ActivitiesTable
            label="All activities"
            activities={activities}
            weight={weight}
            onOpen={props.setActivityDetails}
            onCaloriesHelp={() => setOpen('caloriesHelp')}
          />
        )}
      </AllRecordsDialog>
      <ActivityDetailsDialog
        activity={props.activityDetails}
        weight={weight}
        onClose={() => props.setActivityDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'activity', record })}
      />
      <BmiDialog {...open('bmi')} value={body.bmi} category={body.category} />
      <BmrDialog {...open('bmr')} value={body.bmr} />
      <AllRecordsDialog
        {...open('allWeights')}
        title="All Weight Records"
        kind={WEIGHT_RECORDS}
        queryKey={keys.weights(uid)}
        error={ALERT_FETCH_WEIGHTS}
        empty="No weight records yet."
      >
        {(records) => (
          <WeightList
            label="All weight records"
            records={records}
            onOpen={props.setWeightDetails}
            units={units}
          />
        )}
      </AllRecordsDialog>
      <WeightDetailsDialog
        record={props.weightDetails}
        onClose={() => props.setWeightDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'weight', record })}
      />
      <UndoDeleteSnackbar deleted={deleted} onDone={() => setDeleted(null)} />
    </>
  );
}
