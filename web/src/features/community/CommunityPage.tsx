/**
 * `/community`: leaderboards, posts and recent activity of everyone, all live. Reads 63 documents
 * (3 boards, 30 feed posts, 30 feed activities) whatever the number of users.
 */
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSessionUser } from '../../data/context.tsx';
import { ActivitiesCard } from './ActivitiesCard.tsx';
import { LeaderboardsCard } from './LeaderboardsCard.tsx';
import { PostsCard } from './PostsCard.tsx';
import { FETCH_FAILED, useCommunityData } from './useCommunityData.ts';
import { type Clock, useNow } from './useNow.ts';

const systemClock: Clock = () => Date.now();

export interface CommunityPageProps {
  /** Where the page reads the time (tests pass a fixed or movable clock). */
  clock?: Clock;
  /** How often relative dates and the current board periods are re-evaluated. */
  tickMs?: number;
}

export function CommunityPage({ clock = systemClock, tickMs = 30_000 }: CommunityPageProps = {}) {
  const user = useSessionUser();
  const uid = user?.uid ?? null;
  const now = useNow(clock, tickMs);
  const { posts, activities, boards, failed, retry } = useCommunityData();

  return (
    <>
      <PageHeader
        title="Community"
        subtitle="Cheer each other on: this period's leaders, posts and fresh workouts."
      />
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" startIcon={<Refresh />} onClick={retry}>
              Retry
            </Button>
          }
        >
          {FETCH_FAILED}
        </Alert>
      )}
      <Grid container spacing={{ xs: 2, md: 3 }}>
        <Grid size={12}>
          <LeaderboardsCard boards={boards} uid={uid} now={now} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PostsCard posts={posts} uid={uid} now={now} clock={clock} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ActivitiesCard activities={activities} uid={uid} now={now} />
        </Grid>
      </Grid>
    </>
  );
}
