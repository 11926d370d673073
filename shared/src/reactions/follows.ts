/**
 * Follows: a person writes only their own `users/{uid}/following/{otherUid}` documents; these
 * reactions keep each `people/{uid}` card (name, visible, follower and following counts) equal to
 * the source. Like every projection, a card is recomputed, never incremented: in one transaction
 * the profile, the tombstone and two count aggregates are read and the card is written only if
 * newer (`asOf`), so concurrent, duplicated or reordered follow events lose no count.
 */
import { type AppNotification, paths } from '../model.ts';
import type { DocData, Transaction } from '../store.ts';
import { displayNameOf, type ReactionEnv, readUser } from './core.ts';
import { type PaceOptions, type PaceResult, Pacer } from './pacing.ts';
import { followQueries } from './queries.ts';

/** The card a person should have, or null: none for a tombstoned or never-created account. */
async function desiredCard(tx: Transaction, uid: string): Promise<DocData | null> {
  const [user, following, followers] = await Promise.all([
    readUser(tx, uid),
    tx.aggregate(followQueries.following(uid), { count: true }),
    tx.aggregate(followQueries.followersOf(uid), { count: true }),
  ]);
  if (!user?.profile) return null;
  return {
    uid,
    userName: user.person.userName,
    visible: user.person.visible,
    followers: followers.count,
    following: following.count,
  };
}

/**
 * Brings the cards of `uids` in line with the source, each in its own transaction (a card is one
 * document: contention on a popular person's card stays on that card). Paced like the other
 * projections: a card written in the current window waits for the retry the result asks for.
 */
export async function recomputePeople(
  env: ReactionEnv,
  uids: Iterable<string>,
  opts: PaceOptions = {},
): Promise<PaceResult> {
  const pacer = new Pacer(env.now, opts);
  for (const uid of new Set(uids)) {
    if (!uid || uid.includes('/')) continue;
    await env.store.transact(async (tx) => {
      const [existing, desired] = await Promise.all([tx.get(paths.person(uid)), desiredCard(tx, uid)]);
      const op = pacer.plan(paths.person(uid), existing, desired);
      if (op) tx.write(op);
    });
  }
  return pacer.result();
}

/** The followed person of a follow document's path `users/{uid}/following/{otherUid}`, or null. */
export function followTargetOf(path: string): { uid: string; target: string } | null {
  const s = path.split('/');
  if (s.length !== 4 || s[0] !== paths.users || s[2] !== paths.followingId || !s[1] || !s[3]) return null;
  return { uid: s[1], target: s[3] };
}

/** One "started following you" per follower: a repeated event finds it written. */
export const followNotificationId = (follower: string) => `follow_${follower}`;

/**
 * Creates the followed person's notification while the follow exists, removes it once it is gone
 * (unfollowed, or either account deleted). One that exists is left as is: its `read` is the owner's.
 */
export async function syncFollowNotification(
  env: ReactionEnv,
  follower: string,
  target: string,
): Promise<void> {
  if (!follower || !target || follower === target || `${follower}${target}`.includes('/')) return;
  const notePath = paths.notification(target, followNotificationId(follower));
  await env.store.transact(async (tx) => {
    const [follow, from, owner, note] = await Promise.all([
      tx.get(paths.follow(follower, target)),
      readUser(tx, follower),
      readUser(tx, target),
      tx.get(notePath),
    ]);
    const wanted: AppNotification | null =
      follow && from?.profile && owner?.profile
        ? {
            kind: 'follow',
            from: follower,
            fromName: displayNameOf({ displayName: from.person.userName }),
            timestamp: typeof follow.data.createdAt === 'number' ? follow.data.createdAt : env.now,
            read: false,
          }
        : null;
    if (wanted && !note) tx.write({ kind: 'set', path: notePath, data: { ...wanted } });
    else if (!wanted && note && owner) tx.write({ kind: 'delete', path: notePath });
  });
}
