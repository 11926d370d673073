/**
 * Event in -> re-read the source as it is now -> projections written only if newer. Delivery is at
 * least once, in any order, possibly late, so a reaction never increments nor trusts the payload: it
 * reads tombstone, profile, source and period aggregates in one transaction and writes what they
 * give, so duplicates, reordering and late retries change nothing.
 */
import { paths } from '../model.ts';
import type { PeriodWindow } from '../periods.ts';
import { currentWindows, windowForKey } from '../periods.ts';
import type { DocData, DocSnapshot, Transaction } from '../store.ts';
import { numberOr0, PERIOD_SUM_FIELDS } from '../totals.ts';
import { syncActivityCounts } from './activity-counts.ts';
import { type CurrentEntry, refreshBoards } from './board-refresh.ts';
import { removeFromBoards } from './boards.ts';
import { cappedDaySums, dayWindowsOf, exceedsADay } from './caps.ts';
import {
  boardEntryDoc,
  FEEDS,
  isLiveKey,
  liveWindows,
  type ReactionEnv,
  reactionPaths,
  readUser,
} from './core.ts';
import { countSocial } from './engagement.ts';
import { followTargetOf, recomputePeople, syncFollowNotification } from './follows.ts';
import { itemDeletionWrite, needsStats, reactItemBack } from './item-deletion.ts';
import { renameGiven } from './names.ts';
import { type PaceOptions, type PaceResult, Pacer } from './pacing.ts';
import { progressWrite, recomputeProgress } from './progress.ts';
import { type FeedCollection, reactionQueries, USER_FEED_LIMIT } from './queries.ts';

export type ReactionEvent =
  | {
      kind: 'activity';
      uid: string;
      repId: string;
      /** The activity as it was before the write (to find a period an edit moved it out of), or null. */
      before: DocData | null;
    }
  | { kind: 'post'; uid: string; postId: string }
  /** `uid` started or stopped following `target`: both people's counts are recomputed. */
  | { kind: 'follow'; uid: string; target: string }
  | {
      kind: 'profile';
      uid: string;
      /**
       * Which relevant profile fields the write changed (a hint of what to recompute, never data:
       * everything is re-read). Absent: recompute everything the profile feeds.
       */
      changed?: readonly string[];
    };

/** Fields of each source whose change matters to some projection. */
export const RELEVANT_FIELDS = {
  reps: ['activityType', 'count', 'time', 'timestamp', 'calorieUnits'],
  posts: ['message', 'timestamp'],
  user: ['displayName', 'hideExerciseInfo', 'currentWeight', 'timeZone'],
} as const;

function changed(fields: readonly string[], before: DocData | null, after: DocData | null): boolean {
  if (before === null || after === null) return before !== after;
  return fields.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

/**
 * Which reaction a committed change of `path` calls for, or null: weight records and preferences
 * need none (a weight change reaches the boards through the profile's currentWeight), nor does a
 * write that left every relevant field as it was.
 */
export function eventForWrite(
  path: string,
  before: DocData | null,
  after: DocData | null,
): ReactionEvent | null {
  const s = path.split('/');
  if (s[0] !== 'users' || !s[1]) return null;
  const uid = s[1];
  if (s.length === 2) {
    const fields = RELEVANT_FIELDS.user.filter((f) => changed([f], before, after));
    return fields.length > 0 ? { kind: 'profile', uid, changed: fields } : null;
  }
  if (s.length === 4 && s[2] === 'reps' && s[3])
    return changed(RELEVANT_FIELDS.reps, before, after)
      ? { kind: 'activity', uid, repId: s[3], before }
      : null;
  const follow = followTargetOf(path);
  if (follow) return (before === null) !== (after === null) ? { kind: 'follow', ...follow } : null;
  if (s.length === 4 && s[2] === 'posts' && s[3])
    return changed(RELEVANT_FIELDS.posts, before, after) ? { kind: 'post', uid, postId: s[3] } : null;
  return null;
}

/** One event at once, unpaced (tests, the invariant property, simple callers). */
export async function react(env: ReactionEnv, event: ReactionEvent): Promise<void> {
  await reactUser(env, event.uid, [event]);
}

/** What a batch of one user's events calls for, merged (the sources are re-read anyway). */
interface UserWork {
  /** Activity ids, each with what it was before its writes (windows and days it may have left). */
  reps: Map<string, DocData[]>;
  posts: Set<string>;
  /** People this user followed or unfollowed. */
  follows: Set<string>;
  /** Profile fields changed: a set, 'all' (unknown), or null (no profile event). */
  profile: Set<string> | 'all' | null;
}

function workOf(uid: string, events: readonly ReactionEvent[]): UserWork {
  const work: UserWork = { reps: new Map(), posts: new Set(), follows: new Set(), profile: null };
  for (const e of events) {
    if (e.uid !== uid) throw new RangeError(`An event of ${e.uid} in a batch of ${uid}.`);
    if (e.kind === 'activity') {
      const befores = work.reps.get(e.repId) ?? [];
      if (e.before) befores.push(e.before);
      work.reps.set(e.repId, befores);
    } else if (e.kind === 'post') work.posts.add(e.postId);
    else if (e.kind === 'follow') work.follows.add(e.target);
    else if (e.changed === undefined || work.profile === 'all') work.profile = 'all';
    else work.profile = new Set([...(work.profile ?? []), ...e.changed]);
  }
  return work;
}

/** Items per transaction: a feed item and a deletion marker each, well under 500 writes. */
const ITEM_CHUNK = 200;

function chunks<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/**
 * All of one user's pending events (one from Cloud Functions, every due one from a runner) as one
 * recompute: each board entry, progress document, top-3 board (board-refresh.ts) and feed item they
 * touch, once. With `minGapMs` writes are paced (pacing.ts): a document already written in the
 * current window is left for the retry the result asks for.
 */
export async function reactUser(
  env: ReactionEnv,
  uid: string,
  events: readonly ReactionEvent[],
  opts: PaceOptions = {},
): Promise<PaceResult> {
  const work = workOf(uid, events);
  const pacer = new Pacer(env.now, opts);
  const touched = (f: string) => work.profile === 'all' || (work.profile?.has(f) ?? false);
  // A time-zone change recounts the progress days; it alone touches nothing else.
  if (touched('timeZone')) await recomputeProgress(env, uid, (docs) => pacer.planTogether(docs));
  const profileForBoards = work.profile === 'all' || [...(work.profile ?? [])].some((f) => f !== 'timeZone');
  if (work.reps.size > 0 || profileForBoards) await recomputeEntries(env, uid, work, pacer, profileForBoards);
  for (const ids of chunks([...work.reps.keys()], ITEM_CHUNK))
    await recomputeFeedItems(env, uid, 'feedActivities', ids, pacer);
  for (const ids of chunks([...work.posts], ITEM_CHUNK))
    await recomputeFeedItems(env, uid, 'feedPosts', ids, pacer);
  if (work.profile !== null) {
    // Boards use the name, the weight and the privacy flag; activity items the name and the
    // flag; post items the name. A weight change (every weight log) touches boards only.
    if (touched('displayName') || touched('hideExerciseInfo'))
      pacer.merge(await syncUserFeed(env, uid, 'feedActivities', opts));
    if (touched('displayName')) {
      pacer.merge(await syncUserFeed(env, uid, 'feedPosts', opts));
      await renameGiven(env, uid);
    }
    // Hidden now: off every board at once, not at the next rollup; activity counts gone, or back.
    if (touched('hideExerciseInfo')) {
      pacer.merge(await removeFromBoards(env, uid, opts));
      pacer.merge(await syncActivityCounts(env, uid, opts));
    }
  }
  // The person's card shows the name and the privacy flag; a follow moves both people's counts.
  const people = work.follows.size > 0 || touched('displayName') || touched('hideExerciseInfo');
  if (people) pacer.merge(await recomputePeople(env, [uid, ...work.follows], opts));
  for (const target of work.follows) await syncFollowNotification(env, uid, target);
  return pacer.result();
}

function horizonOf(doc: DocSnapshot | null): number {
  const t = doc?.data.timestamp;
  return typeof t === 'number' && Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
}

interface EntryRead {
  window: PeriodWindow;
  path: string;
  existing: DocSnapshot | null;
  sums: { activities: number; count: number; time: number; calorieUnits: number };
}

async function sumsIn(tx: Transaction, uid: string, window: { start: number; end: number }) {
  const agg = await tx.aggregate(reactionQueries.repsInWindow(uid, window.start, window.end), {
    count: true,
    sum: [...PERIOD_SUM_FIELDS],
  });
  return {
    activities: agg.count,
    count: numberOr0(agg.sum.count),
    time: numberOr0(agg.sum.time),
    calorieUnits: numberOr0(agg.sum.calorieUnits),
  };
}

/**
 * Reads each window's aggregate and current entry (reads only, so they can precede writes). A
 * week or month holding more than a day's worth is read again day by day, each day capped to a
 * day's worth (caps.ts `cappedDaySums`; rare: only a user beyond a day's cap in the whole window).
 */
async function readEntries(
  tx: Transaction,
  uid: string,
  windows: readonly PeriodWindow[],
  weight: number | undefined,
  timeZone: string,
): Promise<EntryRead[]> {
  return Promise.all(
    windows.map(async (window) => {
      const path = paths.boardEntry(window.key, uid);
      const [whole, existing] = await Promise.all([sumsIn(tx, uid, window), tx.get(path)]);
      if (window.kind === 'daily' || !exceedsADay(whole, weight))
        return { window, path, existing, sums: whole };
      const days = await Promise.all(dayWindowsOf(window, timeZone).map((day) => sumsIn(tx, uid, day)));
      return {
        window,
        path,
        existing,
        sums: { activities: whole.activities, ...cappedDaySums(days, weight) },
      };
    }),
  );
}

/**
 * The user's board entries, recomputed from the aggregates: every live window an activity of the
 * batch is in (or was in before its edit), and on a profile change every live entry the user has;
 * and the days and records of their progress documents that the batch's activities touch. Then
 * the boards of the current periods those entries can change.
 */
async function recomputeEntries(
  env: ReactionEnv,
  uid: string,
  work: UserWork,
  pacer: Pacer,
  profileChanged: boolean,
): Promise<void> {
  const current = currentWindows(env.now, env.timeZone);
  const touched = await env.store.transact(async (tx): Promise<CurrentEntry[]> => {
    const ids = [...work.reps.keys()];
    const [user, existing, ...reps] = await Promise.all([
      readUser(tx, uid),
      profileChanged ? tx.query(reactionQueries.userBoardEntries(uid)) : Promise.resolve([]),
      ...ids.map((id) => tx.get(paths.rep(uid, id))),
    ]);
    if (!user) return [];
    const { person, profile } = user;
    // The payload's `before` only says which windows to look at; the aggregate is the truth.
    const befores = [...work.reps.values()].flat();
    const timestamps = [...reps.map((r) => r?.data.timestamp), ...befores.map((b) => b.timestamp)];
    const windows = new Map<string, PeriodWindow>();
    for (const w of liveWindows(env.now, env.timeZone, timestamps)) windows.set(w.key, w);
    for (const e of existing) {
      const key = e.data.periodKey;
      if (typeof key !== 'string' || windows.has(key)) continue;
      try {
        const w = windowForKey(key, env.timeZone);
        if (isLiveKey(w.kind, w.key, current)) windows.set(key, w);
      } catch {
        // A malformed key names no window: expiry or the rebuild removes the entry.
      }
    }
    const entries = await readEntries(tx, uid, [...windows.values()], person.weight, env.timeZone);
    const progressOps =
      ids.length > 0
        ? await progressWrite(
            tx,
            env,
            uid,
            profile,
            [...reps.map((r) => r?.data), ...befores],
            (docs) => pacer.planTogether(docs),
            ids.map((id, i) => ({ id, data: reps[i]?.data ?? null })),
          )
        : [];
    const touched: CurrentEntry[] = [];
    for (const r of entries) {
      const desired = boardEntryDoc(uid, r.window, r.sums, person);
      const { op, heldBack } = pacer.planOrHold(r.path, r.existing, desired);
      if (op) tx.write(op);
      // Written or already current: its board may need it now (held back: the retry sees to it).
      if (!heldBack && r.window.key === current[r.window.kind].key)
        touched.push({
          kind: r.window.kind,
          key: r.window.key,
          entry: op ? desired : (r.existing?.data ?? null),
        });
    }
    for (const op of progressOps) tx.write(op);
    return touched;
  });
  await refreshBoards(env, uid, touched, pacer);
}

/**
 * The named items of one feed, each from its source as it is now (gone, hidden, past the horizon:
 * none). An item whose source is gone is marked for the rollup's sweep of its kudos, comments,
 * counts and notifications, and one back under its id (Undo) recounted and unmarked, each in a
 * transaction of its own (item-deletion.ts); nothing for a deleted account (its cascade removes it
 * all).
 */
async function recomputeFeedItems(
  env: ReactionEnv,
  uid: string,
  feed: FeedCollection,
  ids: readonly string[],
  pacer: Pacer,
): Promise<void> {
  const { source, item: itemPath, doc } = FEEDS[feed];
  const back = await env.store.transact(async (tx): Promise<string[]> => {
    const [user, horizon, ...docs] = await Promise.all([
      readUser(tx, uid),
      tx.get(reactionPaths.feedHorizon(feed)),
      ...ids.flatMap((id) => [
        tx.get(source(uid, id)),
        tx.get(itemPath(uid, id)),
        tx.get(paths.itemDeletion(feed, uid, id)),
      ]),
    ]);
    if (!user) return [];
    const seen = ids.map((_, i) => ({
      src: docs[3 * i] ?? null,
      item: docs[3 * i + 1] ?? null,
      marker: !!docs[3 * i + 2],
    }));
    // Kudos or comments decide only for a gone item with neither feed item nor marker (hidden,
    // expired): its counts are not enough, a hider's activities have none.
    const stats = await Promise.all(
      seen.map(({ src, item, marker }, i) =>
        needsStats({ source: !!src, item: !!item, marker })
          ? countSocial(tx, feed, uid, ids[i] as string).then((n) => n.kudos + n.comments > 0)
          : false,
      ),
    );
    ids.forEach((id, i) => {
      const { src, item, marker } = seen[i] as (typeof seen)[number];
      const desired =
        src && numberOr0(src.data.timestamp) >= horizonOf(horizon)
          ? doc(uid, id, src.data, user.person)
          : null;
      const op = pacer.plan(itemPath(uid, id), item, desired);
      if (op) tx.write(op);
      // Not paced: written once per delete; the sweep or an Undo (reactItemBack) removes it.
      const seenNow = { source: !!src, item: !!item, marker, stats: stats[i] === true };
      const mark = itemDeletionWrite(feed, uid, id, seenNow, env.now);
      if (mark) tx.write(mark);
    });
    return ids.filter((_, i) => seen[i]?.src && seen[i]?.marker);
  });
  // Outside the chunk's transaction: up to 2 x KUDOS_NAMES_SHOWN notifications each. The marker
  // stays until this is done, so a failed or paced run is redone by the retry (or the sweep).
  for (const id of back) await reactItemBack(env, feed, uid, id, pacer);
}

/**
 * Brings one user's items of one feed in line with the source: the user's activities (while
 * visible) or posts at or after the feed's horizon, with the current display name. Bounded: reads
 * at most USER_FEED_LIMIT sources and items (the whole feed keeps FEED_KEEP).
 */
export async function syncUserFeed(
  env: ReactionEnv,
  uid: string,
  feed: FeedCollection,
  opts: PaceOptions = {},
): Promise<PaceResult> {
  const pacer = new Pacer(env.now, opts);
  const { sources: sourcesOf, item: itemPath, doc } = FEEDS[feed];
  await env.store.transact(async (tx) => {
    const [user, horizonDoc, items] = await Promise.all([
      readUser(tx, uid),
      tx.get(reactionPaths.feedHorizon(feed)),
      tx.query(reactionQueries.userFeedItems(feed, uid)),
    ]);
    if (!user) return;
    const horizon = horizonOf(horizonDoc);
    const sources = await tx.query(
      reactionQueries.userSourcesSince(sourcesOf(uid), Number.isFinite(horizon) ? horizon : 0),
    );
    const truncated = sources.length >= USER_FEED_LIMIT;
    const oldestRead = truncated
      ? numberOr0(sources[sources.length - 1]?.data.timestamp)
      : Number.NEGATIVE_INFINITY;

    const desired = new Map<string, DocData | null>();
    for (const s of sources) desired.set(itemPath(uid, s.id), doc(uid, s.id, s.data, user.person));
    const byPath = new Map(items.map((i) => [i.path, i] as const));
    for (const item of items) {
      if (desired.has(item.path)) continue;
      // Older than what this bounded read reached: leave it to its own events and to expiry.
      if (truncated && numberOr0(item.data.timestamp) <= oldestRead) continue;
      desired.set(item.path, null);
    }
    for (const [path, want] of desired) {
      const op = pacer.plan(path, byPath.get(path) ?? null, want);
      if (op) tx.write(op);
    }
  });
  return pacer.result();
}
