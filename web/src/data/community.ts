/**
 * The community page's live reads: the newest 30 feed posts and activities and the three boards,
 * projections the reactions keep, so the page reads 63 documents whatever the number of users.
 */
import { BOARD_PLACES, FEED_SHOWN } from '@fit/shared/community';
import {
  BOARD_KINDS,
  type Board,
  type BoardKind,
  type BoardPlace,
  DEFAULT_COMMUNITY_TIME_ZONE,
  type FeedActivity,
  type FeedPost,
  paths,
  UNKNOWN_USER_NAME,
} from '@fit/shared/model';
import type { DocData, LiveDocumentStore, QuerySpec } from '@fit/shared/store';
import { numberOr0 } from '@fit/shared/totals';
import { useStore } from './context.tsx';
import { type Listen, listenAll, watchDoc, watchDocs } from './live-query.ts';
import { useLive } from './queries.ts';

const newest = (collection: string): QuerySpec => ({
  collection,
  orderBy: [{ field: 'timestamp', direction: 'desc' }],
  limit: FEED_SHOWN,
});
export const communityQueries = {
  feedPosts: newest(paths.feedPosts),
  feedActivities: newest(paths.feedActivities),
};

// Projections are written by reactions, but a reader stays defensive.
export function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

export const name = (value: unknown) => text(value).trim() || UNKNOWN_USER_NAME;

export function toFeedPost(id: string, data: DocData): FeedPost {
  return {
    uid: text(data.uid),
    postId: text(data.postId, id),
    userName: name(data.userName),
    message: text(data.message),
    timestamp: numberOr0(data.timestamp),
  };
}

export function toFeedActivity(id: string, data: DocData): FeedActivity {
  return {
    uid: text(data.uid),
    repId: text(data.repId, id),
    userName: name(data.userName),
    activityType: text(data.activityType),
    count: numberOr0(data.count),
    time: numberOr0(data.time),
    timestamp: numberOr0(data.timestamp),
  };
}

function toPlaces(value: unknown): BoardPlace[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
    .map((p) => ({ uid: text(p.uid), userName: name(p.userName), value: numberOr0(p.value) }))
    .filter((p) => p.value > 0)
    .slice(0, BOARD_PLACES);
}

function toBoard(kind: BoardKind, data: DocData): Board {
  return {
    kind,
    periodKey: text(data.periodKey),
    timeZone: text(data.timeZone, DEFAULT_COMMUNITY_TIME_ZONE) || DEFAULT_COMMUNITY_TIME_ZONE,
    reps: toPlaces(data.reps),
    minutes: toPlaces(data.minutes),
    calories: toPlaces(data.calories),
    computedAt: numberOr0(data.computedAt),
  };
}

// The listens apart from the hooks: scripts/bench-client.mjs counts the page's reads with them.
export const watchFeedPosts = (store: LiveDocumentStore): Listen<FeedPost[]> =>
  watchDocs(store, communityQueries.feedPosts, (d) => toFeedPost(d.id, d.data));
export const watchFeedActivities = (store: LiveDocumentStore): Listen<FeedActivity[]> =>
  watchDocs(store, communityQueries.feedActivities, (d) => toFeedActivity(d.id, d.data));

export type Boards = Record<BoardKind, Board | null>;

/** The three boards, once all have answered, then on each change. */
export function watchBoards(store: LiveDocumentStore): Listen<Boards> {
  const boards = listenAll(
    BOARD_KINDS.map((kind) =>
      watchDoc(store, paths.board(kind), (doc) => (doc ? toBoard(kind, doc.data) : null)),
    ),
  );
  return (onNext, onError) =>
    boards((list) => onNext(Object.fromEntries(BOARD_KINDS.map((k, i) => [k, list[i]])) as Boards), onError);
}

/** `enabled` false: not read (the page shows the Following view instead). */
export const useFeedPosts = (enabled = true) =>
  useLive(['community', 'posts'], watchFeedPosts(useStore()), enabled);
export const useFeedActivities = (enabled = true) =>
  useLive(['community', 'activities'], watchFeedActivities(useStore()), enabled);
export const useBoards = () => useLive(['community', 'boards'], watchBoards(useStore()));

/** The community time zone as the boards state it (they all use the configured one). */
export function boardsTimeZone(boards: Boards | null): string {
  for (const kind of BOARD_KINDS) {
    const zone = boards?.[kind]?.timeZone;
    if (zone) return zone;
  }
  return DEFAULT_COMMUNITY_TIME_ZONE;
}
