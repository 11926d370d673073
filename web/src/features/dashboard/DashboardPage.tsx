/**
 * `/user`: the main dashboard. Log Activity, Recent Activities, Your Stats, Your Profile and Weight
 * Tracking, each its own card, plus the popups (goal, MET values, calories help, BMI, BMR, show-all
 * lists and record details, in `DashboardDialogs`), each opening and closing on its own.
 */

import { totalsFromSums } from '@fit/shared/totals';
import Box from '@mui/material/Box';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { lastLoggedActivityType, type StoredActivity } from '../../data/activities.ts';
import { usePeriodSums, useRecentActivities, useWeightHistory } from '../../data/activity-queries.ts';
import { useRequiredUser } from '../../data/context.tsx';
import { recall, remember } from '../../data/device-memory.ts';
import { useNamePromptSettled } from '../../data/first-run.ts';
import { useActivityPreferences, useGoal, useProfile } from '../../data/queries.ts';
import { UnitsProvider } from '../../data/units.ts';
import type { StoredWeight } from '../../data/weights.ts';
import { DashboardDialogs } from './DashboardDialogs.tsx';
import { formatCalendarDay } from './format.ts';
import { bodyFigures, useToday } from './hooks.ts';
import { LogActivityCard } from './LogActivityCard.tsx';
import { MSG } from './messages.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { NO_POPUPS, type OpenPopups, type Popup } from './popups.ts';
import { RecentActivitiesCard } from './RecentActivitiesCard.tsx';
import { StatsCard } from './StatsCard.tsx';
import { WeightCard } from './WeightCard.tsx';

// Each card re-renders only when its own props change: a query that answers (five of them, one
// after another, as the page loads) redraws its card, not the whole page. The page keeps the props
// stable for that (memoized figures and handlers, one empty list).
const LogActivity = memo(LogActivityCard);
const Stats = memo(StatsCard);
const RecentActivities = memo(RecentActivitiesCard);
const Profile = memo(ProfileCard);
const Weight = memo(WeightCard);
const NONE: never[] = [];

const GAP = { xs: 2, md: 3 };
const COLUMN = {
  display: { xs: 'contents', md: 'flex' },
  flexDirection: 'column',
  gap: GAP,
  minWidth: 0,
} as const;

export function DashboardPage() {
  const { uid } = useRequiredUser();
  const { today } = useToday();
  // An answer re-renders this page synchronously (queries are external stores), in the task that
  // received it. The cards see each answer through useDeferredValue instead: that render finds
  // them unchanged (memo), and React redraws the one concerned in a transition, in slices between
  // frames, rather than in one long task per answer.
  const profileQuery = useDeferredValue(useProfile());
  const goalQuery = useDeferredValue(useGoal());
  const recent = useDeferredValue(useRecentActivities());
  const weights = useDeferredValue(useWeightHistory());
  const stats = useDeferredValue(usePeriodSums());
  const preferences = useDeferredValue(useActivityPreferences());

  const profile = profileQuery.data ?? null;
  const goal = goalQuery.data ?? null;
  const profileError = profileQuery.isError || goalQuery.isError ? MSG.fetchProfile : null;

  const [open, setOpenPopups] = useState<OpenPopups>(NO_POPUPS);
  const setOpen = useCallback(
    (popup: Popup, value: boolean) =>
      setOpenPopups((now) => (now[popup] === value ? now : { ...now, [popup]: value })),
    [],
  );
  const [activityDetails, setActivityDetails] = useState<StoredActivity | null>(null);
  const [weightDetails, setWeightDetails] = useState<StoredWeight | null>(null);

  // The popups mount from the first opening on (before that nothing of them renders).
  const anyOpen = Object.values(open).some(Boolean) || activityDetails !== null || weightDetails !== null;
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (anyOpen && !dialogsMounted) setDialogsMounted(true);

  // Invite a user without a goal to set one, once per session; one prompt at a time: after the
  // display-name prompt is answered or put off (data/first-run.ts).
  const nameSettled = useNamePromptSettled(uid, profileQuery);
  useEffect(() => {
    if (nameSettled && goalQuery.isSuccess && goal === null && recall('goalPromptDismissed', uid) !== '1')
      setOpen('goal', true);
  }, [nameSettled, goalQuery.isSuccess, goal, uid, setOpen]);

  const closeGoal = useCallback(() => {
    remember('goalPromptDismissed', uid, '1'); // once per browser session (device-memory.ts)
    setOpen('goal', false);
  }, [uid, setOpen]);

  const body = useMemo(() => bodyFigures(profile, today), [profile, today]);
  const { weight } = body;
  const todayTotals = useMemo(
    () => (stats.sums ? totalsFromSums(stats.sums.daily, weight) : null),
    [stats.sums, weight],
  );
  const recentActivities = recent.data ?? NONE;
  const lastActivityType = useMemo(() => lastLoggedActivityType(recentActivities), [recentActivities]);
  const show = useMemo(
    () => ({
      goal: () => setOpen('goal', true),
      met: () => setOpen('met', true),
      bmi: () => setOpen('bmi', true),
      bmr: () => setOpen('bmr', true),
      allActivities: () => setOpen('allActivities', true),
      caloriesHelp: () => setOpen('caloriesHelp', true),
      allWeights: () => setOpen('allWeights', true),
    }),
    [setOpen],
  );
  const name = profile?.firstName?.trim() || profile?.displayName?.trim();

  // The page's figures and forms in the user's unit system: one profile subscription for them all.
  return (
    <UnitsProvider>
      <PageHeader title={name ? `Hi, ${name}` : 'Your dashboard'} subtitle={formatCalendarDay(today, true)} />
      {/* Two columns from md up (each a stack, so cards keep their own height); on phones one column
          in the same order as the DOM (log, profile, stats, recent, weight), so Tab and screen
          readers go down the page as it looks. */}
      <Box
        sx={{
          display: 'grid',
          gap: GAP,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={COLUMN}>
          <Box sx={{ minWidth: 0 }}>
            <LogActivity
              today={today}
              weight={weight}
              lastActivityType={lastActivityType}
              lastActivityKnown={!recent.isPending}
              saved={preferences.data}
              savedFailed={preferences.isError}
              goal={goal}
              goalLoaded={goalQuery.isSuccess}
              todayTotals={todayTotals}
              onSetGoal={show.goal}
              onShowMetValues={show.met}
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Profile
              profile={profile}
              body={body}
              loaded={profileQuery.isSuccess || profileError !== null}
              error={profileError}
              today={today}
              onShowBmi={show.bmi}
              onShowBmr={show.bmr}
            />
          </Box>
        </Box>
        <Box sx={COLUMN}>
          <Box sx={{ minWidth: 0 }}>
            <Stats sums={stats.sums} weight={weight} error={stats.isError ? MSG.fetchActivities : null} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <RecentActivities
              activities={recentActivities}
              loaded={!recent.isPending}
              error={recent.isError ? MSG.fetchActivities : null}
              weight={weight}
              onOpen={setActivityDetails}
              onShowAll={show.allActivities}
              onCaloriesHelp={show.caloriesHelp}
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Weight
              records={weights.data ?? NONE}
              loaded={!weights.isPending}
              error={weights.isError ? MSG.fetchWeights : null}
              height={body.height}
              onOpen={setWeightDetails}
              onShowAll={show.allWeights}
            />
          </Box>
        </Box>
      </Box>

      {dialogsMounted && (
        <DashboardDialogs
          body={body}
          open={open}
          setOpen={setOpen}
          closeGoal={closeGoal}
          activityDetails={activityDetails}
          setActivityDetails={setActivityDetails}
          weightDetails={weightDetails}
          setWeightDetails={setWeightDetails}
        />
      )}
    </UnitsProvider>
  );
}
