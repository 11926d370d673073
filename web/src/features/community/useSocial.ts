import type { Engagement, FeedActivity, FeedPost } from '@fit/shared/model';
import { useMemo } from 'react';
import { useEngagement, useMyKudos } from '../../data/social-queries.ts';
import type { SocialState } from './social-context.ts';

const NONE = new Set<string>();

/** The counts of the shown posts and activities (two listeners) and one's own kudos (one). */
export function useSocial(posts: FeedPost[] | null, activities: FeedActivity[] | null): SocialState {
  const postIds = useMemo(() => (posts ?? []).map((p) => `${p.uid}_${p.postId}`), [posts]);
  const activityIds = useMemo(() => (activities ?? []).map((a) => `${a.uid}_${a.repId}`), [activities]);
  const postStats = useEngagement('feedPosts', postIds).data;
  const activityStats = useEngagement('feedActivities', activityIds).data;
  const given = useMyKudos().data ?? NONE;
  return useMemo(() => {
    const engagement = new Map<string, Engagement>();
    for (const [id, e] of postStats ?? []) engagement.set(`feedPosts:${id}`, e);
    for (const [id, e] of activityStats ?? []) engagement.set(`feedActivities:${id}`, e);
    return { engagement, given };
  }, [postStats, activityStats, given]);
}
