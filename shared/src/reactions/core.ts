/**
 * The building blocks of every reaction: who a user is right now (from the profile and the
 * tombstone, never from an event payload), what each projection should hold given the source, and
 * "write only if newer" (`asOf`). No I/O of its own (`readUser` reads through the caller's
 * transaction or store), no clock (`now` comes from the caller).
 */

import { valuesEqual } from '../../firestore/semantics.ts';
import { BOARD_KINDS, type BoardKind, paths, UNKNOWN_USER_NAME } from '../model.ts';
import { currentWindows, type PeriodWindow, periodWindow } from '../periods.ts';
import type { DocData, DocSnapshot, DocumentReader, ReactionStore, WriteOp } from '../store.ts';
import { isBlank } from '../text.ts';
import { numberOr0, totalsFromSums } from '../totals.ts';

import { clampTotals } from './caps.ts';
import { type FeedCollection, KEY_PREFIX } from './queries.ts';

export interface ReactionEnv {
  store: ReactionStore;
  /** Epoch ms of this run: the reactions read no clock. */
  now: number;
  /** The community time zone of leaderboard periods (IANA). */
  timeZone: string;
  /** Items each feed keeps before expiry (default FEED_KEEP = 100); small values exercise expiry in tests. */
  feedKeep?: number;
}

/** Documents only the reactions use (clients have no access: the rules' default deny). */
export const reactionPaths = {
  feedHorizons: 'feedHorizons',
  /** `{ timestamp }`: items of the feed older than this are expired and never re-created. */
  feedHorizon: (feed: FeedCollection) => `feedHorizons/${feed}`,
} as const;

/** The author as the projections show them, read from the profile as it is now. */
export interface Person {
  uid: string;
  userName: string;
  /** currentWeight when known (> 0); calories use 155 otherwise. */
  weight: number | undefined;
  /** false while the profile has hideExerciseInfo true. */
  visible: boolean;
}

export function displayNameOf(profile: DocData | null | undefined): string {
  const name = profile?.displayName;
  return typeof name === 'string' && !isBlank(name) ? name.trim() : UNKNOWN_USER_NAME;
}

function personOf(uid: string, profile: DocData | null | undefined): Person {
  const w = profile?.currentWeight;
  return {
    uid,
    userName: displayNameOf(profile),
    weight: typeof w === 'number' && Number.isFinite(w) && w > 0 ? w : undefined,
    visible: profile?.hideExerciseInfo !== true,
  };
}

/**
 * The user as every reaction reads them, inside its own transaction (or from the store for the
 * rebuild): null once tombstoned (a deleted account gets no projection written again), otherwise
 * who they are now and their profile as stored.
 */
export async function readUser(
  reader: Pick<DocumentReader, 'get'>,
  uid: string,
): Promise<{ person: Person; profile: DocData | undefined } | null> {
  const [tombstone, profile] = await Promise.all([
    reader.get(paths.tombstone(uid)),
    reader.get(paths.user(uid)),
  ]);
  return tombstone ? null : { person: personOf(uid, profile?.data), profile: profile?.data };
}

function isTimestamp(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** The uid of a path under `users/{uid}/...`. */
export function uidOfPath(path: string): string {
  return path.split('/')[1] ?? '';
}

// ---- desired projections ----

export function feedActivityDoc(uid: string, repId: string, rep: DocData, person: Person): DocData | null {
  if (!person.visible || !isTimestamp(rep.timestamp) || typeof rep.activityType !== 'string') return null;
  return {
    uid,
    repId,
    userName: person.userName,
    activityType: rep.activityType,
    count: numberOr0(rep.count),
    time: numberOr0(rep.time),
    timestamp: rep.timestamp,
  };
}

export function feedPostDoc(uid: string, postId: string, post: DocData, person: Person): DocData | null {
  if (!isTimestamp(post.timestamp) || typeof post.message !== 'string') return null;
  return { uid, postId, userName: person.userName, message: post.message, timestamp: post.timestamp };
}

/** Each feed with its source: where the sources and the items live, and what an item holds. */
export const FEEDS: Record<
  FeedCollection,
  {
    sources: (uid: string) => string;
    source: (uid: string, id: string) => string;
    item: (uid: string, id: string) => string;
    doc: (uid: string, id: string, source: DocData, person: Person) => DocData | null;
  }
> = {
  feedActivities: { sources: paths.reps, source: paths.rep, item: paths.feedActivity, doc: feedActivityDoc },
  feedPosts: { sources: paths.posts, source: paths.post, item: paths.feedPost, doc: feedPostDoc },
};

export interface WindowSums {
  /** How many activities fall in the window (0: no entry). */
  activities: number;
  count: number;
  time: number;
  calorieUnits: number;
}

export function boardEntryDoc(
  uid: string,
  window: PeriodWindow,
  sums: WindowSums,
  person: Person,
): DocData | null {
  if (sums.activities === 0) return null;
  // Clamped to what a body can do in the window (caps.ts): however many records add up.
  const totals = clampTotals(
    totalsFromSums({ count: sums.count, time: sums.time, calorieUnits: sums.calorieUnits }, person.weight),
    window,
  );
  return {
    uid,
    periodKey: window.key,
    kind: window.kind,
    userName: person.userName,
    reps: totals.reps,
    minutes: totals.minutes,
    calories: totals.calories,
    visible: person.visible,
  };
}

// ---- windows ----

/** Whether a period key is the current one of its kind or later (keys of one kind sort by date). */
export function isLiveKey(kind: BoardKind, key: string, current: Record<BoardKind, PeriodWindow>): boolean {
  return key.startsWith(KEY_PREFIX[kind]) && key >= current[kind].key;
}

/**
 * The windows whose entries a change can affect: the current day, week and month, plus any later
 * window an activity's timestamp (old or new) falls in. Ended windows are left to expiry: nothing
 * shows them.
 */
export function liveWindows(now: number, timeZone: string, timestamps: readonly unknown[]): PeriodWindow[] {
  const current = currentWindows(now, timeZone);
  const out = new Map<string, PeriodWindow>();
  for (const kind of BOARD_KINDS) out.set(current[kind].key, current[kind]);
  for (const t of timestamps) {
    if (!isTimestamp(t)) continue;
    for (const kind of BOARD_KINDS) {
      const w = periodWindow(kind, t, timeZone);
      if (isLiveKey(kind, w.key, current)) out.set(w.key, w);
    }
  }
  return [...out.values()];
}

// ---- write only if newer ----

/** Equal apart from `asOf` (projections) or `computedAt` (boards). */
export function sameProjection(a: DocData, b: DocData): boolean {
  const strip = (d: DocData) => {
    const { asOf: _a, computedAt: _c, ...rest } = d;
    return rest;
  };
  return valuesEqual(strip(a), strip(b));
}

function asOfOf(doc: DocSnapshot | null): number {
  return typeof doc?.data.asOf === 'number' ? doc.data.asOf : Number.NEGATIVE_INFINITY;
}

/**
 * The write that brings `path` from `existing` to `desired` (null = absent), stamped `asOf: now`,
 * or null when nothing needs writing: already equal, or what is there was computed later than now.
 */
export function planWrite(
  path: string,
  existing: DocSnapshot | null,
  desired: DocData | null,
  now: number,
): WriteOp | null {
  if (existing && asOfOf(existing) > now) return null;
  if (desired === null) return existing ? { kind: 'delete', path } : null;
  if (existing && sameProjection(existing.data, desired)) return null;
  return { kind: 'set', path, data: { ...desired, asOf: now } };
}
