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
import type { Cursor, DocData, QuerySpec, WriteOp } from '../store.ts';
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

/** Counts over all of an item's kudos or comments (an aggregate: one read per 1000 entries). */
const countOf = (collection: string): QuerySpec => ({ collection });

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
  return { kind: 'comment', ...base, preview: message.slice(0, NOTIFICATION_PREVIEW_LENGTH) };
}

/**
 * Recomputes `engagement/{feed}_{owner}_{id}` (kudos and comment counts, the newest givers) from
 * the item's kudos and comments as they are now, and creates or removes the owner's notification
 * of this one kudos or comment. A notification already there is left as is (its `read` is the
 * owner's). Nothing for a deleted owner (the cascade removes it all). On a deleted item the counts
 * stay as they are (the sweep removes them after the grace period, unless Undo brings the item
 * back) and the kudos or comment itself is deleted (written after its item was gone).
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
  const statsPath = paths.engagement(e.feed, e.owner, e.id);
  const notePath = paths.notification(e.owner, notificationId(e));
  await env.store.transact(async (tx) => {
    const [owner, source, stats, kudos, comments, newest, cause, note] = await Promise.all([
      readUser(tx, e.owner),
      tx.get(paths.socialSource(e.feed, e.owner, e.id)),
      tx.get(statsPath),
      tx.aggregate(countOf(paths.kudos(e.feed, e.owner, e.id)), { count: true }),
      tx.aggregate(countOf(paths.comments(e.feed, e.owner, e.id)), { count: true }),
      tx.query(engagementQueries.newestKudos(e.feed, e.owner, e.id)),
      tx.get(causePath),
      tx.get(notePath),
    ]);
    if (!owner) return;
    const desired: Omit<Engagement, 'asOf'> | null =
      source && (kudos.count > 0 || comments.count > 0)
        ? {
            feed: e.feed,
            owner: e.owner,
            itemId: `${e.owner}_${e.id}`,
            kudos: kudos.count,
            kudosBy: newest.map((k) => ({
              uid: k.id,
              userName: displayNameOf({ displayName: k.data.userName }),
            })),
            comments: comments.count,
          }
        : null;
    // A gone item's counts are left to the sweep: deleted, or kept for an Undo (item-deletion.ts).
    const op = source ? pacer.plan(statsPath, stats, desired) : null;
    if (op) tx.write(op);
    const wanted = source && cause ? notificationDoc(e, cause.data) : null;
    const noteOp: WriteOp | null =
      wanted && !note
        ? { kind: 'set', path: notePath, data: { ...wanted } }
        : !wanted && note
          ? { kind: 'delete', path: notePath }
          : null;
    if (noteOp) tx.write(noteOp);
    // A kudos or comment on a gone item stays for the sweep: this may be a late delivery of one
    // written before the delete, which an Undo must get back.
  });
  return pacer.result();
}
