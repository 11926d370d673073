/** `/account`: profile, goal, activities, appearance, data and deletion; each section saves on its own. */
import { ALERT_LOAD_PROFILE_OR_PREFERENCES } from '@fit/shared/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useDeferredValue, useState } from 'react';
import { Columns } from '../../components/Columns.tsx';
import { Loading } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { hasDisplayName } from '../../data/profile.ts';
import { useActivityPreferences, useGoal, useProfile } from '../../data/queries.ts';
import { ActivitiesSection } from './ActivitiesSection.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { DataSection } from './DataSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { GoalSection } from './GoalSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';

export function AccountPage() {
  const reads = [useProfile(), useGoal(), useActivityPreferences()] as const;
  const [profile, goal, preferences] = reads;
  const failed = reads.some((read) => read.isError);
  // Deferred: the forms replace the spinner in a transition, in slices between frames, not one long task.
  const loaded = useDeferredValue(profile.isSuccess && goal.isSuccess && preferences.isSuccess);
  const retry = () => {
    for (const read of reads) if (read.isError) void read.refetch();
  };
  /** Bumped after an import: the forms start again from what is stored now. */
  const [version, setVersion] = useState(0);
  const reloadForms = () => {
    void Promise.all(reads.map((read) => read.refetch())).then(() => setVersion((v) => v + 1));
  };

  return (
    <>
      <PageHeader title="Account" subtitle="Your details, your daily goal and the activities you track." />
      {failed ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Retry
            </Button>
          }
        >
          {ALERT_LOAD_PROFILE_OR_PREFERENCES}
        </Alert>
      ) : !loaded || !profile.isSuccess || !goal.isSuccess || !preferences.isSuccess ? (
        <Loading label="Loading your account" />
      ) : (
        <>
          {!hasDisplayName(profile.data) && (
            <Alert severity="info" sx={{ mb: 3 }}>
              Welcome to FitTrack! Choose a display name to finish setting up your profile.
            </Alert>
          )}
          <Columns md="minmax(0, 7fr) minmax(0, 5fr)" sx={{ gridTemplateRows: { md: 'auto 1fr auto' } }}>
            <Box sx={{ gridRow: { md: 'span 2' } }}>
              <ProfileSection key={version} profile={profile.data} />
            </Box>
            <GoalSection key={version} goal={goal.data} />
            {/* Last on phones, under the goal on wide screens. */}
            <Box sx={{ order: { xs: 1, md: 0 } }}>
              <DeleteAccountSection />
            </Box>
            <AppearanceSection />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <ActivitiesSection key={version} saved={preferences.data} />
            </Box>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <DataSection onImported={reloadForms} />
            </Box>
          </Columns>
        </>
      )}
    </>
  );
}
