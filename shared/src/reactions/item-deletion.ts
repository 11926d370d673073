/**
 * A post or activity its owner deleted takes its social data along: its kudos and comments (Firestore
 * keeps a deleted document's subcollections), its engagement document and the owner's notifications
 * about it. Not at once: the source reaction marks the item (`itemDeletions/{feed}_{owner}_{id}`)
 * and the minute rollup sweeps the marks older than ITEM_DELETION_GRACE_MS, so that an item written
 * back under its id (the web app's Undo) keeps everything, recounted (reactItemBack). Bounded pages
 * and the progress check of the account cascade (maintenance.ts).
 */
import { type ItemDeletion, paths, type SocialFeed } from '../model.ts';
import type { DocSnapshot, WriteOp } from '../store.ts';
import { type ReactionEnv, readUser } from './core.ts';
import {
  countsShown,
  engagementQueries,
  notificationId,
  notificationWrite,
  readCounts,
  type SocialEvent,
} from './engagement.ts';
import { deleteAll } from './maintenance.ts';
import { Pacer } from './pacing.ts';
import { PAGE_SIZE, reactionQueries } from './queries.ts';

/**
 * How long a deleted item keeps its social data: well past the web app's 10 s Undo, which MUI
 * pauses while the pointer is over it.
 */
export const ITEM_DELETION_GRACE_MS = 5 * 60_000;

/** What the source reaction's transaction read about one item of its owner. */
export interface ItemSeen {
  source: boolean;
  /** Its feed item (kudos and comments can be written while it exists). */
  item: boolean;
  marker: boolean;
  /** Kudos or comments on it; read only when the others leave it open. */
  stats: boolean;
}

/** Whether the source reaction must read the item's kudos and comments to decide. */
export function needsStats(seen: Omit<ItemSeen, 'stats'>): boolean {
  return !seen.source && !seen.item && !seen.marker;
}

/**
 * The source reaction's write to a gone item's marker: a delete starts the grace period, from now;
 * one already marked is left as is (a duplicate or a paced retry changes nothing). A gone item with
 * neither a feed item nor kudos or comments (never shown, or already swept) has nothing to sweep.
 * An item back under its id with its marker is reactItemBack's.
 */
export function itemDeletionWrite(
  feed: SocialFeed,
  owner: string,
  id: string,
  seen: ItemSeen,
  now: number,
): WriteOp | null {
  const path = paths.itemDeletion(feed, owner, id);
  if (seen.source || seen.marker || !(seen.item || seen.stats)) return null;
  const data: ItemDeletion = { feed, owner, id, goneAt: now };
  return { kind: 'set', path, data: { ...data } };
}

/**
 * A marked item back under its id (Undo). While it was gone the reactions of its kudos and comments
 * left its counts alone and created no notification, so its counts are recomputed from its kudos and
 * comments as they are now, and the notifications its newest kudos and comments lack are created
 * (KUDOS_NAMES_SHOWN of each: the rules let few land while it is gone); then the marker goes, so
 * that deleting it again starts anew. Counts held back by pacing keep the marker: the retry, or the
 * sweep, comes back here. Nothing unless both the source and its marker are there.
 */
export async function reactItemBack(
  env: ReactionEnv,
  feed: SocialFeed,
  owner: string,
  id: string,
  pacer: Pacer,
): Promise<void> {
  const markPath = paths.itemDeletion(feed, owner, id);
  await env.store.transact(async (tx) => {
    const [user, source, mark, counts, comments] = await Promise.all([
      readUser(tx, owner),
      tx.get(paths.socialSource(feed, owner, id)),
      tx.get(markPath),
      readCounts(tx, feed, owner, id),
      tx.query(engagementQueries.newestComments(feed, owner, id)),
    ]);
    if (!user || !source || !mark) return;
    const causes = [
      ...counts.newest.map((doc) => ({ doc, what: 'kudos' as const })),
      ...comments.map((doc) => ({ doc, what: 'comments' as const })),
    ].map(({ doc, what }) => ({
      doc,
      event: { feed, owner, id, what, docId: doc.id } satisfies SocialEvent,
    }));
    const notes = await Promise.all(
      causes.map(({ event }) => tx.get(paths.notification(owner, notificationId(event)))),
    );
    const { op, heldBack } = pacer.planOrHold(
      counts.path,
      counts.stored,
      countsShown(feed, user.person, counts),
    );
    if (op) tx.write(op);
    causes.forEach(({ doc, event }, i) => {
      const noteOp = notificationWrite(event, notes[i] ?? null, doc, true);
      if (noteOp) tx.write(noteOp);
    });
    if (!heldBack) tx.write({ kind: 'delete', path: markPath });
  });
}

/**
 * Deletes the kudos, comments, engagement document and owner's notifications of `owner`'s item
 * `id` of `feed`, if the item is gone (re-read here: an item written back under its id, as Undo
 * does, keeps them). Idempotent; resolves with how many documents it deleted.
 */
export async function deleteItemSocialData(
  env: ReactionEnv,
  feed: SocialFeed,
  owner: string,
  id: string,
): Promise<number> {
  return (await cleanIfGone(env, feed, owner, id)) ?? 0;
}

/** deleteItemSocialData, resolving with null when the item exists. */
async function cleanIfGone(
  env: ReactionEnv,
  feed: SocialFeed,
  owner: string,
  id: string,
): Promise<number | null> {
  const source = paths.socialSource(feed, owner, id);
  if (await env.store.get(source)) return null;
  let deleted = 0;
  // No page bound: the item's delivery is the only one; the progress check ends a stuck loop.
  for (const what of ['kudos', 'comments'] as const) {
    deleted += await deleteAll(
      env,
      `deletion of ${source} (${what})`,
      () => env.store.query(engagementQueries.ofItem(what, feed, owner, id)),
      Infinity,
    );
  }
  deleted += await deleteAll(
    env,
    `deletion of ${source} (notifications)`,
    () => env.store.query(engagementQueries.notificationsAbout(feed, owner, id)),
    Infinity,
  );
  const statsPath = paths.engagement(feed, owner, id);
  if (await env.store.get(statsPath)) {
    // Unconditional (no asOf check): with the item gone, no reaction writes it again.
    await env.store.commit([{ kind: 'delete', path: statsPath }]);
    deleted++;
  }
  return deleted;
}

/**
 * The rollup's sweep: one page (`limit`) of items marked deleted at least ITEM_DELETION_GRACE_MS
 * ago. Each loses its social data, then its marker, unless it exists again: an Undo whose reaction
 * did not finish, finished here (reactItemBack). A failing item
 * does not hold up the rest of the page: the first error is rethrown at the end (the next rollup
 * tries it again). Resolves with how many items it cleaned (those still gone).
 */
export async function sweepDeletedItems(env: ReactionEnv, limit = PAGE_SIZE): Promise<number> {
  const due = await env.store.query(
    reactionQueries.itemDeletionsDue(env.now - ITEM_DELETION_GRACE_MS, limit),
  );
  let cleaned = 0;
  let failure: unknown = null;
  for (const marker of due) {
    try {
      const { feed, owner, id } = marker.data as unknown as ItemDeletion;
      if ((await cleanIfGone(env, feed, owner, id)) === null) {
        await reactItemBack(env, feed, owner, id, new Pacer(env.now));
        continue;
      }
      cleaned++;
      await removeMarker(env, marker);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
  return cleaned;
}

/** Deletes a swept marker unless a new delete (after an Undo) wrote it again meanwhile. */
async function removeMarker(env: ReactionEnv, marker: DocSnapshot): Promise<void> {
  await env.store.transact(async (tx) => {
    const now = await tx.get(marker.path);
    if (now && now.data.goneAt === marker.data.goneAt) tx.write({ kind: 'delete', path: marker.path });
  });
}
