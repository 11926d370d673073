/**
 * The browser's follow reads, one definition for web/src/data and the index test: whom I follow,
 * the followed people's feed items and board entries (chunked `in` queries of at most 30 uids,
 * merged and ranked in the browser), and a person's recent activities.
 */
import { BOARD_PLACES, FEED_SHOWN } from './community.ts';
import type { BoardMetric, BoardPlace } from './model.ts';
import { paths } from './model.ts';
import type { QuerySpec } from './store.ts';

/** Firestore's bound on the values of one `in` filter. */
export const IN_CHUNK = 30;
/** Most follows the browser reads (10 chunks per feed); the newest follows win past it. */
export const FOLLOWING_READ_LIMIT = 300;
/** Activities a profile page shows. */
export const PERSON_ACTIVITIES_SHOWN = 10;

export type FeedName = 'feedActivities' | 'feedPosts';

export const followWebQueries = {
  following: (uid: string, limit = FOLLOWING_READ_LIMIT): QuerySpec => ({
    collection: paths.following(uid),
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit,
  }),
  /** One chunk of people's newest feed items. */
  feedOf: (feed: FeedName, uids: readonly string[], limit = FEED_SHOWN): QuerySpec => ({
    collection: feed,
    where: [{ field: 'uid', op: 'in', value: [...uids] }],
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit,
  }),
  /** One chunk of people's visible entries of one period (the rules allow visible ones only). */
  entriesOf: (periodKey: string, uids: readonly string[]): QuerySpec => ({
    collection: paths.boardEntries,
    where: [
      { field: 'periodKey', op: '==', value: periodKey },
      { field: 'visible', op: '==', value: true },
      { field: 'uid', op: 'in', value: [...uids] },
    ],
    limit: uids.length,
  }),
} as const;

export function chunked<T>(xs: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/** The top places of one metric, as the rollup ranks them: value descending, then uid. */
export function rankPlaces(
  entries: readonly { uid: string; userName: string; values: Record<BoardMetric, number> }[],
  metric: BoardMetric,
): BoardPlace[] {
  return entries
    .map((e) => ({ uid: e.uid, userName: e.userName, value: e.values[metric] }))
    .filter((p) => p.value > 0)
    .sort((a, b) => b.value - a.value || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0))
    .slice(0, BOARD_PLACES);
}

/** Merges chunks of newest-first items into the newest `limit`. */
export function newestOf<T extends { timestamp: number }>(chunks: readonly T[][], limit = FEED_SHOWN): T[] {
  return chunks
    .flat()
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, limit);
}
