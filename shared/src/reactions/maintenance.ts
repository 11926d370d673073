/**
 * The scheduled and administrative reactions: the board rollup, expiry of what is no longer shown,
 * and the account-deletion cascade. Each is idempotent and reads only bounded pages.
 */
import { BOARD_KINDS, BOARD_METRICS, type BoardKind, type BoardPlace, paths } from '../model.ts';
import { currentWindows } from '../periods.ts';
import type { DocData, DocSnapshot, WriteOp } from '../store.ts';
import { cursorOf } from '../store-semantics.ts';
import { numberOr0, type ReactionEnv, reactionPaths, sameProjection } from './core.ts';
import { FEED_KEEP, type FeedCollection, PAGE_SIZE, reactionQueries } from './queries.ts';

/** Upper bound of pages one run of a cleanup loop goes through (the next run continues). */
export const MAX_PAGES_PER_RUN = 50;

/** The top 3 of a metric as a board shows them: places with a value above 0, best first. */
export function placesOf(
  entries: readonly DocSnapshot[],
  metric: (typeof BOARD_METRICS)[number],
): BoardPlace[] {
  return entries
    .map((e) => ({
      uid: String(e.data.uid ?? ''),
      userName: String(e.data.userName ?? ''),
      value: numberOr0(e.data[metric]),
    }))
    .filter((p) => p.value > 0);
}

export function boardDoc(
  kind: BoardKind,
  periodKey: string,
  timeZone: string,
  places: Record<(typeof BOARD_METRICS)[number], BoardPlace[]>,
  computedAt: number,
): DocData {
  return {
    kind,
    periodKey,
    timeZone,
    reps: places.reps,
    minutes: places.minutes,
    calories: places.calories,
    computedAt,
  };
}

/**
 * The nine top-3 queries over board entries of the current day, week and month; a board is
 * written only when what it shows changed (so at most three writes a minute, whatever the load).
 */
export async function rollupBoards(env: ReactionEnv): Promise<{ written: BoardKind[] }> {
  const current = currentWindows(env.now, env.timeZone);
  const written: BoardKind[] = [];
  const writes: WriteOp[] = [];
  await Promise.all(
    BOARD_KINDS.map(async (kind) => {
      const key = current[kind].key;
      const [existing, ...tops] = await Promise.all([
        env.store.get(paths.board(kind)),
        ...BOARD_METRICS.map((metric) => env.store.query(reactionQueries.topEntries(key, metric))),
      ]);
      const places = Object.fromEntries(
        BOARD_METRICS.map((m, i) => [m, placesOf(tops[i] ?? [], m)]),
      ) as Record<(typeof BOARD_METRICS)[number], BoardPlace[]>;
      const doc = boardDoc(kind, key, env.timeZone, places, env.now);
      if (existing && sameProjection(existing.data, doc)) return;
      written.push(kind);
      writes.push({ kind: 'set', path: paths.board(kind), data: doc });
    }),
  );
  if (writes.length > 0) await env.store.commit(writes);
  written.sort((a, b) => BOARD_KINDS.indexOf(a) - BOARD_KINDS.indexOf(b));
  return { written };
}

async function deleteAll(env: ReactionEnv, page: () => Promise<DocSnapshot[]>): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < MAX_PAGES_PER_RUN; i++) {
    const docs = await page();
    if (docs.length === 0) break;
    await env.store.commit(docs.map((d) => ({ kind: 'delete', path: d.path }) as const));
    deleted += docs.length;
    if (docs.length < PAGE_SIZE) break;
  }
  return deleted;
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
    deleted += await deleteAll(env, () =>
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
      deleted += await deleteAll(env, () => env.store.query(reactionQueries.feedItemsBefore(feed, horizon)));
    }
  }
  return deleted;
}

/** Subcollections of `users/{uid}` the cascade removes. */
export const USER_SUBCOLLECTIONS = ['reps', 'weightRecords', 'posts', 'preferences'] as const;

/**
 * Account deletion, idempotent: the tombstone first (so late events of this user change nothing
 * from here on), then the user's projections, then `users/{uid}`'s subcollections in bounded pages,
 * then the profile. The auth user is deleted by the caller, last.
 */
export async function deleteAccountData(env: ReactionEnv, uid: string): Promise<void> {
  if (!uid || uid.includes('/')) throw new RangeError(`Not a user id: ${uid}`);
  const tombstone = await env.store.get(paths.tombstone(uid));
  if (!tombstone)
    await env.store.commit([{ kind: 'set', path: paths.tombstone(uid), data: { uid, deletedAt: env.now } }]);

  const byUser = [
    (limit: number) => reactionQueries.userBoardEntries(uid, limit),
    (limit: number) => reactionQueries.userFeedItems('feedActivities', uid, limit),
    (limit: number) => reactionQueries.userFeedItems('feedPosts', uid, limit),
  ];
  for (const spec of byUser) {
    while ((await deleteAll(env, () => env.store.query(spec(PAGE_SIZE)))) > 0) {
      // deleteAll stops after MAX_PAGES_PER_RUN; go on until nothing is left.
    }
  }
  for (const sub of USER_SUBCOLLECTIONS) {
    const collection = `${paths.user(uid)}/${sub}`;
    while ((await deleteAll(env, () => env.store.query(reactionQueries.page(collection)))) > 0) {
      // as above
    }
  }
  const progress = await env.store.get(paths.progress(uid));
  if (progress) await env.store.commit([{ kind: 'delete', path: paths.progress(uid) }]);
  const profile = await env.store.get(paths.user(uid));
  if (profile) await env.store.commit([{ kind: 'delete', path: paths.user(uid) }]);
}

/** Every document of a collection, in bounded pages (audits). */
export async function* scanCollection(env: ReactionEnv, collection: string): AsyncGenerator<DocSnapshot> {
  let spec = reactionQueries.page(collection);
  for (;;) {
    const docs = await env.store.query(spec);
    yield* docs;
    const last = docs[docs.length - 1];
    if (!last || docs.length < PAGE_SIZE) return;
    spec = reactionQueries.page(collection, PAGE_SIZE, cursorOf(last, spec));
  }
}
