/** The community page's live reads (see `queries.ts` for the conventions). */
import { watchBoards, watchFeedActivities, watchFeedPosts } from './community.ts';
import { useStore } from './context.tsx';
import { keys, useLive } from './queries.ts';

/** `enabled` false: not read (the page shows the Following view instead). */
export const useFeedPosts = (enabled = true) => useLive(keys.feedPosts, watchFeedPosts(useStore()), enabled);
export const useFeedActivities = (enabled = true) =>
  useLive(keys.feedActivities, watchFeedActivities(useStore()), enabled);
export const useBoards = () => useLive(keys.boards, watchBoards(useStore()));
