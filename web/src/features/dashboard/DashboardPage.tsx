/** `/user`: the dashboard's cards, and their popups (mounted from the first opening on). */
import {
  ALERT_FETCH_ACTIVITIES,
  ALERT_FETCH_PROFILE_OR_GOAL,
  ALERT_FETCH_WEIGHTS,
} from '@fit/shared/messages';
import { totalsFromSums } from '@fit/shared/totals';
import Box from '@mui/material/Box';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Columns } from '../../components/Columns.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { lastLoggedActivityType, type StoredActivity } from '../../data/activities.ts';
import { usePeriodSums, useRecentActivities, useWeightHistory } from '../../data/activity-queries.ts';
import { useRequiredUser } from '../../data/context.tsx';
import { recall, remember } from '../../data/device-memory.ts';
import { useNamePromptSettled } from '../../data/first-run.ts';
import { useActivityPreferences, useGoal, useProfile } from '../../data/queries.ts';
import { useToday } from '../../data/today.ts';
import { UnitsProvider } from '../../data/units.ts';
import type { StoredWeight } from '../../data/weights.ts';
import { bodyFigures } from './body.ts';
import { DashboardDialogs, type Popup } from './DashboardDialogs.tsx';
import { formatCalendarDay } from './format.ts';
import { LogActivityCard } from './LogActivityCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { RecentActivitiesCard } from './RecentActivitiesCard.tsx';
import { StatsCard } from './StatsCard.tsx';
import { WeightCard } from './WeightCard.tsx';

// Each card redraws only when its own props change (the page keeps them stable), not at each of
// the five answers that arrive one after another as the page loads.
const LogActivity = memo(LogActivityCard);
const Stats = memo(StatsCard);
const RecentActivities = memo(RecentActivitiesCard);
const Profile = memo(ProfileCard);
const Weight = memo(WeightCard);
const NONE: never[] = [];

const GAP = { xs: 2, md: 3 };
// Two stacks from md up; on phones one column in DOM order, so Tab goes down the page as it looks.
const COLUMN = {
  display: { xs: 'contents', md: 'flex' },
  flexDirection: 'column',
  gap: GAP,
  minWidth: 0,
  '& > *': { minWidth: 0 },
} as const;

export function DashboardPage() {
  const { uid } = useRequiredUser();
  const { today } = useToday();
  // Deferred: an answer redraws its card in a transition, in slices between frames, rather than
  // in one long task in the render that received it.
  const profileQuery = useDeferredValue(useProfile());
  const goalQuery = useDeferredValue(useGoal());
  const recent = useDeferredValue(useRecentActivities());
  const weights = useDeferredValue(useWeightHistory());
  const stats = useDeferredValue(usePeriodSums());
  const preferences = useDeferredValue(useActivityPreferences());

  const profile = profileQuery.data ?? null;
  const goal = goalQuery.data ?? null;
  const profileError = profileQuery.isError || goalQuery.isError ? ALERT_FETCH_PROFILE_OR_GOAL : null;

  const [open, setOpenPopups] = useState<Partial<Record<Popup, boolean>>>({});
  const setOpen = useCallback(
    (popup: Popup, value = true) =>
      setOpenPopups((now) => (Boolean(now[popup]) === value ? now : { ...now, [popup]: value })),
    [],
  );
  const [activityDetails, setActivityDetails] = useState<StoredActivity | null>(null);
  const [weightDetails, setWeightDetails] = useState<StoredWeight | null>(null);
  const anyOpen = Object.values(open).some(Boolean) || activityDetails !== null || weightDetails !== null;
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (anyOpen && !dialogsMounted) setDialogsMounted(true);

  // Invite a user without a goal to set one, once per session, after the display-name prompt.
  const nameSettled = useNamePromptSettled(uid, profileQuery);
  useEffect(() => {
    if (nameSettled && goalQuery.isSuccess && goal === null && recall('goalPromptDismissed', uid) !== '1')
      setOpen('goal');
  }, [nameSettled, goalQuery.isSuccess, goal, uid, setOpen]);
  const closeGoal = useCallback(() => {
    remember('goalPromptDismissed', uid, '1');
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
  const name = profile?.firstName?.trim() || profile?.displayName?.trim();

  return (
    <UnitsProvider>
      <PageHeader title={name ? `Hi, ${name}` : 'Your dashboard'} subtitle={formatCalendarDay(today)} />
      <Columns md="minmax(0, 5fr) minmax(0, 7fr)" sx={{ gap: GAP }}>
        <Box sx={COLUMN}>
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
            onShow={setOpen}
          />
          <Profile
            profile={profile}
            body={body}
            loaded={profileQuery.isSuccess || profileError !== null}
            error={profileError}
            today={today}
            onShow={setOpen}
          />
        </Box>
        <Box sx={COLUMN}>
          <Stats sums={stats.sums} weight={weight} error={stats.isError ? ALERT_FETCH_ACTIVITIES : null} />
          <RecentActivities
            activities={recentActivities}
            loaded={!recent.isPending}
            error={recent.isError ? ALERT_FETCH_ACTIVITIES : null}
            weight={weight}
            onOpen={setActivityDetails}
            onShow={setOpen}
          />
          <Weight
            records={weights.data ?? NONE}
            loaded={!weights.isPending}
            error={weights.isError ? ALERT_FETCH_WEIGHTS : null}
            height={body.height}
            onOpen={setWeightDetails}
            onShow={setOpen}
          />
        </Box>
      </Columns>
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
