/**
 * The scheduled and administrative reactions: expiry of what is no longer shown and the
 * account-deletion cascade (the board rollup is in boards.ts). Each is idempotent and reads only
 * bounded pages.
 */

import { cursorOf } from '../../firestore/semantics.ts';
import { BOARD_KINDS, paths } from '../model.ts';
import { currentWindows } from '../periods.ts';
import type { DocSnapshot, QuerySpec } from '../store.ts';
import { numberOr0 } from '../totals.ts';
import { removeFromBoards } from './boards.ts';
import { type ReactionEnv, reactionPaths, uidOfPath } from './core.ts';
import { engagementQueries } from './engagement.ts';
import { recomputePeople } from './follows.ts';
import { FEED_KEEP, type FeedCollection, followQueries, PAGE_SIZE, reactionQueries } from './queries.ts';

/** Upper bound of pages one run of a cleanup loop goes through (the next run continues). */
export const MAX_PAGES_PER_RUN = 50;

/** A delete or scan loop that stopped making progress (a store handing back what it was told to remove). */
export class NoProgressError extends Error {
  constructor(what: string, path: string) {
    super(`${what} made no progress: ${path} came back after it was deleted or read; stopping.`);
    this.name = 'NoProgressError';
  }
}

/**
 * Deletes what `page` returns, page after page, until a page comes back empty, or after
 * `maxPages` pages (the next run continues). Counts what it deleted, and stops with
 * NoProgressError when a page hands back a document it already deleted: a store that returns a
 * path differing from the stored one (as a lone surrogate in an id can) would otherwise make the
 * loop spin forever.
 */
export async function deleteAll(
  env: ReactionEnv,
  what: string,
  page: () => Promise<DocSnapshot[]>,
  maxPages = MAX_PAGES_PER_RUN,
): Promise<number> {
  const deleted = new Set<string>();
  for (let i = 0; i < maxPages; i++) {
    const docs = await page();
    if (docs.length === 0) break;
    for (const d of docs) if (deleted.has(d.path)) throw new NoProgressError(what, d.path);
    await env.store.commit(docs.map((d) => ({ kind: 'delete', path: d.path }) as const));
    for (const d of docs) deleted.add(d.path);
    // No "short page: done": only an empty page says nothing is left (a document the delete
    // missed must come back, and be caught, rather than be left behind as if deleted).
  }
  return deleted.size;
}

/**
 * Deletes board entries of ended periods and feed items beyond the newest FEED_KEEP of each feed
 * (the page shows 30). A feed's horizon (the timestamp of its FEED_KEEP-th newest item) only moves
 * forward and is stored, so reactions never re-create an expired item. Returns how many documents
 * were deleted.
 */
export async function expireProjections(env: ReactionEnv): Promise<number> {
  const current = currentWindows(env.now, env.timeZone);
  let deleted = 0;
  for (const kind of BOARD_KINDS) {
    deleted += await deleteAll(env, `expiry of ${kind} board entries`, () =>
      env.store.query(reactionQueries.staleEntries(kind, current[kind].key)),
    );
  }
  for (const feed of ['feedPosts', 'feedActivities'] as const satisfies readonly FeedCollection[]) {
    const keep = env.feedKeep ?? FEED_KEEP;
    const newest = await env.store.query(reactionQueries.newestFeedItems(feed, keep));
    const stored = await env.store.get(reactionPaths.feedHorizon(feed));
    let horizon =
      typeof stored?.data.timestamp === 'number' ? stored.data.timestamp : Number.NEGATIVE_INFINITY;
    const last = newest[newest.length - 1];
    if (newest.length >= keep && last && numberOr0(last.data.timestamp) > horizon) {
      horizon = numberOr0(last.data.timestamp);
      await env.store.commit([
        { kind: 'set', path: reactionPaths.feedHorizon(feed), data: { timestamp: horizon, asOf: env.now } },
      ]);
    }
    if (Number.isFinite(horizon)) {
      deleted += await deleteAll(env, `expiry of ${feed}`, () =>
        env.store.query(reactionQueries.feedItemsBefore(feed, horizon)),
      );
    }
  }
  return deleted;
}

/** Subcollections of `users/{uid}` the cascade removes. */
export const USER_SUBCOLLECTIONS = [
  'reps',
  'weightRecords',
  'posts',
  'preferences',
  'following',
  'notifications',
] as const;

/**
 * Account deletion, idempotent: the tombstone first (so late events change nothing), then the
 * projections, the subcollections in bounded pages, the profile and the boards still naming the
 * user; the caller deletes the auth user last. A page handing back a deleted document stops it with
 * NoProgressError (a retry finishes). Resolves with how many documents it deleted.
 */
export async function deleteAccountData(env: ReactionEnv, uid: string): Promise<{ deleted: number }> {
  if (!uid || uid.includes('/')) throw new RangeError(`Not a user id: ${uid}`);
  const tombstone = await env.store.get(paths.tombstone(uid));
  if (!tombstone)
    await env.store.commit([{ kind: 'set', path: paths.tombstone(uid), data: { uid, deletedAt: env.now } }]);

  // Follows both ways (no new ones: the rules refuse following a tombstoned person), then the
  // counts of everyone on the other end, recomputed from what is left.
  const others = new Set<string>();
  const follows = (spec: () => QuerySpec, other: (d: DocSnapshot) => string) => async () => {
    const docs = await env.store.query(spec());
    for (const d of docs) others.add(other(d));
    return docs;
  };
  let deleted = 0;
  deleted += await deleteAll(
    env,
    `account deletion (followers of ${uid})`,
    follows(
      () => followQueries.followersOf(uid, PAGE_SIZE),
      (d) => uidOfPath(d.path),
    ),
    Infinity,
  );
  deleted += await deleteAll(
    env,
    `account deletion (${paths.following(uid)})`,
    follows(
      () => followQueries.following(uid, PAGE_SIZE),
      (d) => d.id,
    ),
    Infinity,
  );
  const collections: [string, () => QuerySpec][] = [
    [paths.boardEntries, () => reactionQueries.userBoardEntries(uid, PAGE_SIZE)],
    [paths.progressYears(uid), () => reactionQueries.page(paths.progressYears(uid))],
    [paths.feedActivities, () => reactionQueries.userFeedItems('feedActivities', uid, PAGE_SIZE)],
    [paths.feedPosts, () => reactionQueries.userFeedItems('feedPosts', uid, PAGE_SIZE)],
    // Kudos and comments the person gave on others' items and received on their own (whose
    // deletes recount the items), the notifications they caused, their items' counts.
    ...(['kudos', 'comments'] as const).flatMap((group) =>
      (['uid', 'owner'] as const).map((field): [string, () => QuerySpec] => [
        `${group} (${field})`,
        () => engagementQueries.byField(group, field, uid),
      ]),
    ),
    ['notifications (from)', () => engagementQueries.notificationsFrom(uid)],
    [paths.engagementAll, () => engagementQueries.engagementOf(uid)],
    // Their items still in the grace period after a delete: nothing left for the sweep to do.
    [paths.itemDeletions, () => reactionQueries.itemDeletionsOf(uid)],
    ...USER_SUBCOLLECTIONS.map((sub): [string, () => QuerySpec] => {
      const collection = `${paths.user(uid)}/${sub}`;
      return [collection, () => reactionQueries.page(collection)];
    }),
  ];
  for (const [collection, spec] of collections) {
    // No page bound here: the cascade must finish; the progress check is what ends a stuck loop.
    deleted += await deleteAll(
      env,
      `account deletion (${collection})`,
      () => env.store.query(spec()),
      Infinity,
    );
  }
  const progress = await env.store.get(paths.progress(uid));
  if (progress) {
    await env.store.commit([{ kind: 'delete', path: paths.progress(uid) }]);
    deleted++;
  }
  const profile = await env.store.get(paths.user(uid));
  if (profile) {
    await env.store.commit([{ kind: 'delete', path: paths.user(uid) }]);
    deleted++;
  }
  const card = await env.store.get(paths.person(uid));
  if (card) {
    await env.store.commit([{ kind: 'delete', path: paths.person(uid) }]);
    deleted++;
  }
  others.delete(uid);
  await recomputePeople(env, others);
  await removeFromBoards(env, uid);
  return { deleted };
}

/**
 * Every document of a collection, in bounded pages (audits, the rebuild). A page that hands back a
 * document an earlier page gave (a cursor that does not move) stops with NoProgressError.
 */
export async function* scanCollection(env: ReactionEnv, collection: string): AsyncGenerator<DocSnapshot> {
  yield* scanPages(
    `scan of ${collection}`,
    reactionQueries.page(collection),
    (spec) => env.store.query(spec),
    (last, spec) => reactionQueries.page(collection, PAGE_SIZE, cursorOf(last, spec)),
  );
}

/**
 * Pages through a query by cursor. A cursor that does not move (a page repeating a document of the
 * page before it, or of itself) stops with NoProgressError; only the last page is remembered, so a
 * scan of a million documents keeps a page of paths, not a million.
 */
export async function* scanPages(
  what: string,
  first: QuerySpec,
  run: (spec: QuerySpec) => Promise<DocSnapshot[]>,
  next: (last: DocSnapshot, spec: QuerySpec) => QuerySpec,
): AsyncGenerator<DocSnapshot> {
  let previous = new Set<string>();
  let spec = first;
  for (;;) {
    const docs = await run(spec);
    const page = new Set<string>();
    for (const d of docs) {
      if (previous.has(d.path) || page.has(d.path)) throw new NoProgressError(what, d.path);
      page.add(d.path);
    }
    yield* docs;
    const last = docs[docs.length - 1];
    if (!last || docs.length < (spec.limit ?? PAGE_SIZE)) return;
    previous = page;
    spec = next(last, spec);
  }
}
