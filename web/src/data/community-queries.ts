/** The community page's live reads (see `queries.ts` for the conventions). */
import { watchBoards, watchFeedActivities, watchFeedPosts } from './community.ts';
import { useStore } from './context.tsx';
import { keys, useLive } from './queries.ts';

/** `enabled` false: not read (the page shows the Following view instead). */
export function useFeedPosts(enabled = true) {
  const store = useStore();
  return useLive(keys.feedPosts, watchFeedPosts(store), enabled);
}

export function useFeedActivities(enabled = true) {
  const store = useStore();
  return useLive(keys.feedActivities, watchFeedActivities(store), enabled);
}

export function useBoards() {
  const store = useStore();
  return useLive(keys.boards, watchBoards(store));
}
