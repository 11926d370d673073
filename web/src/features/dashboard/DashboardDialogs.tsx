/**
 * The dashboard's popups (goal, MET values, calories help, BMI, BMR, the show-all lists and the
 * record details). `DashboardPage` mounts them from the first opening on, so each popup opens,
 * closes and returns focus on its own.
 */
import { useState } from 'react';
import type { StoredActivity } from '../../data/activities.ts';
import type { StoredWeight } from '../../data/weights.ts';
import { ActivityDetailsDialog } from './ActivityDetailsDialog.tsx';
import { AllActivitiesDialog } from './AllActivitiesDialog.tsx';
import { AllWeightsDialog } from './AllWeightsDialog.tsx';
import { BmiDialog } from './BmiDialog.tsx';
import { BmrDialog } from './BmrDialog.tsx';
import { CaloriesHelpDialog } from './CaloriesHelpDialog.tsx';
import { GoalDialog } from './GoalDialog.tsx';
import type { BodyFigures } from './hooks.ts';
import { MetValuesDialog } from './MetValuesDialog.tsx';
import type { OpenPopups, Popup } from './popups.ts';
import { type Deleted, UndoDeleteSnackbar } from './UndoDeleteSnackbar.tsx';
import { WeightDetailsDialog } from './WeightDetailsDialog.tsx';

/** Which popups are open, and how each opens or closes (the page holds the state). */
interface DashboardDialogsProps {
  body: BodyFigures;
  open: OpenPopups;
  setOpen: (popup: Popup, open: boolean) => void;
  /** Closing the goal popup also remembers that the prompt was dismissed. */
  closeGoal: () => void;
  activityDetails: StoredActivity | null;
  setActivityDetails: (activity: StoredActivity | null) => void;
  weightDetails: StoredWeight | null;
  setWeightDetails: (record: StoredWeight | null) => void;
}

export function DashboardDialogs(props: DashboardDialogsProps) {
  const { body, open, setOpen } = props;
  const { weight } = body;
  // A delete from a details popup can be undone for a while (the Snackbar's Undo).
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  return (
    <>
      <GoalDialog open={open.goal} onClose={props.closeGoal} onSaved={props.closeGoal} />
      <MetValuesDialog open={open.met} onClose={() => setOpen('met', false)} weight={weight} />
      <CaloriesHelpDialog
        open={open.caloriesHelp}
        onClose={() => setOpen('caloriesHelp', false)}
        weight={weight}
        onShowMetValues={() => setOpen('met', true)}
      />
      <AllActivitiesDialog
        open={open.allActivities}
        onClose={() => setOpen('allActivities', false)}
        weight={weight}
        onOpen={props.setActivityDetails}
        onCaloriesHelp={() => setOpen('caloriesHelp', true)}
      />
      <ActivityDetailsDialog
        activity={props.activityDetails}
        weight={weight}
        onClose={() => props.setActivityDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'activity', record })}
      />
      <BmiDialog
        open={open.bmi}
        onClose={() => setOpen('bmi', false)}
        value={body.bmi}
        category={body.category}
      />
      <BmrDialog open={open.bmr} onClose={() => setOpen('bmr', false)} value={body.bmr} />
      <AllWeightsDialog
        open={open.allWeights}
        onClose={() => setOpen('allWeights', false)}
        onOpen={props.setWeightDetails}
      />
      <WeightDetailsDialog
        record={props.weightDetails}
        onClose={() => props.setWeightDetails(null)}
        onDeleted={(record) => setDeleted({ kind: 'weight', record })}
      />
      <UndoDeleteSnackbar deleted={deleted} onDone={() => setDeleted(null)} />
    </>
  );
}
