/**
 * The progress projection, `progress/{uid}` (owner-readable, written only here): per local day
 * totals in the user's own time zone (the heat map, streaks, the weekly chart) and personal records
 * per activity. One document per user, so the dashboard's progress costs one read whatever the
 * length of the history.
 *
 * Like every reaction it re-reads the source: the affected days' aggregates over the user's
 * activities, and for each affected activity type the top entry of each record kind (ordered
 * query, limit 1). When the profile's time zone changes (or the document was computed in another
 * zone) the days are recomputed from all of the user's activities, in bounded pages.
 */

import { cursorOf } from '../../firestore/semantics.ts';
import { paths } from '../model.ts';
import { addDays, isValidTimeZone, localDate, startOfLocalDay } from '../periods.ts';
import {
  type ActivityRecords,
  type DayTotal,
  dayTotalsOf,
  type ProgressDoc,
  type ProgressEntry,
  personalRecords,
  RECORD_KINDS,
  type RecordKind,
  type StoredBest,
  type StoredDay,
} from '../progress.ts';
import type { DocData, DocSnapshot, Transaction, WriteOp } from '../store.ts';
import { numberOr0 } from '../totals.ts';
import { planWrite, type ReactionEnv } from './core.ts';
import { PAGE_SIZE, progressQueries, RECORD_FIELDS } from './queries.ts';

/** The zone a user's days are counted in: their profile's, or UTC while none (or a bad one) is set. */
export function progressZone(profile: DocData | null | undefined): string {
  const zone = profile?.timeZone;
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : 'UTC';
}

export function entryOf(doc: DocSnapshot): ProgressEntry | null {
  const d = doc.data;
  if (typeof d.activityType !== 'string' || typeof d.timestamp !== 'number') return null;
  return {
    id: doc.id,
    activityType: d.activityType,
    timestamp: d.timestamp,
    count: numberOr0(d.count),
    time: numberOr0(d.time),
    weightLifted: numberOr0(d.weightLifted),
    calorieUnits: numberOr0(d.calorieUnits),
  };
}

function storedDay(day: DayTotal): StoredDay {
  return [day.minutes, day.reps, day.calorieUnits, day.entries];
}

function storedRecords(records: ActivityRecords): Partial<Record<RecordKind, StoredBest>> {
  const out: Partial<Record<RecordKind, StoredBest>> = {};
  for (const kind of RECORD_KINDS) {
    const best = records[kind];
    if (best) out[kind] = [best.value, best.timestamp, best.id];
  }
  return out;
}

/** The whole projection from a user's activities (the rebuild, and a time-zone change). */
export function progressDocOf(
  uid: string,
  entries: readonly ProgressEntry[],
  timeZone: string,
): ProgressDoc | null {
  if (entries.length === 0) return null;
  const days: Record<string, StoredDay> = {};
  for (const [date, day] of [...dayTotalsOf(entries, timeZone)].sort(([a], [b]) => (a < b ? -1 : 1)))
    days[date] = storedDay(day);
  const records: ProgressDoc['records'] = {};
  for (const [type, r] of [...personalRecords(entries)].sort(([a], [b]) => (a < b ? -1 : 1)))
    records[type] = storedRecords(r);
  return { uid, timeZone, days, records };
}

async function readAllEntries(tx: Transaction, uid: string): Promise<ProgressEntry[]> {
  const entries: ProgressEntry[] = [];
  let spec = progressQueries.allReps(uid);
  for (;;) {
    const docs = await tx.query(spec);
    for (const doc of docs) {
      const e = entryOf(doc);
      if (e) entries.push(e);
    }
    const last = docs[docs.length - 1];
    if (!last || docs.length < PAGE_SIZE) return entries;
    spec = progressQueries.allReps(uid, cursorOf(last, spec));
  }
}

async function readDay(
  tx: Transaction,
  uid: string,
  date: string,
  timeZone: string,
): Promise<StoredDay | null> {
  const start = startOfLocalDay(date, timeZone);
  const end = startOfLocalDay(addDays(date, 1), timeZone);
  const agg = await tx.aggregate(
    {
      collection: paths.reps(uid),
      where: [
        { field: 'timestamp', op: '>=', value: start },
        { field: 'timestamp', op: '<', value: end },
      ],
    },
    { count: true, sum: ['time', 'count', 'calorieUnits'] },
  );
  if (agg.count === 0) return null;
  return [numberOr0(agg.sum.time), numberOr0(agg.sum.count), numberOr0(agg.sum.calorieUnits), agg.count];
}

async function readRecords(
  tx: Transaction,
  uid: string,
  activityType: string,
): Promise<Partial<Record<RecordKind, StoredBest>>> {
  const out: Partial<Record<RecordKind, StoredBest>> = {};
  const tops = await Promise.all(
    RECORD_KINDS.map((kind) => tx.query(progressQueries.topOf(uid, activityType, kind))),
  );
  RECORD_KINDS.forEach((kind, i) => {
    const top = tops[i]?.[0];
    const entry = top ? entryOf(top) : null;
    const value = entry ? numberOr0(top?.data[RECORD_FIELDS[kind]]) : 0;
    if (entry && value > 0) out[kind] = [value, entry.timestamp, entry.id];
  });
  return out;
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** How a caller turns (path, stored, desired) into a write: planWrite, or a pacing one (pacing.ts). */
export type PlanWrite = (
  path: string,
  existing: DocSnapshot | null,
  desired: DocData | null,
) => WriteOp | null;

/**
 * After writes to activities: the days and activity types they were in before and are in now
 * (`sources`: each activity as it is and as it was) are re-read; everything else is kept. Inside
 * the caller's transaction, after its other reads.
 */
export async function progressWrite(
  tx: Transaction,
  env: ReactionEnv,
  uid: string,
  profile: DocData | null | undefined,
  sources: readonly (DocData | null | undefined)[],
  plan: PlanWrite = (path, existing, desired) => planWrite(path, existing, desired, env.now),
): Promise<WriteOp | null> {
  const path = paths.progress(uid);
  const existing = await tx.get(path);
  const timeZone = progressZone(profile);
  const stored = existing?.data as Partial<ProgressDoc> | undefined;
  let desired: ProgressDoc | null;
  if (!stored || stored.timeZone !== timeZone) {
    desired = progressDocOf(uid, await readAllEntries(tx, uid), timeZone);
  } else {
    const days = { ...(stored.days ?? {}) };
    const records = { ...(stored.records ?? {}) };
    const dates = new Set<string>();
    const types = new Set<string>();
    for (const d of sources) {
      if (!d) continue;
      if (typeof d.timestamp === 'number' && Number.isFinite(d.timestamp))
        dates.add(localDate(d.timestamp, timeZone));
      if (typeof d.activityType === 'string') types.add(d.activityType);
    }
    const [dayReads, recordReads] = await Promise.all([
      Promise.all([...dates].map((date) => readDay(tx, uid, date, timeZone))),
      Promise.all([...types].map((type) => readRecords(tx, uid, type))),
    ]);
    [...dates].forEach((date, i) => {
      const day = dayReads[i];
      if (day) days[date] = day;
      else delete days[date];
    });
    [...types].forEach((type, i) => {
      const r = recordReads[i] ?? {};
      if (Object.keys(r).length > 0) records[type] = r;
      else delete records[type];
    });
    desired =
      Object.keys(days).length === 0 && Object.keys(records).length === 0
        ? null
        : { uid, timeZone, days: sortedKeys(days), records: sortedKeys(records) };
  }
  return plan(path, existing, desired as DocData | null);
}

/** A full recompute for one user (a time-zone change), in its own transaction. */
export async function recomputeProgress(
  env: ReactionEnv,
  uid: string,
  plan: PlanWrite = (path, existing, desired) => planWrite(path, existing, desired, env.now),
): Promise<void> {
  await env.store.transact(async (tx) => {
    const [tombstone, profile, existing] = await Promise.all([
      tx.get(paths.tombstone(uid)),
      tx.get(paths.user(uid)),
      tx.get(paths.progress(uid)),
    ]);
    if (tombstone) return;
    const desired = progressDocOf(uid, await readAllEntries(tx, uid), progressZone(profile?.data));
    const op = plan(paths.progress(uid), existing, desired as DocData | null);
    if (op) tx.write(op);
  });
}
