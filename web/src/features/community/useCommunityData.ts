import { ALERT_FETCH_COMMUNITY } from '@fit/shared/messages';
import type { FeedActivity, FeedPost } from '@fit/shared/model';
import { useDeferredValue } from 'react';
import type { Boards } from '../../data/community.ts';
import { useBoards, useFeedActivities, useFeedPosts } from '../../data/community-queries.ts';

const FETCH_FAILED = ALERT_FETCH_COMMUNITY;

interface CommunityData {
  /** null until the first answer. */
  posts: FeedPost[] | null;
  activities: FeedActivity[] | null;
  boards: Boards | null;
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

/** The page's 63 live documents: 30 feed posts, 30 feed activities, 3 boards. */
export function useCommunityData(): CommunityData {
  // Each answer arrives as a synchronous render (queries are external stores); deferred, the
  // section it fills is drawn in a transition, in slices between frames, not in one long task.
  const reads = [
    useDeferredValue(useFeedPosts()),
    useDeferredValue(useFeedActivities()),
    useDeferredValue(useBoards()),
  ] as const;
  const [posts, activities, boards] = reads;
  return {
    posts: posts.data ?? null,
    activities: activities.data ?? null,
    boards: boards.data ?? null,
    errors: {
      posts: failedEmpty(posts),
      activities: failedEmpty(activities),
      boards: failedEmpty(boards),
    },
  };
}
