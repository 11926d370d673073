/** Follow reads and writes as hooks (queries in follows.ts). */

import type { FeedName } from '@fit/shared/follow-queries';
import { BOARD_KINDS, type FeedActivity, type FeedPost } from '@fit/shared/model';
import { periodKey } from '@fit/shared/periods';
import { useSessionUser, useStore } from './context.tsx';
import {
  ALERT_FOLLOW,
  ALERT_UNFOLLOW,
  type BoardKeys,
  follow,
  followProblem,
  unfollow,
  watchFollowedBoards,
  watchFollowedFeed,
  watchFollowing,
  watchPerson,
  watchPersonActivities,
} from './follows.ts';
import { useLive } from './queries.ts';
import { useSave } from './save.ts';

const NO_ONE: readonly string[] = [];

/** The uids I follow (live); not read while signed out or not `enabled`. */
export function useFollowing(enabled = true) {
  const store = useStore();
  const me = useSessionUser()?.uid ?? '';
  return useLive(['users', me, 'following'], watchFollowing(store, me), enabled && me !== '');
}

export function usePerson(uid: string) {
  const store = useStore();
  return useLive(['people', uid], watchPerson(store, uid));
}

export function usePersonActivities(uid: string) {
  const store = useStore();
  return useLive(['people', uid, 'activities'], watchPersonActivities(store, uid));
}

/** The Following view's feeds: undefined `uids` (still loading whom I follow) reads nothing. */
function useFollowedFeed<T extends FeedPost | FeedActivity>(
  feed: FeedName,
  uids: readonly string[] | undefined,
) {
  const list = uids ?? NO_ONE;
  const watch = watchFollowedFeed<T>(useStore(), feed, list);
  return useLive(
    ['community', 'following', feed === 'feedPosts' ? 'posts' : 'activities', ...list],
    watch,
    !!uids,
  );
}

export const useFollowedFeedPosts = (uids: readonly string[] | undefined) =>
  useFollowedFeed<FeedPost>('feedPosts', uids);
export const useFollowedFeedActivities = (uids: readonly string[] | undefined) =>
  useFollowedFeed<FeedActivity>('feedActivities', uids);

/** The current period keys in the community zone. */
export function boardKeysAt(now: number, timeZone: string): BoardKeys {
  const keys = Object.fromEntries(
    BOARD_KINDS.map((k) => [k, periodKey(k, now, timeZone)]),
  ) as BoardKeys['keys'];
  return { keys, timeZone };
}

const NO_KEYS: BoardKeys = { keys: { daily: '', weekly: '', monthly: '' }, timeZone: '' };

/** The Following boards; not read until whom I follow and the period keys are known. */
export function useFollowedBoards(uids: readonly string[] | undefined, boardKeys: BoardKeys | null) {
  const store = useStore();
  const list = uids ?? NO_ONE;
  const keys = boardKeys ?? NO_KEYS;
  return useLive(
    ['community', 'following', 'boards', keys, ...list],
    watchFollowedBoards(store, list, keys),
    uids !== undefined && boardKeys !== null,
  );
}

/** Follow or unfollow someone; following oneself (or no one) is refused here and writes nothing. */
export function useFollowSave(target: string) {
  const me = useSessionUser()?.uid ?? '';
  const save = useSave<void>({
    save: ({ store, uid }) => follow(store, uid, target, Date.now()),
    failure: ALERT_FOLLOW,
    log: 'Failed to follow',
  });
  const followSave = {
    ...save,
    run: () => {
      const problem = followProblem(me, target);
      if (problem) save.setStatus({ kind: 'error', message: problem });
      else save.run();
    },
  };
  const unfollowSave = useSave<void>({
    save: ({ store, uid }) => unfollow(store, uid, target),
    failure: ALERT_UNFOLLOW,
    log: 'Failed to unfollow',
  });
  return { followSave, unfollowSave };
}
