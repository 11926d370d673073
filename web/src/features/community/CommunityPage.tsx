/**
 * `/community`: leaderboards, posts and recent activity, all live; `?show=following` narrows them,
 * `?post=` or `?activity=` opens the comments of one's own item (from a notification).
 */
import Grid from '@mui/material/Grid';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useRefreshed } from '../../components/useRefreshed.ts';
import { useSessionUser } from '../../data/context.tsx';
import { ActivitiesCard } from './ActivitiesCard.tsx';
import { LeaderboardsCard } from './LeaderboardsCard.tsx';
import { NotifiedItem } from './NotifiedItem.tsx';
import { PostsCard } from './PostsCard.tsx';
import { ShowFilter } from './ShowFilter.tsx';
import { SocialContext, useSocial } from './social-state.ts';
import { type Show, useCommunityData } from './useCommunityData.ts';

export interface CommunityPageProps {
  /** Where the page reads the time (tests pass a fixed or movable clock). */
  clock?: () => number;
  /** How often relative dates and the current board periods are re-evaluated. */
  tickMs?: number;
}

export function CommunityPage({ clock = Date.now, tickMs = 30_000 }: CommunityPageProps = {}) {
  const uid = useSessionUser()?.uid ?? null;
  // Re-read so that relative dates stay fresh and the boards roll over at midnight without a reload.
  const now = useRefreshed(clock, tickMs);
  // In the address, so a reload, a shared link and Back keep the view.
  const [params, setParams] = useSearchParams();
  const show: Show = params.get('show') === 'following' ? 'following' : 'everyone';
  const { posts, activities, boards, followingCount, errors } = useCommunityData(show, now);
  const social = useSocial(posts, activities);

  return (
    <SocialContext.Provider value={social}>
      <PageHeader
        title="Community"
        subtitle="Cheer each other on: this period's leaders, posts and fresh workouts."
      />
      <ShowFilter
        show={show}
        followingCount={followingCount}
        onShow={(next) => setParams(next === 'following' ? { show: next } : {}, { replace: true })}
      />
      <Grid container spacing={{ xs: 2, md: 3 }}>
        <Grid size={12}>
          <LeaderboardsCard boards={boards} uid={uid} now={now} error={errors.boards} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PostsCard posts={posts} uid={uid} now={now} clock={clock} error={errors.posts} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ActivitiesCard activities={activities} uid={uid} now={now} error={errors.activities} />
        </Grid>
      </Grid>
      {uid && <NotifiedItem uid={uid} />}
    </SocialContext.Provider>
  );
}
