/**
 * Kudos and comments: each committed write of a kudos or a comment recomputes the
 * item's counts and the one notification that write causes, re-reading everything in one
 * transaction. Counts come from aggregates, never increments, so concurrent kudos lose nothing and
 * a duplicate or late delivery changes nothing; the engagement document is paced like the feeds.
 */
import {
  type AppNotification,
  type Engagement,
  KUDOS_NAMES_SHOWN,
  NOTIFICATION_PREVIEW_LENGTH,
  paths,
  type SocialFeed,
} from '../model.ts';
import type { Cursor, DocData, DocSnapshot, QuerySpec, Transaction, WriteOp } from '../store.ts';
import { numberOr0 } from '../totals.ts';
import { displayNameOf, type ReactionEnv, readUser } from './core.ts';
import { type PaceOptions, type PaceResult, Pacer } from './pacing.ts';
import { PAGE_SIZE, reactionQueries } from './queries.ts';

/** A committed write of one kudos or comment, as its path says (the payload is never trusted). */
export interface SocialEvent {
  feed: SocialFeed;
  owner: string;
  /** The post's or activity's id. */
  id: string;
  what: 'kudos' | 'comments';
  /** The giver's uid (kudos) or the comment's id. */
  docId: string;
}

const FEED_OF_SOURCE: Record<string, SocialFeed> = { posts: 'feedPosts', reps: 'feedActivities' };

/** The event a write of `path` is, or null when it is not a kudos or a comment. */
export function socialEventForPath(path: string): SocialEvent | null {
  const [users, owner, source, id, what, docId, ...rest] = path.split('/');
  const feed = source ? FEED_OF_SOURCE[source] : undefined;
  if (users !== 'users' || !owner || !feed || !id || !docId || rest.length > 0) return null;
  if (what !== 'kudos' && what !== 'comments') return null;
  return { feed, owner, id, what, docId };
}

/** One notification per kudos (per giver) and per comment: a repeated event finds it written. */
export function notificationId(e: SocialEvent): string {
  return `${e.what === 'kudos' ? 'kudos' : 'comment'}_${e.feed}_${e.id}_${e.docId}`;
}

export const engagementQueries = {
  /** The newest givers of one item (the names the engagement document shows). */
  newestKudos: (feed: SocialFeed, owner: string, id: string): QuerySpec => ({
    collection: paths.kudos(feed, owner, id),
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: KUDOS_NAMES_SHOWN,
  }),
  /** An item's newest comments, as many as newestKudos (their notifications checked on Undo). */
  newestComments: (feed: SocialFeed, owner: string, id: string): QuerySpec => ({
    collection: paths.comments(feed, owner, id),
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: KUDOS_NAMES_SHOWN,
  }),
  /** Kudos or comments a person gave anywhere, or received on their items (account deletion, renames). */
  byField: (
    group: 'kudos' | 'comments',
    field: 'uid' | 'owner',
    uid: string,
    startAfter?: Cursor,
  ): QuerySpec => ({
    collection: group,
    group: true,
    where: [{ field, op: '==', value: uid }],
    limit: PAGE_SIZE,
    ...(startAfter ? { startAfter } : {}),
  }),
  /** Notifications a person caused, in anyone's list (account deletion, renames). */
  notificationsFrom: (uid: string, startAfter?: Cursor): QuerySpec => ({
    collection: 'notifications',
    group: true,
    where: [{ field: 'from', op: '==', value: uid }],
    limit: PAGE_SIZE,
    ...(startAfter ? { startAfter } : {}),
  }),
  /** A page of one item's kudos or comments (the item's deletion). */
  ofItem: (what: 'kudos' | 'comments', feed: SocialFeed, owner: string, id: string): QuerySpec =>
    reactionQueries.page(what === 'kudos' ? paths.kudos(feed, owner, id) : paths.comments(feed, owner, id)),
  /** The owner's notifications about one item (the item's deletion). */
  notificationsAbout: (feed: SocialFeed, owner: string, id: string): QuerySpec => ({
    collection: paths.notifications(owner),
    where: [
      { field: 'feed', op: '==', value: feed },
      { field: 'itemId', op: '==', value: `${owner}_${id}` },
    ],
    limit: PAGE_SIZE,
  }),
  /** Engagement documents of a person's items (account deletion). */
  engagementOf: (uid: string): QuerySpec => ({
    collection: paths.engagementAll,
    where: [{ field: 'owner', op: '==', value: uid }],
    limit: PAGE_SIZE,
  }),
} as const;

/** An item's kudos and comments, counted (two aggregates: one read per 1000 entries each). */
export async function countSocial(
  tx: Transaction,
  feed: SocialFeed,
  owner: string,
  id: string,
): Promise<{ kudos: number; comments: number }> {
  const count = (collection: string) => tx.aggregate({ collection }, { count: true });
  const [kudos, comments] = await Promise.all([
    count(paths.kudos(feed, owner, id)),
    count(paths.comments(feed, owner, id)),
  ]);
  return { kudos: kudos.count, comments: comments.count };
}

/** The start of a comment, in whole characters: a cut emoji would leave half a surrogate pair. */
function previewOf(message: string): string {
  const cut = message.slice(0, NOTIFICATION_PREVIEW_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function notificationDoc(e: SocialEvent, cause: DocData): AppNotification | null {
  const from = cause.uid;
  if (typeof from !== 'string' || from === e.owner) return null;
  const base = {
    from,
    fromName: displayNameOf({ displayName: cause.userName }),
    feed: e.feed,
    itemId: `${e.owner}_${e.id}`,
    timestamp: numberOr0(cause.timestamp),
    read: false,
  };
  if (e.what === 'kudos') return { kind: 'kudos', ...base };
  const message = typeof cause.message === 'string' ? cause.message : '';
  return { kind: 'comment', ...base, preview: previewOf(message) };
}

/**
 * The write that brings the owner's notification of one kudos or comment in line with its cause:
 * removed with its cause, created only while the item exists, never rewritten (`read` is the
 * owner's). While the item is gone one that exists stays: the sweep removes it, or Undo keeps it.
 */
export function notificationWrite(
  e: SocialEvent,
  note: DocSnapshot | null,
  cause: DocSnapshot | null,
  itemThere: boolean,
): WriteOp | null {
  const path = paths.notification(e.owner, notificationId(e));
  const wanted = cause ? notificationDoc(e, cause.data) : null;
  if (!wanted) return note ? { kind: 'delete', path } : null;
  return !note && itemThere ? { kind: 'set', path, data: { ...wanted } } : null;
}

/** An item's counts as stored, and as its kudos and comments are now (null: none of either). */
export interface ItemCounts {
  path: string;
  stored: DocSnapshot | null;
  desired: Omit<Engagement, 'asOf'> | null;
  /** Its newest KUDOS_NAMES_SHOWN kudos, newest first. */
  newest: DocSnapshot[];
}

/** Reads an item's counts through `tx`: two count aggregates, its newest givers, the stored counts. */
export async function readCounts(
  tx: Transaction,
  feed: SocialFeed,
  owner: string,
  id: string,
): Promise<ItemCounts> {
  const path = paths.engagement(feed, owner, id);
  const [stored, { kudos, comments }, newest] = await Promise.all([
    tx.get(path),
    countSocial(tx, feed, owner, id),
    tx.query(engagementQueries.newestKudos(feed, owner, id)),
  ]);
  const desired =
    kudos > 0 || comments > 0
      ? {
          feed,
          owner,
          itemId: `${owner}_${id}`,
          kudos,
          kudosBy: newest.map((k) => ({
            uid: k.id,
            userName: displayNameOf({ displayName: k.data.userName }),
          })),
          comments,
        }
      : null;
  return { path, stored, desired, newest };
}

/** The counts an item shows: none of a hider's activities (activity-counts.ts brings them back). */
export const countsShown = (feed: SocialFeed, owner: { visible: boolean }, counts: ItemCounts) =>
  feed === 'feedActivities' && !owner.visible ? null : counts.desired;

/**
 * Recomputes `engagement/{feed}_{owner}_{id}` (kudos and comment counts, the newest givers) from
 * the item's kudos and comments as they are now, and creates or removes the owner's notification
 * of this one kudos or comment (notificationWrite). Nothing for a deleted owner (the cascade
 * removes it all). On a deleted item the counts stay as they are and the kudos or comment too:
 * the sweep removes them after the grace period, or Undo recounts them (item-deletion.ts).
 */
export async function reactEngagement(
  env: ReactionEnv,
  e: SocialEvent,
  opts: PaceOptions = {},
): Promise<PaceResult> {
  const pacer = new Pacer(env.now, opts);
  const causePath =
    e.what === 'kudos'
      ? paths.kudosOf(e.feed, e.owner, e.id, e.docId)
      : paths.comment(e.feed, e.owner, e.id, e.docId);
  await env.store.transact(async (tx) => {
    const [owner, source, counts, cause, note] = await Promise.all([
      readUser(tx, e.owner),
      tx.get(paths.socialSource(e.feed, e.owner, e.id)),
      readCounts(tx, e.feed, e.owner, e.id),
      tx.get(causePath),
      tx.get(paths.notification(e.owner, notificationId(e))),
    ]);
    if (!owner) return;
    // A gone item's counts are left to the sweep: deleted, or recounted by an Undo.
    const op = source
      ? pacer.plan(counts.path, counts.stored, countsShown(e.feed, owner.person, counts))
      : null;
    if (op) tx.write(op);
    // A kudos or comment on a gone item stays for the sweep: this may be a late delivery of one
    // written before the delete, which an Undo must get back.
    const noteOp = notificationWrite(e, note, cause, !!source);
    if (noteOp) tx.write(noteOp);
  });
  return pacer.result();
}
