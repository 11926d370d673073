/** Follows and the Following view: `in` queries of at most 30 uids (follow-queries.ts), merged here. */
import { FEED_SHOWN } from '@fit/shared/community';
import { isDocPath } from '@fit/shared/doc-paths';
import {
  chunked,
  type FeedName,
  followWebQueries,
  newestOf,
  PERSON_ACTIVITIES_SHOWN,
  rankPlaces,
} from '@fit/shared/follow-queries';
import {
  BOARD_KINDS,
  type Board,
  type BoardKind,
  type BoardMetric,
  type FeedActivity,
  type FeedPost,
  type PersonCard,
  paths,
} from '@fit/shared/model';
import { periodKey } from '@fit/shared/periods';
import type { DocData, LiveDocumentStore } from '@fit/shared/store';
import { numberOr0 } from '@fit/shared/totals';
import { MESSAGES } from '@fit/shared/validation';
import { type Boards, name, text, toFeedActivity, toFeedPost } from './community.ts';
import { useSessionUser, useStore } from './context.tsx';
import { type Listen, listenAll, watchDoc, watchDocs } from './live-query.ts';
import { useLive } from './queries.ts';
import { useSave } from './save.ts';

/** Our own messages (the spec words none for follows). */
const ALERT_FOLLOW = 'Failed to follow. Please try again.';
const ALERT_UNFOLLOW = 'Failed to unfollow. Please try again.';

/** What a follow needs checked before it is written (as the rules do). */
function followProblem(me: string, verified: boolean, target: string): string | null {
  if (target === '' || target.includes('/')) return 'That person could not be found.';
  if (target === me) return 'You cannot follow yourself.';
  if (!verified) return MESSAGES.followUnverified;
  return null;
}

function toCard(uid: string, data: DocData): PersonCard {
  return {
    uid,
    userName: name(data.userName),
    visible: data.visible !== false,
    followers: numberOr0(data.followers),
    following: numberOr0(data.following),
    asOf: numberOr0(data.asOf),
  };
}

/** The newest 30 items of the people I follow, from one listener per chunk of 30 uids. */
function watchFollowedFeed<T extends FeedPost | FeedActivity>(
  store: LiveDocumentStore,
  feed: FeedName,
  uids: readonly string[],
): Listen<T[]> {
  const read = (feed === 'feedPosts' ? toFeedPost : toFeedActivity) as (id: string, d: DocData) => T;
  const chunks = listenAll(
    chunked(uids).map((chunk) =>
      watchDocs(store, followWebQueries.feedOf(feed, chunk), (d) => read(d.id, d.data)),
    ),
  );
  return (onNext, onError) => chunks((answers) => onNext(newestOf(answers, FEED_SHOWN)), onError);
}

/** The current period key of each board kind, and the community time zone they are in. */
interface BoardKeys {
  keys: Record<BoardKind, string>;
  timeZone: string;
}

/** Boards of the people I follow, ranked here from their visible entries of the current period. */
function watchFollowedBoards(
  store: LiveDocumentStore,
  uids: readonly string[],
  { keys, timeZone }: BoardKeys,
): Listen<Boards> {
  const parts = BOARD_KINDS.flatMap((kind) => chunked(uids).map((chunk) => ({ kind, chunk })));
  type Entry = { uid: string; userName: string; values: Record<BoardMetric, number> };
  const toEntry = (data: DocData): Entry => ({
    uid: text(data.uid),
    userName: name(data.userName),
    values: {
      reps: numberOr0(data.reps),
      minutes: numberOr0(data.minutes),
      calories: numberOr0(data.calories),
    },
  });
  const boardOf = (kind: BoardKind, entries: Entry[]): Board => ({
    kind,
    periodKey: keys[kind],
    timeZone,
    reps: rankPlaces(entries, 'reps'),
    minutes: rankPlaces(entries, 'minutes'),
    calories: rankPlaces(entries, 'calories'),
    computedAt: 0,
  });
  const entries = listenAll(
    parts.map(({ kind, chunk }) =>
      watchDocs(store, followWebQueries.entriesOf(keys[kind], chunk), (d) => ({ kind, ...toEntry(d.data) })),
    ),
  );
  return (onNext, onError) =>
    entries((answers) => {
      const of = (kind: BoardKind) =>
        boardOf(
          kind,
          answers.flat().filter((e) => e.kind === kind),
        );
      onNext(Object.fromEntries(BOARD_KINDS.map((kind) => [kind, of(kind)])) as Boards);
    }, onError);
}

const NO_ONE: readonly string[] = [];

/** The uids I follow, newest follow first (live); not read while signed out or not `enabled`. */
export function useFollowing(enabled = true) {
  const me = useSessionUser()?.uid ?? '';
  const following = watchDocs(useStore(), followWebQueries.following(me), (d) => d.id);
  return useLive(['users', me, 'following'], following, enabled && me !== '');
}

/**
 * Whether I follow `uid`, from its one follow document (live): right beyond the newest
 * FOLLOWING_READ_LIMIT follows that useFollowing reads. Undefined while loading; false for an id
 * no follow document can have (the save refuses it with a message).
 */
export function useFollows(uid: string): boolean | undefined {
  const me = useSessionUser()?.uid ?? '';
  const path = paths.follow(me, uid);
  const possible = me !== '' && isDocPath(path);
  const follow = watchDoc(useStore(), path, (doc) => doc !== null);
  const read = useLive(['users', me, 'following', 'one', uid], follow, possible);
  return possible ? read.data : false;
}

/** Whether `uid` can name a card at all (`a/b`, `__x__` cannot: Firestore refuses such a read). */
export const isPossiblePerson = (uid: string) => isDocPath(paths.person(uid));

export function usePerson(uid: string, enabled = true) {
  const card = watchDoc(useStore(), paths.person(uid), (doc) => (doc ? toCard(uid, doc.data) : null));
  return useLive(['people', uid], card, enabled);
}

export function usePersonActivities(uid: string) {
  const spec = followWebQueries.feedOf('feedActivities', [uid], PERSON_ACTIVITIES_SHOWN);
  const activities = watchDocs(useStore(), spec, (d) => toFeedActivity(d.id, d.data));
  return useLive(['people', uid, 'activities'], activities);
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
  const user = useSessionUser();
  const me = user?.uid ?? '';
  const verified = user?.emailVerified !== false;
  const save = useSave<void>({
    // `run` below refuses following oneself or no one, or unverified, before this is called.
    save: ({ store, uid }) =>
      store.commit([
        { kind: 'set', path: paths.follow(uid, target), data: { uid: target, createdAt: Date.now() } },
      ]),
    failure: ALERT_FOLLOW,
    log: 'Failed to follow',
  });
  const followSave = {
    ...save,
    run: () => {
      const problem = followProblem(me, verified, target);
      if (problem) save.setStatus({ kind: 'error', message: problem });
      else save.run();
    },
  };
  const unfollowSave = useSave<void>({
    save: ({ store, uid }) => store.commit([{ kind: 'delete', path: paths.follow(uid, target) }]),
    failure: ALERT_UNFOLLOW,
    log: 'Failed to unfollow',
  });
  return { followSave, unfollowSave };
}
