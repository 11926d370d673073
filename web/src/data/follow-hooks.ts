/** Follow reads and writes as hooks (see follows.ts for the queries and `queries.ts` for the conventions). */
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
export function useFollowedFeedPosts(uids: readonly string[] | undefined) {
  const store = useStore();
  const list = uids ?? NO_ONE;
  return useLive(
    ['community', 'following', 'posts', ...list],
    watchFollowedFeed<FeedPost>(store, 'feedPosts', list),
    uids !== undefined,
  );
}

export function useFollowedFeedActivities(uids: readonly string[] | undefined) {
  const store = useStore();
  const list = uids ?? NO_ONE;
  return useLive(
    ['community', 'following', 'activities', ...list],
    watchFollowedFeed<FeedActivity>(store, 'feedActivities', list),
    uids !== undefined,
  );
}

/** The current period keys in the community zone (they change at its midnight: listened again). */
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

/**
 * Follow or unfollow someone; a refusal shows its message in `status`. Following oneself (or no
 * one) is refused here with its own message and writes nothing (the rules refuse it too).
 */
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
