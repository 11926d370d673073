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
import type { Listen } from './live-query.ts';

export const communityQueries = {
  feedPosts: {
    collection: paths.feedPosts,
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: FEED_SHOWN,
  } satisfies QuerySpec,
  feedActivities: {
    collection: paths.feedActivities,
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: FEED_SHOWN,
  } satisfies QuerySpec,
} as const;

// Projections are written by reactions, but a reader stays defensive.
function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

const name = (value: unknown) => text(value).trim() || UNKNOWN_USER_NAME;

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

function watchFeed<T>(
  store: LiveDocumentStore,
  query: QuerySpec,
  read: (id: string, data: DocData) => T,
): Listen<T[]> {
  return (onNext, onError) =>
    store.listen(query, (docs) => onNext(docs.map((d) => read(d.id, d.data))), onError);
}

export function watchFeedPosts(store: LiveDocumentStore): Listen<FeedPost[]> {
  return watchFeed(store, communityQueries.feedPosts, toFeedPost);
}

export function watchFeedActivities(store: LiveDocumentStore): Listen<FeedActivity[]> {
  return watchFeed(store, communityQueries.feedActivities, toFeedActivity);
}

export type Boards = Record<BoardKind, Board | null>;

/** The three boards, once all have answered, then on each change. */
export function watchBoards(store: LiveDocumentStore): Listen<Boards> {
  return (onNext, onError) => {
    const current: Partial<Record<BoardKind, Board | null>> = {};
    const stops = BOARD_KINDS.map((kind) =>
      store.listenDoc(
        paths.board(kind),
        (snap) => {
          current[kind] = snap ? toBoard(kind, snap.data) : null;
          if (BOARD_KINDS.every((k) => current[k] !== undefined)) onNext({ ...(current as Boards) });
        },
        onError,
      ),
    );
    return () => {
      for (const stop of stops) stop();
    };
  };
}

/** The community time zone as the boards state it (they all use the configured one). */
export function boardsTimeZone(boards: Boards | null): string {
  for (const kind of BOARD_KINDS) {
    const zone = boards?.[kind]?.timeZone;
    if (zone) return zone;
  }
  return DEFAULT_COMMUNITY_TIME_ZONE;
}
