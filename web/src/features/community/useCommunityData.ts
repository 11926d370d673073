import type { FeedActivity, FeedPost } from '@fit/shared/model';
import type { LiveDocumentStore, StoreError } from '@fit/shared/store';
import { useCallback, useEffect, useState } from 'react';
import { type Boards, watchBoards, watchFeedActivities, watchFeedPosts } from '../../data/community.ts';

export const FETCH_FAILED = 'Failed to fetch community data. Please try again.';

export interface CommunityData {
  /** null until the first answer. */
  posts: FeedPost[] | null;
  activities: FeedActivity[] | null;
  boards: Boards | null;
  failed: boolean;
  /** Listens again after a failure (a failed listener stops, as Firestore's do). */
  retry: () => void;
}

/** The page's 63 live documents: 30 feed posts, 30 feed activities, 3 boards. */
export function useCommunityData(store: LiveDocumentStore): CommunityData {
  const [posts, setPosts] = useState<FeedPost[] | null>(null);
  const [activities, setActivities] = useState<FeedActivity[] | null>(null);
  const [boards, setBoards] = useState<Boards | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-subscribes on retry
  useEffect(() => {
    setFailed(false);
    const fail = (error: StoreError) => {
      console.error('Community read failed', error);
      setFailed(true);
    };
    const stops = [
      watchFeedPosts(store, setPosts, fail),
      watchFeedActivities(store, setActivities, fail),
      watchBoards(store, setBoards, fail),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [store, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { posts, activities, boards, failed, retry };
}
