/**
 * What an import will do, decided before anything is written (the preview), and the writes.
 *
 * "Re-importing adds nothing twice" holds three ways:
 * - content: an entry that matches an entry the user already has (same activity and values at the
 *   precision the file gives its time: exact ms for the archive, the minute or the day for a CSV) is
 *   "already there". Matching is a multiset: three identical sets of Bench Press in the file and one
 *   stored means two to add (identical sets in one day are real training, not duplicates).
 * - id: every added document's id is derived from its content and its occurrence in the file (the
 *   k-th identical row), so writing the same file twice, or retrying after a failed part, writes the
 *   same documents again instead of new ones, and an entry edited since its import stays as edited.
 * - recording: a Strava row or a GPX track is the stored activity of the same kind started the same
 *   second (Strava's export holds a CSV row and a GPX for one activity, with different ids).
 *
 * Writes go in parts of at most 500 (Firestore's batch limit), each all or nothing: a file of up to
 * 500 writes is one commit; a bigger one is several, and if one fails the ones before it stay, and
 * importing the same file again adds only what is missing.
 */

import { MAX_WRITES_PER_COMMIT } from '../firestore/semantics.ts';
import {
  formatLocalMinute,
  type Granularity,
  type ImportRow,
  type ImportSource,
  type Refusal,
} from './archive.ts';
import { calorieUnits } from './formulas.ts';
import type { ActivityRecord, DailyGoal, Post, UserProfile, WeightRecord } from './model.ts';
import { paths } from './model.ts';
import { localDate } from './periods.ts';
import type { DocData, WriteOp } from './store.ts';

export interface Stored<T> {
  readonly id: string;
  readonly value: T;
}

/** What the user has now (read in bounded pages by the caller). */
export interface ExistingData {
  readonly activities: readonly Stored<ActivityRecord>[];
  readonly weights: readonly Stored<WeightRecord>[];
  readonly posts: readonly Stored<Post>[];
  readonly profile: Partial<UserProfile> | null;
  readonly goal: DailyGoal | null;
  readonly preferences: readonly string[] | null;
}

export interface Counts {
  activities: number;
  weights: number;
  posts: number;
}

export interface ImportPlan {
  /** The format the file was recognised as, for people. */
  readonly format: string;
  readonly add: Counts;
  readonly alreadyThere: Counts;
  /** Profile fields the import changes (empty: none). */
  readonly profileFields: (keyof UserProfile)[];
  readonly goal: 'set' | 'same' | 'none';
  readonly preferences: 'set' | 'same' | 'none';
  readonly refused: readonly Refusal[];
  /** The documents to write, without their import time (stamped by `importBatches`). */
  readonly docs: readonly { path: string; data: DocData; merge?: boolean }[];
}

/** cyrb53 (a fast, well-mixed 53-bit string hash): pure and the same in every runtime. */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A document id from content: `imp` + 106 bits of two seeded hashes (collisions need ~2^53 entries). */
export function importId(key: string): string {
  return `imp${hash53(key, 1).toString(36).padStart(11, '0')}${hash53(key, 2).toString(36).padStart(11, '0')}`;
}

/** The time of an entry at a precision: what "the same time" means for a row of that precision. */
function timeKey(timestamp: number, granularity: Granularity, timeZone: string): string {
  if (granularity === 'exact') return `t${timestamp}`;
  if (granularity === 'minute') return `m${Math.floor(timestamp / 60_000)}`;
  return `d${localDate(timestamp, timeZone)}`;
}

/**
 * The time an entry is compared at: as `timeKey`, but a minute is the local wall-clock minute a CSV
 * writes, so that the hour repeated when clocks go back (one text, two instants) still matches.
 * (Ids keep `timeKey`, so the documents earlier imports wrote keep theirs.)
 */
function matchKey(timestamp: number, granularity: Granularity, timeZone: string): string {
  return granularity === 'minute'
    ? `w${formatLocalMinute(timestamp, timeZone)}`
    : timeKey(timestamp, granularity, timeZone);
}

// A distance adds to the key only when there is one: the ids earlier imports wrote stay theirs.
const activityValues = (a: ActivityRecord) =>
  `a|${a.activityType}|${a.count ?? ''}|${a.time ?? ''}|${a.weightLifted ?? ''}${a.distance === undefined ? '' : `|d${a.distance}`}`;
const weightValues = (w: WeightRecord) => `w|${w.weight}`;
const postValues = (p: Post) => `p|${p.message}`;

const GRANULARITIES: readonly Granularity[] = ['exact', 'minute', 'day'];

/**
 * Entries that are one recording each, started to the second: Strava's CSV row and a GPX track
 * (Strava's export holds both for one activity, their distances and minutes a little apart). Not
 * Hevy's: two exercises of one workout can be one catalogue activity with the same start.
 */
const RECORDING_SOURCE = /^(strava|gpx):/;
const sameRecording = (a: ActivityRecord) => `${a.activityType}|s${Math.floor(a.timestamp / 1000)}`;

interface Matched {
  added: { row: number; id: string }[];
  alreadyThere: number;
}

/**
 * Splits rows into already there / to add. First by id (the document a previous import of this
 * file wrote, even if edited since), then by content against the stored entries not yet matched,
 * then a recording from another app by `recording` (its activity and start second).
 */
function match<T extends { timestamp: number }>(
  rows: readonly ImportRow<T>[],
  stored: readonly Stored<T>[],
  values: (v: T) => string,
  timeZone: string,
  recording?: (v: T) => string,
): Matched {
  const storedIds = new Set(stored.map((s) => s.id));
  const used = new Set<string>();
  const occurrences = new Map<string, number>();
  const ids = rows.map((row) => {
    // An entry from another app is its source id: the same export imported again, whatever changed.
    if (row.sourceId !== undefined) return importId(`source|${row.sourceId}`);
    const key = `${values(row.value)}|${timeKey(row.value.timestamp, row.granularity, timeZone)}`;
    const n = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, n);
    return importId(`${key}#${n}`);
  });

  // Stored entries by content at each precision (ids, so one entry is matched once).
  const byKey = new Map<string, string[]>();
  for (const s of stored) {
    for (const g of GRANULARITIES) {
      const key = `${values(s.value)}|${matchKey(s.value.timestamp, g, timeZone)}`;
      const list = byKey.get(key);
      if (list) list.push(s.id);
      else byKey.set(key, [s.id]);
    }
  }

  const open: number[] = [];
  let alreadyThere = 0;
  rows.forEach((_, i) => {
    const id = ids[i] as string;
    if (storedIds.has(id)) {
      used.add(id);
      alreadyThere++;
    } else open.push(i);
  });
  const byRecording = new Map<string, string[]>();
  if (recording)
    for (const s of stored) {
      const key = recording(s.value);
      const list = byRecording.get(key);
      if (list) list.push(s.id);
      else byRecording.set(key, [s.id]);
    }
  const unused = (candidates: string[] | undefined) => {
    while (candidates && candidates.length > 0) {
      const id = candidates.pop() as string;
      if (!used.has(id)) return id;
    }
    return undefined;
  };

  const added: { row: number; id: string }[] = [];
  for (const i of open) {
    const row = rows[i] as ImportRow<T>;
    let found = unused(
      byKey.get(`${values(row.value)}|${matchKey(row.value.timestamp, row.granularity, timeZone)}`),
    );
    if (found === undefined && recording && RECORDING_SOURCE.test(row.sourceId ?? ''))
      found = unused(byRecording.get(recording(row.value)));
    if (found !== undefined) {
      used.add(found);
      alreadyThere++;
    } else added.push({ row: i, id: ids[i] as string });
  }
  return { added, alreadyThere };
}

const PROFILE_WRITABLE: readonly (keyof UserProfile)[] = [
  'displayName',
  'firstName',
  'lastName',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'height',
  'targetWeight',
  'targetDate',
  'hideExerciseInfo',
  'unitSystem',
];

/** '' and 0 are how a profile stores an unknown date or measure: the same as no value at all. */
const sameProfileValue = (value: unknown, current: unknown) =>
  value === current || (current === undefined && (value === '' || value === 0));

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export function planImport(
  source: ImportSource,
  existing: ExistingData,
  /** `email`: the session's (the rules take only the ID token's); null for an account without one. */
  ctx: { uid: string; email: string | null; now: number; timeZone: string },
): ImportPlan {
  const { uid, timeZone } = ctx;
  const docs: { path: string; data: DocData; merge?: boolean }[] = [];

  const acts = match(source.activities, existing.activities, activityValues, timeZone, sameRecording);
  for (const { row, id } of acts.added) {
    const a = (source.activities[row] as ImportRow<ActivityRecord>).value;
    docs.push({ path: paths.rep(uid, id), data: { ...a, calorieUnits: calorieUnits(a) } });
  }
  const weights = match(source.weights, existing.weights, weightValues, timeZone);
  for (const { row, id } of weights.added) {
    const w = (source.weights[row] as ImportRow<WeightRecord>).value;
    docs.push({ path: paths.weightRecord(uid, id), data: { weight: w.weight, timestamp: w.timestamp } });
  }
  const posts = match(source.posts, existing.posts, postValues, timeZone);
  for (const { row, id } of posts.added) {
    const p = (source.posts[row] as ImportRow<Post>).value;
    docs.push({ path: paths.post(uid, id), data: { message: p.message, timestamp: p.timestamp } });
  }

  // The profile: the fields that differ; the current weight follows a newer imported weight (as
  // logging one does).
  const profile: Record<string, unknown> = {};
  const current = existing.profile ?? {};
  for (const field of PROFILE_WRITABLE) {
    const value = source.profile?.[field];
    if (value !== undefined && !sameProfileValue(value, current[field])) profile[field] = value;
  }
  const profileFields = Object.keys(profile) as (keyof UserProfile)[];
  const newestStored = Math.max(-1, ...existing.weights.map((w) => w.value.timestamp));
  let newestAdded: WeightRecord | undefined;
  for (const { row } of weights.added) {
    const w = (source.weights[row] as ImportRow<WeightRecord>).value;
    if (w.timestamp > newestStored && (!newestAdded || w.timestamp > newestAdded.timestamp)) newestAdded = w;
  }
  if (newestAdded && newestAdded.weight !== current.currentWeight) profile.currentWeight = newestAdded.weight;
  if (Object.keys(profile).length > 0) {
    // A missing profile (its creation at sign-up failed) is created with this account's identity:
    // never the archive's uid or email.
    const email = ctx.email === null ? {} : { email: ctx.email };
    const identity = existing.profile ? {} : { userId: uid, ...email, createdAt: ctx.now };
    docs.push({ path: paths.user(uid), data: { ...identity, ...profile }, merge: true });
  }

  let goal: ImportPlan['goal'] = 'none';
  if (source.goal) {
    const same = existing.goal?.target === source.goal.target && existing.goal?.type === source.goal.type;
    goal = same ? 'same' : 'set';
    if (!same)
      docs.push({ path: paths.goal(uid), data: { target: source.goal.target, type: source.goal.type } });
  }
  let preferences: ImportPlan['preferences'] = 'none';
  if (source.preferences) {
    const same = sameList(source.preferences, existing.preferences ?? []);
    preferences = same ? 'same' : 'set';
    if (!same)
      docs.push({ path: paths.activityPreferences(uid), data: { activities: [...source.preferences] } });
  }

  return {
    format: source.format,
    add: { activities: acts.added.length, weights: weights.added.length, posts: posts.added.length },
    alreadyThere: { activities: acts.alreadyThere, weights: weights.alreadyThere, posts: posts.alreadyThere },
    profileFields,
    goal,
    preferences,
    refused: source.refused,
    docs,
  };
}

const STAMPED = /^users\/[^/]+\/(reps|weightRecords|posts)\//;

/**
 * The plan's writes in commits of at most 500, each imported entry stamped `importedAt: now` (the
 * marker that lets the rules accept its past time; `now` must be the time of the commit). Profile,
 * goal and preferences go in the last part, so they are written once the entries are.
 */
export function importBatches(plan: ImportPlan, now: number): WriteOp[][] {
  const writes: WriteOp[] = plan.docs.map((d) =>
    STAMPED.test(d.path)
      ? { kind: 'set', path: d.path, data: { ...d.data, importedAt: now } }
      : { kind: 'set', path: d.path, data: d.data, ...(d.merge ? { merge: true } : {}) },
  );
  const batches: WriteOp[][] = [];
  for (let i = 0; i < writes.length; i += MAX_WRITES_PER_COMMIT)
    batches.push(writes.slice(i, i + MAX_WRITES_PER_COMMIT));
  return batches;
}
