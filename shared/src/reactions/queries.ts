/**
 * Every query the reactions issue, built in one place so the index test (shared/test/indexes.test.ts)
 * can hold them against firestore.indexes.json, and the bounded-reads test can check that each
 * query the reactions really issue has one of these shapes.
 *
 * All queries carry a limit, except the aggregates over one user's activities in one period window
 * (bounded by that user's activities in a day, week or month; an aggregate is billed one read per
 * 1000 index entries).
 */
import { BOARD_PLACES } from '../community.ts';
import { type BoardKind, type BoardMetric, KUDOS_NAMES_SHOWN, paths } from '../model.ts';
import { QUERIED_RECORD_KINDS, type QueriedRecordKind } from '../progress.ts';
import type { Cursor, QuerySpec } from '../store.ts';

/** Items each feed keeps (the page shows the newest 30); older ones expire. */
export const FEED_KEEP = 100;
/** Page size of scans and cascades (well under Firestore's 500 writes per batch). */
export const PAGE_SIZE = 200;
/** Upper bound of one user's board entries read at once (a handful exist between expiries). */
export const USER_ENTRIES_LIMIT = 50;
/** Most items of one user one feed sync reads (the feed keeps FEED_KEEP in all). */
export const USER_FEED_LIMIT = 2 * FEED_KEEP;

export type FeedCollection = 'feedPosts' | 'feedActivities';

/** Key prefix of each board kind: keys of one kind sort by date within the prefix. */
export const KEY_PREFIX: Record<BoardKind, string> = { daily: 'd', weekly: 'w', monthly: 'm' };

export const reactionQueries = {
  /** Sum of one user's activities in [start, end): the board entry's source. */
  repsInWindow: (uid: string, start: number, end: number): QuerySpec => ({
    collection: paths.reps(uid),
    where: [
      { field: 'timestamp', op: '>=', value: start },
      { field: 'timestamp', op: '<', value: end },
    ],
  }),
  /** One user's board entries (profile changes, account deletion). */
  userBoardEntries: (uid: string, limit = USER_ENTRIES_LIMIT, startAfter?: Cursor): QuerySpec => ({
    collection: paths.boardEntries,
    where: [{ field: 'uid', op: '==', value: uid }],
    limit,
    ...(startAfter ? { startAfter } : {}),
  }),
  /** One user's feed items (profile changes, account deletion). */
  userFeedItems: (
    feed: FeedCollection,
    uid: string,
    limit = USER_FEED_LIMIT,
    startAfter?: Cursor,
  ): QuerySpec => ({
    collection: feed,
    where: [{ field: 'uid', op: '==', value: uid }],
    limit,
    ...(startAfter ? { startAfter } : {}),
  }),
  /** One user's own activities or posts at or after the feed horizon, newest first. */
  userSourcesSince: (collection: string, since: number, limit = USER_FEED_LIMIT): QuerySpec => ({
    collection,
    where: [{ field: 'timestamp', op: '>=', value: since }],
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit,
  }),
  /** Top 3 visible entries of a period by one metric (the rollup; the web reads boards instead). */
  topEntries: (periodKey: string, metric: BoardMetric, limit = BOARD_PLACES): QuerySpec => ({
    collection: paths.boardEntries,
    where: [
      { field: 'periodKey', op: '==', value: periodKey },
      { field: 'visible', op: '==', value: true },
    ],
    orderBy: [{ field: metric, direction: 'desc' }],
    limit,
  }),
  /** Board entries of a kind whose period ended (key before the current key of that kind). */
  staleEntries: (kind: BoardKind, currentKey: string, limit = PAGE_SIZE): QuerySpec => ({
    collection: paths.boardEntries,
    where: [
      { field: 'periodKey', op: '>=', value: KEY_PREFIX[kind] },
      { field: 'periodKey', op: '<', value: currentKey },
    ],
    limit,
  }),
  /** The newest items of a feed (the horizon: the FEED_KEEP-th newest). */
  newestFeedItems: (feed: FeedCollection, limit = FEED_KEEP): QuerySpec => ({
    collection: feed,
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit,
  }),
  /** Feed items older than the horizon, oldest first. */
  feedItemsBefore: (feed: FeedCollection, timestamp: number, limit = PAGE_SIZE): QuerySpec => ({
    collection: feed,
    where: [{ field: 'timestamp', op: '<', value: timestamp }],
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
    limit,
  }),
  /** Deleted items whose grace period ended by `before` (the sweep; a single-field range). */
  itemDeletionsDue: (before: number, limit = PAGE_SIZE): QuerySpec => ({
    collection: paths.itemDeletions,
    where: [{ field: 'goneAt', op: '<=', value: before }],
    limit,
  }),
  /** One owner's deleted items still in their grace period (account deletion). */
  itemDeletionsOf: (owner: string, limit = PAGE_SIZE): QuerySpec => ({
    collection: paths.itemDeletions,
    where: [{ field: 'owner', op: '==', value: owner }],
    limit,
  }),
  /** A page of any collection in document order (cascade delete, audits). */
  page: (collection: string, limit = PAGE_SIZE, startAfter?: Cursor): QuerySpec => ({
    collection,
    limit,
    ...(startAfter ? { startAfter } : {}),
  }),
  /** A page of every collection of one id, whoever's (the rebuild's scan of all progress years). */
  groupPage: (collectionId: string, limit = PAGE_SIZE, startAfter?: Cursor): QuerySpec => ({
    collection: collectionId,
    group: true,
    limit,
    ...(startAfter ? { startAfter } : {}),
  }),
  /** All users' activities or posts since an instant, oldest first, paged (rebuild / audit). */
  groupSince: (
    collectionId: 'reps' | 'posts',
    since: number,
    limit = PAGE_SIZE,
    startAfter?: Cursor,
  ): QuerySpec => ({
    collection: collectionId,
    group: true,
    where: [{ field: 'timestamp', op: '>=', value: since }],
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
    limit,
    ...(startAfter ? { startAfter } : {}),
  }),
} as const;

/** The follow reaction's queries (follows.ts): counts as aggregates, the cascade in pages. */
export const followQueries = {
  /** Whom one user follows: their own subcollection (count, cascade pages). */
  following: (uid: string, limit?: number): QuerySpec => ({
    collection: paths.following(uid),
    ...(limit !== undefined ? { limit } : {}),
  }),
  /** Who follows one user: every follow document naming them (count, cascade pages). */
  followersOf: (uid: string, limit?: number): QuerySpec => ({
    collection: paths.followingId,
    group: true,
    where: [{ field: 'uid', op: '==', value: uid }],
    ...(limit !== undefined ? { limit } : {}),
  }),
} as const;

/** The activity field each queried personal-record kind is ordered by. */
export const RECORD_FIELDS: Record<QueriedRecordKind, string> = {
  reps: 'count',
  minutes: 'time',
  weightLifted: 'weightLifted',
  calories: 'calorieUnits',
  distance: 'distance',
};

/** The progress reaction's queries (shared/src/reactions/progress.ts). */
export const progressQueries = {
  /** The best entry of one activity type by one record field (ties: set first, then id). */
  topOf: (uid: string, activityType: string, kind: QueriedRecordKind): QuerySpec => ({
    collection: paths.reps(uid),
    where: [{ field: 'activityType', op: '==', value: activityType }],
    orderBy: [
      { field: RECORD_FIELDS[kind], direction: 'desc' },
      { field: 'timestamp', direction: 'asc' },
    ],
    limit: 1,
  }),
  /** A user's year documents (one per year with activity: far fewer than a page). */
  years: (uid: string): QuerySpec => reactionQueries.page(paths.progressYears(uid)),
  /** A page of all of a user's activities (a time-zone change recomputes every day). */
  allReps: (uid: string, startAfter?: Cursor): QuerySpec => ({
    collection: paths.reps(uid),
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
    limit: PAGE_SIZE,
    ...(startAfter ? { startAfter } : {}),
  }),
} as const;

/** One example of every query shape the reactions issue (values are placeholders). */
export const REACTION_QUERY_SHAPES: readonly QuerySpec[] = [
  reactionQueries.repsInWindow('u', 0, 1),
  reactionQueries.userBoardEntries('u'),
  reactionQueries.userFeedItems('feedPosts', 'u'),
  reactionQueries.userFeedItems('feedActivities', 'u'),
  reactionQueries.userSourcesSince(paths.reps('u'), 0),
  reactionQueries.userSourcesSince(paths.posts('u'), 0),
  ...(['reps', 'minutes', 'calories'] as const).map((m) => reactionQueries.topEntries('d2026-01-01', m)),
  reactionQueries.staleEntries('daily', 'd2026-01-01'),
  reactionQueries.newestFeedItems('feedPosts'),
  reactionQueries.newestFeedItems('feedActivities'),
  reactionQueries.feedItemsBefore('feedPosts', 0),
  reactionQueries.feedItemsBefore('feedActivities', 0),
  reactionQueries.page(paths.reps('u')),
  reactionQueries.page(paths.weightRecords('u')),
  reactionQueries.page(paths.posts('u')),
  reactionQueries.page(paths.preferences('u')),
  reactionQueries.page(paths.boardEntries),
  reactionQueries.page(paths.feedPosts),
  reactionQueries.page(paths.feedActivities),
  reactionQueries.page(paths.boards),
  reactionQueries.groupSince('reps', 0),
  reactionQueries.groupSince('posts', 0),
  reactionQueries.page('progress'),
  reactionQueries.groupPage(paths.progressYearsId),
  progressQueries.years('u'),
  ...QUERIED_RECORD_KINDS.map((kind) => progressQueries.topOf('u', 'Running', kind)),
  progressQueries.allReps('u'),
  followQueries.following('u'),
  followQueries.following('u', PAGE_SIZE),
  followQueries.followersOf('u'),
  followQueries.followersOf('u', PAGE_SIZE),
  reactionQueries.page(paths.people),
  reactionQueries.page(paths.users),
  reactionQueries.groupPage(paths.followingId),
  // Kudos and comments (engagement.ts; imported lazily there to keep this module's imports one-way).
  {
    collection: paths.kudos('feedPosts', 'u', 'p'),
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: KUDOS_NAMES_SHOWN,
  },
  {
    collection: paths.kudos('feedActivities', 'u', 'r'),
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: KUDOS_NAMES_SHOWN,
  },
  // One item's counts (count aggregates, engagement.ts readCounts).
  ...(['feedPosts', 'feedActivities'] as const).flatMap((feed): QuerySpec[] => [
    { collection: paths.kudos(feed, 'u', 'i') },
    { collection: paths.comments(feed, 'u', 'i') },
  ]),
  // An item back under its id (Undo): its newest comments' notifications.
  ...(['feedPosts', 'feedActivities'] as const).map(
    (feed): QuerySpec => ({
      collection: paths.comments(feed, 'u', 'i'),
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: KUDOS_NAMES_SHOWN,
    }),
  ),
  ...(['kudos', 'comments'] as const).flatMap((group) =>
    (['uid', 'owner'] as const).map(
      (field): QuerySpec => ({
        collection: group,
        group: true,
        where: [{ field, op: '==', value: 'u' }],
        limit: PAGE_SIZE,
      }),
    ),
  ),
  {
    collection: 'notifications',
    group: true,
    where: [{ field: 'from', op: '==', value: 'u' }],
    limit: PAGE_SIZE,
  },
  { collection: paths.engagementAll, where: [{ field: 'owner', op: '==', value: 'u' }], limit: PAGE_SIZE },
  // An item's deletion: its kudos and comments in pages, the owner's notifications about it.
  ...(['feedPosts', 'feedActivities'] as const).flatMap((feed) => [
    reactionQueries.page(paths.kudos(feed, 'u', 'i')),
    reactionQueries.page(paths.comments(feed, 'u', 'i')),
  ]),
  {
    collection: paths.notifications('u'),
    where: [
      { field: 'feed', op: '==', value: 'feedPosts' },
      { field: 'itemId', op: '==', value: 'u_i' },
    ],
    limit: PAGE_SIZE,
  },
  reactionQueries.page(paths.notifications('u')),
  // Deleted items past their grace period (the rollup's sweep), and one owner's (account deletion).
  reactionQueries.itemDeletionsDue(0),
  reactionQueries.itemDeletionsOf('u'),
];

/** A query's shape, values left out: what an index depends on. */
export function queryShape(spec: QuerySpec): string {
  const collection = spec.group
    ? `group:${spec.collection}`
    : spec.collection
        .split('/')
        .map((segment, i) => (i % 2 === 1 ? '*' : segment))
        .join('/');
  const where = (spec.where ?? []).map((f) => `${f.field}${f.op}`).join(',');
  const order = (spec.orderBy ?? []).map((o) => `${o.field} ${o.direction}`).join(',');
  return `${collection} where[${where}] order[${order}] ${spec.limit === undefined ? 'unbounded' : 'limited'}`;
}
