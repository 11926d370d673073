import type { Engagement, FeedActivity, FeedPost } from '@fit/shared/model';
import { MESSAGES } from '@fit/shared/validation';
import { createContext, useContext, useMemo } from 'react';
import { hasDisplayName, readProfile } from '../../data/profile.ts';
import { useDataScope, useProfile } from '../../data/queries.ts';
import { useEngagement, useMyKudos } from '../../data/social.ts';

/** What every kudos and comments bar of the page reads: the shown items' counts, one's own kudos. */
interface SocialState {
  /** By `${feed}:${owner}_${id}`. */
  engagement: ReadonlyMap<string, Engagement>;
  /** Paths of the kudos the person gave (kudosKey). */
  given: ReadonlySet<string>;
}

export const SocialContext = createContext<SocialState>({ engagement: new Map(), given: new Set() });
export const useSocialState = () => useContext(SocialContext);

/** The counts of the shown posts and activities and my kudos on them: four listeners in all. */
export function useSocial(posts: FeedPost[] | null, activities: FeedActivity[] | null): SocialState {
  const postIds = useMemo(() => (posts ?? []).map((p) => `${p.uid}_${p.postId}`), [posts]);
  const activityIds = useMemo(() => (activities ?? []).map((a) => `${a.uid}_${a.repId}`), [activities]);
  const postStats = useEngagement('feedPosts', postIds).data;
  const activityStats = useEngagement('feedActivities', activityIds).data;
  const givenPosts = useMyKudos(
    (posts ?? []).map((p) => ({ feed: 'feedPosts', owner: p.uid, id: p.postId })),
  );
  const givenActivities = useMyKudos(
    (activities ?? []).map((a) => ({ feed: 'feedActivities', owner: a.uid, id: a.repId })),
  );
  return useMemo(() => {
    const engagement = new Map<string, Engagement>();
    for (const [id, e] of postStats ?? []) engagement.set(`feedPosts:${id}`, e);
    for (const [id, e] of activityStats ?? []) engagement.set(`feedActivities:${id}`, e);
    return { engagement, given: new Set([...(givenPosts.data ?? []), ...(givenActivities.data ?? [])]) };
  }, [postStats, activityStats, givenPosts.data, givenActivities.data]);
}

/** No display name of one's own: the rules refuse a kudos or comment without one. */
class NoNameError extends Error {}

/** What a failed kudos or comment says: set a name first, or `fallback`. */
export const socialFailure = (error: Error | null, fallback: string) =>
  error instanceof NoNameError ? MESSAGES.socialNoName : fallback;

/**
 * The name one's kudos and comments carry: the profile's display name (the rules check it), read
 * at the send when the page has not loaded it yet (a click right after a page load).
 */
export function useMyName(): () => Promise<string> {
  const { store, uid } = useDataScope();
  const loaded = useProfile().data;
  return async () => {
    const profile = loaded ?? (await readProfile(store, uid));
    if (!profile || !hasDisplayName(profile)) throw new NoNameError(MESSAGES.socialNoName);
    return profile.displayName;
  };
}
