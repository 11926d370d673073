/**
 * The dashboard's popups (goal, MET values, calories help, BMI, BMR, the show-all lists and the
 * record details), in a chunk of their own: Dialog, Modal, FocusTrap and the popups' contents stay
 * out of the dashboard's first render. `DashboardPage` loads this once the page is idle (or when a
 * popup opens first) and keeps it mounted from the first opening on, so each popup opens, closes
 * and returns focus as before.
 */
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
import { WeightDetailsDialog } from './WeightDetailsDialog.tsx';

/** Which popups are open, and how each opens or closes (the page holds the state). */
export interface DashboardDialogsProps {
  body: BodyFigures;
  goalOpen: boolean;
  closeGoal: () => void;
  metOpen: boolean;
  setMetOpen: (open: boolean) => void;
  caloriesHelpOpen: boolean;
  setCaloriesHelpOpen: (open: boolean) => void;
  allActivitiesOpen: boolean;
  setAllActivitiesOpen: (open: boolean) => void;
  activityDetails: StoredActivity | null;
  setActivityDetails: (activity: StoredActivity | null) => void;
  bmiOpen: boolean;
  setBmiOpen: (open: boolean) => void;
  bmrOpen: boolean;
  setBmrOpen: (open: boolean) => void;
  allWeightsOpen: boolean;
  setAllWeightsOpen: (open: boolean) => void;
  weightDetails: StoredWeight | null;
  setWeightDetails: (record: StoredWeight | null) => void;
}

export default function DashboardDialogs(props: DashboardDialogsProps) {
  const { body } = props;
  const { weight } = body;
  return (
    <>
      <GoalDialog open={props.goalOpen} onClose={props.closeGoal} onSaved={props.closeGoal} />
      <MetValuesDialog open={props.metOpen} onClose={() => props.setMetOpen(false)} weight={weight} />
      <CaloriesHelpDialog
        open={props.caloriesHelpOpen}
        onClose={() => props.setCaloriesHelpOpen(false)}
        weight={weight}
        onShowMetValues={() => props.setMetOpen(true)}
      />
      <AllActivitiesDialog
        open={props.allActivitiesOpen}
        onClose={() => props.setAllActivitiesOpen(false)}
        weight={weight}
        onOpen={props.setActivityDetails}
        onCaloriesHelp={() => props.setCaloriesHelpOpen(true)}
      />
      <ActivityDetailsDialog
        activity={props.activityDetails}
        weight={weight}
        onClose={() => props.setActivityDetails(null)}
      />
      <BmiDialog
        open={props.bmiOpen}
        onClose={() => props.setBmiOpen(false)}
        value={body.bmi}
        category={body.category}
      />
      <BmrDialog open={props.bmrOpen} onClose={() => props.setBmrOpen(false)} value={body.bmr} />
      <AllWeightsDialog
        open={props.allWeightsOpen}
        onClose={() => props.setAllWeightsOpen(false)}
        onOpen={props.setWeightDetails}
      />
      <WeightDetailsDialog record={props.weightDetails} onClose={() => props.setWeightDetails(null)} />
    </>
  );
}
