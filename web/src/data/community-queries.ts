/** The community page's live reads (see `queries.ts` for the conventions). */
import type { FeedActivity, FeedPost } from '@fit/shared/model';
import { type Boards, watchBoards, watchFeedActivities, watchFeedPosts } from './community.ts';
import { useStore } from './context.tsx';
import { keys, useLive } from './queries.ts';

export function useFeedPosts() {
  const store = useStore();
  return useLive<FeedPost[]>(keys.feedPosts, (next, fail) => watchFeedPosts(store, next, fail));
}

export function useFeedActivities() {
  const store = useStore();
  return useLive<FeedActivity[]>(keys.feedActivities, (next, fail) => watchFeedActivities(store, next, fail));
}

export function useBoards() {
  const store = useStore();
  return useLive<Boards>(keys.boards, (next, fail) => watchBoards(store, next, fail));
}
