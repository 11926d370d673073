/**
 * Event in -> re-read the source as it is now -> projections written only if newer.
 *
 * Delivery is at least once, in any order, possibly a day late: a reaction never increments and
 * never trusts the event payload. It reads (in one transaction, so a concurrent change cannot slip
 * between the read and the write) the tombstone, the profile, the source document and the
 * aggregate over the user's activities in each affected period, and writes what those give. A
 * duplicate, a delete delivered before its create or a late retry therefore changes nothing.
 */
import { paths } from '../model.ts';
import type { PeriodWindow } from '../periods.ts';
import { currentWindows, windowForKey } from '../periods.ts';
import type { DocData, DocSnapshot, Transaction, WriteOp } from '../store.ts';
import { PERIOD_SUM_FIELDS } from '../totals.ts';
import {
  boardEntryDoc,
  feedActivityDoc,
  feedPostDoc,
  isLiveKey,
  liveWindows,
  numberOr0,
  type Person,
  personOf,
  planWrite,
  type ReactionEnv,
  reactionPaths,
} from './core.ts';
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
  if (s.length === 4 && s[2] === 'posts' && s[3])
    return changed(RELEVANT_FIELDS.posts, before, after) ? { kind: 'post', uid, postId: s[3] } : null;
  return null;
}

export async function react(env: ReactionEnv, event: ReactionEvent): Promise<void> {
  switch (event.kind) {
    case 'activity':
      return reactToActivity(env, event.uid, event.repId, event.before);
    case 'post':
      return reactToPost(env, event.uid, event.postId);
    case 'profile': {
      // Boards use the name, the weight and the privacy flag; activity items the name and the
      // flag; post items the name. A weight change (every weight log) touches boards only.
      const touched = (f: string) => event.changed === undefined || event.changed.includes(f);
      if (touched('timeZone')) await recomputeProgress(env, event.uid);
      if (event.changed?.length === 1 && event.changed[0] === 'timeZone') return;
      await reactToProfileBoards(env, event.uid);
      if (touched('displayName') || touched('hideExerciseInfo'))
        await syncUserFeed(env, event.uid, 'feedActivities');
      if (touched('displayName')) await syncUserFeed(env, event.uid, 'feedPosts');
      return;
    }
  }
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

/** Reads each window's aggregate and current entry (reads only, so they can precede writes). */
async function readEntries(
  tx: Transaction,
  uid: string,
  windows: readonly PeriodWindow[],
): Promise<EntryRead[]> {
  return Promise.all(
    windows.map(async (window) => {
      const path = paths.boardEntry(window.key, uid);
      const [agg, existing] = await Promise.all([
        tx.aggregate(reactionQueries.repsInWindow(uid, window.start, window.end), {
          count: true,
          sum: [...PERIOD_SUM_FIELDS],
        }),
        tx.get(path),
      ]);
      return {
        window,
        path,
        existing,
        sums: {
          activities: agg.count,
          count: numberOr0(agg.sum.count),
          time: numberOr0(agg.sum.time),
          calorieUnits: numberOr0(agg.sum.calorieUnits),
        },
      };
    }),
  );
}

function entryWrites(uid: string, reads: readonly EntryRead[], person: Person, now: number): WriteOp[] {
  const out: WriteOp[] = [];
  for (const r of reads) {
    const op = planWrite(r.path, r.existing, boardEntryDoc(uid, r.window, r.sums, person), now);
    if (op) out.push(op);
  }
  return out;
}

async function reactToActivity(
  env: ReactionEnv,
  uid: string,
  repId: string,
  before: DocData | null,
): Promise<void> {
  await env.store.transact(async (tx) => {
    const repPath = paths.rep(uid, repId);
    const feedPath = paths.feedActivity(uid, repId);
    const [tombstone, profile, rep, horizon, item] = await Promise.all([
      tx.get(paths.tombstone(uid)),
      tx.get(paths.user(uid)),
      tx.get(repPath),
      tx.get(reactionPaths.feedHorizon('feedActivities')),
      tx.get(feedPath),
    ]);
    if (tombstone) return;
    const person = personOf(uid, profile?.data);
    // The payload's `before` only says which windows to look at; the aggregate is the truth.
    const windows = liveWindows(env.now, env.timeZone, [rep?.data.timestamp, before?.timestamp]);
    const entries = await readEntries(tx, uid, windows);

    const desiredItem =
      rep && numberOr0(rep.data.timestamp) >= horizonOf(horizon)
        ? feedActivityDoc(uid, repId, rep.data, person)
        : null;
    const writes = entryWrites(uid, entries, person, env.now);
    const itemOp = planWrite(feedPath, item, desiredItem, env.now);
    if (itemOp) writes.push(itemOp);
    const progressOp = await progressWrite(tx, env, uid, profile?.data, rep?.data ?? null, before);
    if (progressOp) writes.push(progressOp);
    for (const w of writes) tx.write(w);
  });
}

async function reactToPost(env: ReactionEnv, uid: string, postId: string): Promise<void> {
  await env.store.transact(async (tx) => {
    const feedPath = paths.feedPost(uid, postId);
    const [tombstone, profile, post, horizon, item] = await Promise.all([
      tx.get(paths.tombstone(uid)),
      tx.get(paths.user(uid)),
      tx.get(paths.post(uid, postId)),
      tx.get(reactionPaths.feedHorizon('feedPosts')),
      tx.get(feedPath),
    ]);
    if (tombstone) return;
    const person = personOf(uid, profile?.data);
    const desired =
      post && numberOr0(post.data.timestamp) >= horizonOf(horizon)
        ? feedPostDoc(uid, postId, post.data, person)
        : null;
    const op = planWrite(feedPath, item, desired, env.now);
    if (op) tx.write(op);
  });
}

/** A profile change (name, weight, privacy): every live entry of the user, recomputed from source. */
async function reactToProfileBoards(env: ReactionEnv, uid: string): Promise<void> {
  await env.store.transact(async (tx) => {
    const [tombstone, profile, existing] = await Promise.all([
      tx.get(paths.tombstone(uid)),
      tx.get(paths.user(uid)),
      tx.query(reactionQueries.userBoardEntries(uid)),
    ]);
    if (tombstone) return;
    const person = personOf(uid, profile?.data);
    const current = currentWindows(env.now, env.timeZone);
    const windows = new Map<string, PeriodWindow>();
    for (const w of liveWindows(env.now, env.timeZone, [])) windows.set(w.key, w);
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
    const entries = await readEntries(tx, uid, [...windows.values()]);
    for (const w of entryWrites(uid, entries, person, env.now)) tx.write(w);
  });
}

/**
 * Brings one user's items of one feed in line with the source: the user's activities (while
 * visible) or posts at or after the feed's horizon, with the current display name. Bounded: reads
 * at most USER_FEED_LIMIT sources and items (the whole feed keeps FEED_KEEP).
 */
export async function syncUserFeed(env: ReactionEnv, uid: string, feed: FeedCollection): Promise<void> {
  await env.store.transact(async (tx) => {
    const sourceCollection = feed === 'feedActivities' ? paths.reps(uid) : paths.posts(uid);
    const [tombstone, profile, horizonDoc, items] = await Promise.all([
      tx.get(paths.tombstone(uid)),
      tx.get(paths.user(uid)),
      tx.get(reactionPaths.feedHorizon(feed)),
      tx.query(reactionQueries.userFeedItems(feed, uid)),
    ]);
    if (tombstone) return;
    const horizon = horizonOf(horizonDoc);
    const sources = await tx.query(
      reactionQueries.userSourcesSince(sourceCollection, Number.isFinite(horizon) ? horizon : 0),
    );
    const person = personOf(uid, profile?.data);
    const truncated = sources.length >= USER_FEED_LIMIT;
    const oldestRead = truncated
      ? numberOr0(sources[sources.length - 1]?.data.timestamp)
      : Number.NEGATIVE_INFINITY;

    const desired = new Map<string, DocData | null>();
    for (const s of sources) {
      const path = feed === 'feedActivities' ? paths.feedActivity(uid, s.id) : paths.feedPost(uid, s.id);
      desired.set(
        path,
        feed === 'feedActivities'
          ? feedActivityDoc(uid, s.id, s.data, person)
          : feedPostDoc(uid, s.id, s.data, person),
      );
    }
    const byPath = new Map(items.map((i) => [i.path, i] as const));
    for (const item of items) {
      if (desired.has(item.path)) continue;
      // Older than what this bounded read reached: leave it to its own events and to expiry.
      if (truncated && numberOr0(item.data.timestamp) <= oldestRead) continue;
      desired.set(item.path, null);
    }
    for (const [path, doc] of desired) {
      const op = planWrite(path, byPath.get(path) ?? null, doc, env.now);
      if (op) tx.write(op);
    }
  });
}
