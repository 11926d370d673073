/** The community page's live reads (see `queries.ts` for the conventions). */
import { watchBoards, watchFeedActivities, watchFeedPosts } from './community.ts';
import { useStore } from './context.tsx';
import { keys, useLive } from './queries.ts';

export function useFeedPosts() {
  const store = useStore();
  return useLive(keys.feedPosts, watchFeedPosts(store));
}

export function useFeedActivities() {
  const store = useStore();
  return useLive(keys.feedActivities, watchFeedActivities(store));
}

export function useBoards() {
  const store = useStore();
  return useLive(keys.boards, watchBoards(store));
}
