import DirectionsRun from '@mui/icons-material/DirectionsRun';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ShowAllButton } from '../../components/ShowAllButton.tsx';
import type { StoredActivity } from '../../data/activities.ts';
import { ActivitiesTable } from './ActivitiesTable.tsx';
import type { Popup } from './DashboardDialogs.tsx';

export const ROWS_LOADING = (
  <Stack spacing={1}>
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} variant="rounded" height={32} />
    ))}
  </Stack>
);

/** The latest 5 activities; Show All opens the paged list, a row opens its details. */
export function RecentActivitiesCard(props: {
  activities: StoredActivity[];
  loaded: boolean;
  error: string | null;
  weight: number | undefined;
  onOpen: (activity: StoredActivity) => void;
  onShow: (popup: Popup) => void;
}) {
  return (
    <SectionCard
      title="Recent Activities"
      action={<ShowAllButton onClick={() => props.onShow('allActivities')} />}
    >
      {props.error && <LoadFailed message={props.error} />}
      {!props.loaded ? (
        ROWS_LOADING
      ) : props.activities.length === 0 ? (
        !props.error && (
          <Box sx={{ textAlign: 'center', py: 4, px: 2 }}>
            <Avatar
              sx={{
                width: 56,
                height: 56,
                mx: 'auto',
                mb: 1.5,
                bgcolor: 'tint.primaryStrong',
                color: 'primary.main',
              }}
            >
              <DirectionsRun />
            </Avatar>
            <Typography sx={{ fontWeight: 600 }}>No activities yet</Typography>
            <Typography variant="body2" color="textSecondary">
              Log your first workout and it will show up here.
            </Typography>
          </Box>
        )
      ) : (
        <ActivitiesTable
          label="Recent activities"
          activities={props.activities}
          weight={props.weight}
          onOpen={props.onOpen}
          onCaloriesHelp={() => props.onShow('caloriesHelp')}
        />
      )}
    </SectionCard>
  );
}
