/**
 * `/user`: the main dashboard. Log Activity, Recent Activities, Your Stats, Your Profile and Weight
 * Tracking, each its own card, plus the popups (goal, MET values, calories help, BMI, BMR, show-all
 * lists and record details), each opening and closing on its own.
 */

import { ageOn, bmi, bmiCategory, bmr } from '@fit/shared/formulas';
import { totalsFromSums } from '@fit/shared/totals';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import type { StoredActivity } from '../../data/activities.ts';
import { useRequiredUser, useStore } from '../../data/context.tsx';
import type { StoredWeight } from '../../data/weights.ts';
import { ActivityDetailsDialog } from './ActivityDetailsDialog.tsx';
import { AllActivitiesDialog, useActivityPager } from './AllActivitiesDialog.tsx';
import { AllWeightsDialog, useWeightPager } from './AllWeightsDialog.tsx';
import { BmiDialog } from './BmiDialog.tsx';
import { BmrDialog } from './BmrDialog.tsx';
import { CaloriesHelpDialog } from './CaloriesHelpDialog.tsx';
import { formatCalendarDay } from './format.ts';
import { GoalDialog } from './GoalDialog.tsx';
import {
  usePeriodSums,
  useProfileAndGoal,
  useRecentActivities,
  useToday,
  useWeightHistory,
} from './hooks.ts';
import { LogActivityCard } from './LogActivityCard.tsx';
import { MetValuesDialog } from './MetValuesDialog.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { RecentActivitiesCard } from './RecentActivitiesCard.tsx';
import { StatsCard } from './StatsCard.tsx';
import { WeightCard } from './WeightCard.tsx';
import { WeightDetailsDialog } from './WeightDetailsDialog.tsx';

const GAP = { xs: 2, md: 3 };
const COLUMN = {
  display: { xs: 'contents', md: 'flex' },
  flexDirection: 'column',
  gap: GAP,
  minWidth: 0,
} as const;

/** The goal popup shows once per browser session while no goal is set. */
function goalPromptKey(uid: string) {
  return `fittrack:goal-prompt-dismissed:${uid}`;
}

function promptDismissed(uid: string): boolean {
  try {
    return sessionStorage.getItem(goalPromptKey(uid)) === '1';
  } catch {
    return false;
  }
}

function dismissPrompt(uid: string) {
  try {
    sessionStorage.setItem(goalPromptKey(uid), '1');
  } catch {
    // Storage may be unavailable (private mode): the popup may then show again next visit.
  }
}

export function DashboardPage() {
  const store = useStore();
  const { uid } = useRequiredUser();
  const { today, timeZone } = useToday();
  const { profile, goal, profileLoaded, goalLoaded, error: profileError } = useProfileAndGoal(store, uid);
  const recent = useRecentActivities(store, uid);
  const weights = useWeightHistory(store, uid);
  const [revision, bump] = useReducer((n: number) => n + 1, 0);
  const { sums, error: statsError } = usePeriodSums(
    store,
    uid,
    today,
    timeZone,
    recent.version + revision,
    recent.loaded,
  );

  const [goalOpen, setGoalOpen] = useState(false);
  const [metOpen, setMetOpen] = useState(false);
  const [caloriesHelpOpen, setCaloriesHelpOpen] = useState(false);
  const [allActivitiesOpen, setAllActivitiesOpen] = useState(false);
  const [activityDetails, setActivityDetails] = useState<StoredActivity | null>(null);
  const [bmiOpen, setBmiOpen] = useState(false);
  const [bmrOpen, setBmrOpen] = useState(false);
  const [allWeightsOpen, setAllWeightsOpen] = useState(false);
  const [weightDetails, setWeightDetails] = useState<StoredWeight | null>(null);

  const activityPager = useActivityPager(store, uid, allActivitiesOpen);
  const weightPager = useWeightPager(store, uid, allWeightsOpen);

  // Invite a user without a goal to set one, once per session.
  useEffect(() => {
    if (goalLoaded && goal === null && !promptDismissed(uid)) setGoalOpen(true);
  }, [goalLoaded, goal, uid]);

  const closeGoal = useCallback(() => {
    dismissPrompt(uid);
    setGoalOpen(false);
  }, [uid]);

  const weight = profile?.currentWeight;
  const refreshActivityPager = activityPager.refresh;
  const onActivityChanged = useCallback(() => {
    bump();
    refreshActivityPager();
  }, [refreshActivityPager]);

  const bmiValue = bmi(weight, profile?.height);
  const age = profile?.dateOfBirth ? ageOn(profile.dateOfBirth, today) : null;
  const bmrValue = bmr({
    weightLbs: weight,
    heightIn: profile?.height,
    age,
    gender: profile?.gender ?? 'Male',
  });
  const name = profile?.firstName?.trim() || profile?.displayName?.trim();

  return (
    <>
      <PageHeader title={name ? `Hi, ${name}` : 'Your dashboard'} subtitle={formatCalendarDay(today, true)} />
      {profileError && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {profileError}
        </Alert>
      )}
      {/* Two columns from md up (each a stack, so cards keep their own height); on phones one column
          in the order of use: log, stats, recent, weight, then the profile. */}
      <Box
        sx={{
          display: 'grid',
          gap: GAP,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={COLUMN}>
          <Box sx={{ order: 1, minWidth: 0 }}>
            <LogActivityCard
              store={store}
              uid={uid}
              today={today}
              weight={weight}
              lastActivityType={recent.activities[0]?.activityType}
              goal={goal}
              goalLoaded={goalLoaded}
              todayTotals={sums ? totalsFromSums(sums.daily, weight) : null}
              onSetGoal={() => setGoalOpen(true)}
              onShowMetValues={() => setMetOpen(true)}
              onLogged={bump}
            />
          </Box>
          <Box sx={{ order: 5, minWidth: 0 }}>
            <ProfileCard
              store={store}
              uid={uid}
              profile={profile}
              loaded={profileLoaded || profileError !== null}
              today={today}
              onShowBmi={() => setBmiOpen(true)}
              onShowBmr={() => setBmrOpen(true)}
            />
          </Box>
        </Box>
        <Box sx={COLUMN}>
          <Box sx={{ order: 2, minWidth: 0 }}>
            <StatsCard sums={sums} weight={weight} error={statsError} />
          </Box>
          <Box sx={{ order: 3, minWidth: 0 }}>
            <RecentActivitiesCard
              activities={recent.activities}
              loaded={recent.loaded}
              error={recent.error}
              weight={weight}
              onOpen={setActivityDetails}
              onShowAll={() => setAllActivitiesOpen(true)}
              onCaloriesHelp={() => setCaloriesHelpOpen(true)}
            />
          </Box>
          <Box sx={{ order: 4, minWidth: 0 }}>
            <WeightCard
              store={store}
              uid={uid}
              records={weights.records}
              loaded={weights.loaded}
              error={weights.error}
              height={profile?.height}
              onOpen={setWeightDetails}
              onShowAll={() => setAllWeightsOpen(true)}
            />
          </Box>
        </Box>
      </Box>

      <GoalDialog open={goalOpen} onClose={closeGoal} store={store} uid={uid} onSaved={closeGoal} />
      <MetValuesDialog open={metOpen} onClose={() => setMetOpen(false)} weight={weight} />
      <CaloriesHelpDialog
        open={caloriesHelpOpen}
        onClose={() => setCaloriesHelpOpen(false)}
        weight={weight}
        onShowMetValues={() => setMetOpen(true)}
      />
      <AllActivitiesDialog
        open={allActivitiesOpen}
        onClose={() => setAllActivitiesOpen(false)}
        pager={activityPager}
        weight={weight}
        onOpen={setActivityDetails}
        onCaloriesHelp={() => setCaloriesHelpOpen(true)}
      />
      <ActivityDetailsDialog
        activity={activityDetails}
        store={store}
        uid={uid}
        weight={weight}
        onClose={() => setActivityDetails(null)}
        onChanged={onActivityChanged}
      />
      <BmiDialog
        open={bmiOpen}
        onClose={() => setBmiOpen(false)}
        value={bmiValue}
        category={bmiValue === null ? null : bmiCategory(bmiValue)}
      />
      <BmrDialog open={bmrOpen} onClose={() => setBmrOpen(false)} value={bmrValue} />
      <AllWeightsDialog
        open={allWeightsOpen}
        onClose={() => setAllWeightsOpen(false)}
        pager={weightPager}
        onOpen={setWeightDetails}
      />
      <WeightDetailsDialog
        record={weightDetails}
        store={store}
        uid={uid}
        onClose={() => setWeightDetails(null)}
        onChanged={weightPager.refresh}
      />
    </>
  );
}

export default DashboardPage;
