import { ALERT_FETCH_COMMUNITY } from '@fit/shared/messages';
import { useDeferredValue, useMemo } from 'react';
import { boardsTimeZone, useBoards, useFeedActivities, useFeedPosts } from '../../data/community.ts';
import {
  boardKeysAt,
  useFollowedBoards,
  useFollowedFeedActivities,
  useFollowedFeedPosts,
  useFollowing,
} from '../../data/follow-hooks.ts';

/** Whose posts, activities and boards the page shows. */
export type Show = 'everyone' | 'following';

/** A read that failed with nothing to show (one that answered before keeps its data). */
const failedEmpty = (read: { isError: boolean; data: unknown }) =>
  read.isError && read.data === undefined ? ALERT_FETCH_COMMUNITY : null;

/**
 * Everyone: 30 feed posts, 30 feed activities, 3 boards. Following: those people's items and board
 * entries. The boards of everyone are read either way: they name the community time zone.
 */
export function useCommunityData(show: Show, now: number) {
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
  const posts = useDeferredValue(everyone ? allPosts : followedPosts);
  const activities = useDeferredValue(everyone ? allActivities : followedActivities);
  const boards = useDeferredValue(everyone ? boardsRead : followedBoards);
  const followingFailed = !everyone && failedEmpty(following);
  // Data are null until the first answer; an error is the spec's message when a load failed empty.
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
