/** Kudos, comments and notifications: one writes one's own kudos and comments; counts are the reactions'. */
import { FEED_SHOWN } from '@fit/shared/community';
import {
  type AppNotification,
  type Engagement,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type PostComment,
  paths,
  type SocialFeed,
} from '@fit/shared/model';
import type { DocData, DocumentStore, LiveDocumentStore, QuerySpec } from '@fit/shared/store';
import { numberOr0 } from '@fit/shared/totals';
import { name, text } from './community.ts';
import { newDocId } from './ids.ts';
import { type Listen, watchDoc, watchDocs } from './live-query.ts';

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
/** Most kudos of one's own the page checks shown items against. */
const MY_KUDOS_READ = 100;

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

/** Whether the target's post or activity exists: one document, readable by its owner only. */
export const watchItemExists = (store: LiveDocumentStore, t: SocialTarget): Listen<boolean> =>
  watchDoc(store, paths.socialSource(t.feed, t.owner, t.id), (doc) => doc !== null);

/** The paths of the kudos the person gave (the newest MY_KUDOS_READ). */
export function watchMyKudos(store: LiveDocumentStore, uid: string): Listen<Set<string>> {
  const spec: QuerySpec = {
    collection: 'kudos',
    group: true,
    where: [{ field: 'uid', op: '==', value: uid }],
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: MY_KUDOS_READ,
  };
  const kudos = watchDocs(store, spec, (d) => d.path);
  return (onNext, onError) => kudos((list) => onNext(new Set(list)), onError);
}

export interface ShownComment extends PostComment {
  id: string;
  pending: boolean;
}

export function watchComments(store: LiveDocumentStore, t: SocialTarget): Listen<ShownComment[]> {
  const spec: QuerySpec = {
    collection: paths.comments(t.feed, t.owner, t.id),
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
    limit: COMMENTS_SHOWN,
  };
  return watchDocs(store, spec, (d) => ({
    id: d.id,
    uid: text(d.data.uid),
    owner: text(d.data.owner),
    userName: name(d.data.userName),
    message: text(d.data.message),
    timestamp: numberOr0(d.data.timestamp),
    pending: d.pending === true,
  }));
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

export function watchNotifications(
  store: LiveDocumentStore,
  uid: string,
  unreadOnly: boolean,
): Listen<ShownNotification[]> {
  const spec: QuerySpec = {
    collection: paths.notifications(uid),
    ...(unreadOnly ? { where: [{ field: 'read', op: '==', value: false }] } : {}),
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: unreadOnly ? UNREAD_COUNTED : NOTIFICATIONS_SHOWN,
  };
  return watchDocs(store, spec, (d) => toNotification(d.id, d.data));
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
  if (ids.length === 0) return;
  await store.commit(
    ids.map((id) => ({ kind: 'update', path: paths.notification(uid, id), data: { read: true } }) as const),
  );
}
