import { ALERT_FETCH_COMMUNITY } from '@fit/shared/messages';
import type { FeedActivity, FeedPost } from '@fit/shared/model';
import { useDeferredValue, useMemo } from 'react';
import { type Boards, boardsTimeZone } from '../../data/community.ts';
import { useBoards, useFeedActivities, useFeedPosts } from '../../data/community-queries.ts';
import {
  boardKeysAt,
  useFollowedBoards,
  useFollowedFeedActivities,
  useFollowedFeedPosts,
  useFollowing,
} from '../../data/follow-hooks.ts';

const FETCH_FAILED = ALERT_FETCH_COMMUNITY;

/** Whose posts, activities and boards the page shows. */
export type Show = 'everyone' | 'following';

interface CommunityData {
  /** null until the first answer. */
  posts: FeedPost[] | null;
  activities: FeedActivity[] | null;
  boards: Boards | null;
  /** How many people the viewer follows (null until known). */
  followingCount: number | null;
  /** Per section: the spec's message when its load failed with nothing to show, else null. */
  errors: { posts: string | null; activities: string | null; boards: string | null };
}

/**
 * A read that failed and has nothing to show. One that failed after answering keeps its data (the
 * Live badge and the offline notice say it is not current) and is loaded again when the connection
 * is back.
 */
function failedEmpty(read: { isError: boolean; data: unknown }): string | null {
  return read.isError && read.data === undefined ? FETCH_FAILED : null;
}

/**
 * Everyone: the page's 63 live documents (30 feed posts, 30 feed activities, 3 boards).
 * Following: whom the viewer follows, then those people's feed items and current board entries
 * (chunked `in` queries, merged and ranked in the browser: data/follows.ts). The boards of
 * everyone are read either way: they name the community time zone the period keys are in.
 */
export function useCommunityData(show: Show, now: number): CommunityData {
  const everyone = show === 'everyone';
  const boardsRead = useBoards();
  const following = useFollowing(!everyone);
  const uids = everyone ? undefined : following.data;
  const timeZone = boardsTimeZone(boardsRead.data ?? null);
  // Zone-aware key arithmetic is slow-ish: once per tick of `now`, and only for Following.
  const keys = useMemo(() => (everyone ? null : boardKeysAt(now, timeZone)), [everyone, now, timeZone]);
  // Each answer arrives as a synchronous render (queries are external stores); deferred, the
  // section it fills is drawn in a transition, in slices between frames, not in one long task.
  const allPosts = useFeedPosts(everyone);
  const allActivities = useFeedActivities(everyone);
  const followedPosts = useFollowedFeedPosts(uids);
  const followedActivities = useFollowedFeedActivities(uids);
  const followedBoards = useFollowedBoards(uids, keys);
  const reads = [
    useDeferredValue(everyone ? allPosts : followedPosts),
    useDeferredValue(everyone ? allActivities : followedActivities),
    useDeferredValue(everyone ? boardsRead : followedBoards),
  ] as const;
  const [posts, activities, boards] = reads;
  const followingFailed = !everyone && failedEmpty(following);
  return {
    posts: posts.data ?? null,
    activities: activities.data ?? null,
    boards: boards.data ?? null,
    followingCount: following.data?.length ?? null,
    errors: {
      posts: followingFailed || failedEmpty(posts),
      activities: followingFailed || failedEmpty(activities),
      boards: followingFailed || failedEmpty(boards),
    },
  };
}
