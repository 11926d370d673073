import type { FeedActivity, FeedPost } from '@fit/shared/model';
import type { Boards } from '../../data/community.ts';
import { useBoards, useFeedActivities, useFeedPosts } from '../../data/community-queries.ts';

export const FETCH_FAILED = 'Failed to fetch community data. Please try again.';

export interface CommunityData {
  /** null until the first answer. */
  posts: FeedPost[] | null;
  activities: FeedActivity[] | null;
  boards: Boards | null;
  failed: boolean;
  /** Listens again to what failed (a failed listener stops, as Firestore's do). */
  retry: () => void;
}

/** The page's 63 live documents: 30 feed posts, 30 feed activities, 3 boards. */
export function useCommunityData(): CommunityData {
  const reads = [useFeedPosts(), useFeedActivities(), useBoards()] as const;
  const [posts, activities, boards] = reads;
  return {
    posts: posts.data ?? null,
    activities: activities.data ?? null,
    boards: boards.data ?? null,
    failed: reads.some((read) => read.isError),
    retry: () => {
      for (const read of reads) if (read.isError) void read.refetch();
    },
  };
}
