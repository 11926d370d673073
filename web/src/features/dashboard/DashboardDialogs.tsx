/** The dashboard's popups; several may be open at once (calories help over All Activities). */
import { useState } from 'react';
import type { StoredActivity } from '../../data/activities.ts';
import type { StoredWeight } from '../../data/weights.ts';
import { ActivityDetailsDialog } from './ActivityDetailsDialog.tsx';
import { AllActivitiesDialog, AllWeightsDialog } from './AllRecordsDialogs.tsx';
import type { BodyFigures } from './body.ts';
import { GoalDialog } from './GoalDialog.tsx';
import { BmiDialog, BmrDialog, CaloriesHelpDialog } from './HelpDialogs.tsx';
import { MetValuesDialog } from './MetValuesDialog.tsx';
import { type Deleted, UndoDeleteSnackbar } from './UndoDeleteSnackbar.tsx';
import { WeightDetailsDialog } from './WeightDetailsDialog.tsx';

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
  return (
    <>
      <GoalDialog open={Boolean(props.open.goal)} onClose={props.closeGoal} onSaved={props.closeGoal} />
      <MetValuesDialog {...open('met')} weight={weight} />
      <CaloriesHelpDialog {...open('caloriesHelp')} weight={weight} onShowMetValues={() => setOpen('met')} />
      <AllActivitiesDialog
        {...open('allActivities')}
        weight={weight}
        onOpen={props.setActivityDetails}
        onCaloriesHelp={() => setOpen('caloriesHelp')}
      />
      <ActivityDetailsDialog
        activity={props.activityDetails}
        weight={weight}
        onClose={() => props.setActivityDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'activity', record })}
      />
      <BmiDialog {...open('bmi')} value={body.bmi} category={body.category} />
      <BmrDialog {...open('bmr')} value={body.bmr} />
      <AllWeightsDialog {...open('allWeights')} onOpen={props.setWeightDetails} />
      <WeightDetailsDialog
        record={props.weightDetails}
        onClose={() => props.setWeightDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'weight', record })}
      />
      <UndoDeleteSnackbar deleted={deleted} onDone={() => setDeleted(null)} />
    </>
  );
}
