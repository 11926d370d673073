/**
 * A post or activity its owner deleted takes its social data along: its kudos and comments (Firestore
 * keeps a deleted document's subcollections), its engagement document and the owner's notifications
 * about it. Bounded pages and the progress check of the account cascade (maintenance.ts).
 */
import { paths, type SocialFeed } from '../model.ts';
import type { ReactionEnv } from './core.ts';
import { engagementQueries } from './engagement.ts';
import { deleteAll } from './maintenance.ts';

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
  const source = paths.socialSource(feed, owner, id);
  if (await env.store.get(source)) return 0;
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
