/**
 * `/account`: Your Information, Your Daily Goal, Manage Activities and account deletion. Loads the
 * profile, the goal and the activity preferences once (creating the empty preferences document
 * when it is missing, as the spec says); each section saves on its own.
 */
import type { DailyGoal, UserProfile } from '@fit/shared/model';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useRequiredUser, useStore } from '../../data/context.tsx';
import { readGoal } from '../../data/goal.ts';
import { readActivityPreferences } from '../../data/preferences.ts';
import { hasDisplayName, readProfile } from '../../data/profile.ts';
import { useSessionExpiry } from '../../data/session.tsx';
import { ActivitiesSection } from './ActivitiesSection.tsx';
import { DataSection } from './DataSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { GoalSection } from './GoalSection.tsx';
import { LOAD_FAILED } from './messages.ts';
import { ProfileSection } from './ProfileSection.tsx';

interface Loaded {
  profile: UserProfile | null;
  goal: DailyGoal | null;
  activities: string[];
  /** Bumped on every load: the forms start again from what was read (after an import, say). */
  version: number;
}

export function AccountPage() {
  const store = useStore();
  const user = useRequiredUser();
  const expired = useSessionExpiry();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    void attempt; // re-runs the load on Retry
    Promise.all([
      readProfile(store, user.uid),
      readGoal(store, user.uid),
      readActivityPreferences(store, user.uid),
    ]).then(
      ([profile, goal, activities]) =>
        live && setLoaded((l) => ({ profile, goal, activities, version: (l?.version ?? 0) + 1 })),
      (error: unknown) => {
        console.error('Loading the account failed', error);
        if (live && !expired(error)) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [store, user.uid, expired, attempt]);

  const header = (
    <PageHeader title="Account" subtitle="Your details, your daily goal and the activities you track." />
  );

  if (failed) {
    return (
      <>
        {header}
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          }
        >
          {LOAD_FAILED}
        </Alert>
      </>
    );
  }
  if (!loaded) {
    return (
      <>
        {header}
        <Loading label="Loading your account" />
      </>
    );
  }

  return (
    <>
      {header}
      {!hasDisplayName(loaded.profile) && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Welcome to FitTrack! Choose a display name to finish setting up your profile.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gridTemplateRows: { md: 'auto 1fr auto' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridRow: { md: 'span 2' } }}>
          <ProfileSection
            key={loaded.version}
            profile={loaded.profile}
            onSaved={(profile) => setLoaded((l) => l && { ...l, profile })}
          />
        </Box>
        <GoalSection key={loaded.version} goal={loaded.goal} />
        {/* Last on phones, under the goal on wide screens. */}
        <Box sx={{ order: { xs: 1, md: 0 } }}>
          <DeleteAccountSection />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ActivitiesSection key={loaded.version} saved={loaded.activities} />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <DataSection onImported={() => setAttempt((n) => n + 1)} />
        </Box>
      </Box>
    </>
  );
}
