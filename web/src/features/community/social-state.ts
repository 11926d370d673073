import type { Engagement, FeedActivity, FeedPost } from '@fit/shared/model';
import { createContext, useContext, useMemo } from 'react';
import { useProfile } from '../../data/queries.ts';
import { useEngagement, useMyKudos } from '../../data/social.ts';

/** What every kudos and comments bar of the page reads: the shown items' counts, one's own kudos. */
interface SocialState {
  /** By `${feed}:${owner}_${id}`. */
  engagement: ReadonlyMap<string, Engagement>;
  /** Paths of the kudos the person gave (kudosKey). */
  given: ReadonlySet<string>;
}

const NONE = new Set<string>();
export const SocialContext = createContext<SocialState>({ engagement: new Map(), given: NONE });
export const useSocialState = () => useContext(SocialContext);

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

/** The name one's kudos and comments carry: the profile's display name (the rules check it). */
export function useMyName(): string {
  const name = useProfile().data?.displayName;
  return typeof name === 'string' ? name : '';
}
