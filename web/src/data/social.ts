/** Posts, kudos, comments and notifications: one writes one's own; counts are the reactions'. */
import { FEED_SHOWN } from '@fit/shared/community';
import {
  type AppNotification,
  type Engagement,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type Post,
  type PostComment,
  paths,
  type SocialFeed,
} from '@fit/shared/model';
import {
  DOCUMENT_NAME,
  type DocData,
  type DocumentStore,
  type LiveDocumentStore,
  type QuerySpec,
} from '@fit/shared/store';
import { numberOr0 } from '@fit/shared/totals';
import { name, text } from './community.ts';
import { useSessionUser, useStore } from './context.tsx';
import { newDocId } from './ids.ts';
import { type Listen, watchDoc, watchDocs } from './live-query.ts';
import { keys, useDataScope, useLive } from './queries.ts';

/** A post or an activity others may cheer on: its feed and its author's source document id. */
export interface SocialTarget {
  feed: SocialFeed;
  owner: string;
  id: string;
}

const COMMENTS_SHOWN = 50;
const NOTIFICATIONS_SHOWN = 20;
/** Most unread notifications counted (the badge shows 99+ beyond). */
export const UNREAD_COUNTED = 100;

export const itemIdOf = (t: SocialTarget) => `${t.owner}_${t.id}`;
/** Where a target's kudos of `uid` lives. */
export const kudosKey = (t: SocialTarget, uid: string) => paths.kudosOf(t.feed, t.owner, t.id, uid);

function toEngagement(data: DocData): Engagement {
  const by = Array.isArray(data.kudosBy) ? data.kudosBy : [];
  return {
    feed: data.feed === 'feedActivities' ? 'feedActivities' : 'feedPosts',
    owner: text(data.owner),
    itemId: text(data.itemId),
    kudos: numberOr0(data.kudos),
    kudosBy: by
      .filter((g): g is DocData => typeof g === 'object' && g !== null)
      .map((g) => ({ uid: text(g.uid), userName: name(g.userName) })),
    comments: numberOr0(data.comments),
    asOf: numberOr0(data.asOf),
  };
}

/** The counts of the shown items of one feed, by item id (`{owner}_{id}`). */
export function watchEngagement(
  store: LiveDocumentStore,
  feed: SocialFeed,
  itemIds: readonly string[],
): Listen<Map<string, Engagement>> {
  const ids = [...itemIds].slice(0, FEED_SHOWN);
  const spec: QuerySpec = {
    collection: paths.engagementAll,
    where: [{ field: 'itemId', op: 'in', value: ids }],
    limit: FEED_SHOWN,
  };
  const shown = watchDocs(store, spec, (d) => d.data);
  return (onNext, onError) => {
    if (ids.length === 0) {
      onNext(new Map());
      return () => {};
    }
    const mine = (list: DocData[]) => list.filter((d) => d.feed === feed);
    return shown(
      (list) => onNext(new Map(mine(list).map((d) => [text(d.itemId), toEngagement(d)]))),
      onError,
    );
  };
}

/**
 * Which of `kudosPaths` (mine on shown items of one feed) exist: one query of my kudos by path,
 * right however old they are, and one listener per feed whatever the page shows.
 */
export function watchMyKudos(
  store: LiveDocumentStore,
  uid: string,
  kudosPaths: readonly string[],
): Listen<Set<string>> {
  const wanted = kudosPaths.slice(0, FEED_SHOWN); // Firestore's most values of an `in`
  const spec: QuerySpec = {
    collection: 'kudos',
    group: true,
    // `uid == me`: the rules let one list one's own kudos only.
    where: [
      { field: 'uid', op: '==', value: uid },
      { field: DOCUMENT_NAME, op: 'in', value: wanted },
    ],
    limit: FEED_SHOWN,
  };
  const kudos = watchDocs(store, spec, (d) => d.path);
  return (onNext, onError) => {
    if (wanted.length === 0) {
      onNext(new Set());
      return () => {};
    }
    return kudos((list) => onNext(new Set(list)), onError);
  };
}

// The hooks; the two listens above apart, as scripts/bench-client.mjs counts the page's reads with them.
/** The counts of the shown items of one feed (re-aimed when the items change). */
export const useEngagement = (feed: SocialFeed, itemIds: readonly string[]) =>
  useLive(['community', 'engagement', feed, ...itemIds], watchEngagement(useStore(), feed, itemIds), true, 3);

/** Which of the shown items of one feed the signed-in person gave kudos, by kudosKey (none signed out). */
export function useMyKudos(shown: readonly SocialTarget[]) {
  const uid = useSessionUser()?.uid ?? '';
  const wanted = shown.filter((t) => t.owner !== uid).map((t) => kudosKey(t, uid));
  return useLive(
    [...keys.user(uid), 'kudos', ...wanted],
    watchMyKudos(useStore(), uid, wanted),
    uid !== '',
    3,
  );
}

/** Whether one's own post or activity exists, live (an Undo brings it back): readable by its owner only. */
export const useItemExists = (t: SocialTarget) =>
  useLive(
    ['community', 'item', t.feed, t.owner, t.id],
    watchDoc(useStore(), paths.socialSource(t.feed, t.owner, t.id), (doc) => doc !== null),
  );

export interface ShownComment extends PostComment {
  id: string;
  pending: boolean;
}

export function useComments(t: SocialTarget, enabled: boolean) {
  const spec: QuerySpec = {
    collection: paths.comments(t.feed, t.owner, t.id),
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
    limit: COMMENTS_SHOWN,
  };
  const comments = watchDocs(
    useStore(),
    spec,
    (d): ShownComment => ({
      id: d.id,
      uid: text(d.data.uid),
      owner: text(d.data.owner),
      userName: name(d.data.userName),
      message: text(d.data.message),
      timestamp: numberOr0(d.data.timestamp),
      pending: d.pending === true,
    }),
  );
  return useLive(['community', 'comments', t.feed, t.owner, t.id], comments, enabled);
}

export interface ShownNotification extends AppNotification {
  id: string;
}

function toNotification(id: string, data: DocData): ShownNotification {
  const kind = (NOTIFICATION_KINDS as readonly unknown[]).includes(data.kind)
    ? (data.kind as NotificationKind)
    : 'kudos';
  return {
    id,
    kind,
    from: text(data.from),
    fromName: name(data.fromName),
    ...(data.feed === 'feedPosts' || data.feed === 'feedActivities' ? { feed: data.feed } : {}),
    ...(typeof data.itemId === 'string' ? { itemId: data.itemId } : {}),
    ...(typeof data.preview === 'string' ? { preview: data.preview } : {}),
    timestamp: numberOr0(data.timestamp),
    read: data.read === true,
  };
}

function useNotificationList(unreadOnly: boolean, enabled = true) {
  const { store, uid } = useDataScope();
  const spec: QuerySpec = {
    collection: paths.notifications(uid),
    ...(unreadOnly ? { where: [{ field: 'read', op: '==', value: false }] } : {}),
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: unreadOnly ? UNREAD_COUNTED : NOTIFICATIONS_SHOWN,
  };
  const key = [...keys.user(uid), 'notifications', ...(unreadOnly ? ['unread'] : [])];
  return useLive(
    key,
    watchDocs(store, spec, (d) => toNotification(d.id, d.data)),
    enabled,
  );
}

export const useNotifications = (enabled: boolean) => useNotificationList(false, enabled);
export const useUnreadNotifications = () => useNotificationList(true);

/** `users/{uid}/posts`: one's own posts, copied by the feed reaction into `feedPosts`. */
/** Writes a validated post; its `id` is known before the write, to show it pending at once. */
export async function addPost(store: DocumentStore, uid: string, post: Post, id: string = newDocId()) {
  await store.commit([
    { kind: 'set', path: paths.post(uid, id), data: { message: post.message, timestamp: post.timestamp } },
  ]);
  return id;
}

export async function deletePost(store: DocumentStore, uid: string, id: string) {
  await store.commit([{ kind: 'delete', path: paths.post(uid, id) }]);
}

export async function giveKudos(
  store: DocumentStore,
  uid: string,
  userName: string,
  t: SocialTarget,
  now: number,
) {
  await store.commit([
    { kind: 'set', path: kudosKey(t, uid), data: { uid, owner: t.owner, userName, timestamp: now } },
  ]);
}

export async function takeBackKudos(store: DocumentStore, uid: string, t: SocialTarget) {
  await store.commit([{ kind: 'delete', path: kudosKey(t, uid) }]);
}

export async function addComment(
  store: DocumentStore,
  uid: string,
  userName: string,
  t: SocialTarget,
  comment: { message: string; timestamp: number },
) {
  const data = { uid, owner: t.owner, userName, message: comment.message, timestamp: comment.timestamp };
  await store.commit([{ kind: 'set', path: paths.comment(t.feed, t.owner, t.id, newDocId()), data }]);
}

export async function deleteComment(store: DocumentStore, t: SocialTarget, commentId: string) {
  await store.commit([{ kind: 'delete', path: paths.comment(t.feed, t.owner, t.id, commentId) }]);
}

/** Marks notifications read (at most UNREAD_COUNTED writes). */
export async function markRead(store: DocumentStore, uid: string, ids: readonly string[]) {
  const mark = (some: readonly string[]) =>
    store.commit(
      some.map(
        (id) => ({ kind: 'update', path: paths.notification(uid, id), data: { read: true } }) as const,
      ),
    );
  if (ids.length === 0) return;
  try {
    await mark(ids);
  } catch (error) {
    // One notification deleted meanwhile (its item went) fails the whole batch: mark each alone.
    if (ids.length === 1) throw error;
    const each = await Promise.allSettled(ids.map((id) => mark([id])));
    if (each.every((r) => r.status === 'rejected')) throw error;
  }
}
