/**
 * The progress projection (owner-readable, written only here), split by calendar year of the
 * user's own zone so that a change re-sends one year, not the whole history:
 *
 * - `progress/{uid}/years/{yyyy}`: per local day totals (the heat map, the weekly chart, streaks);
 * - `progress/{uid}`, the summary: personal records per activity, the zone of the days, and each
 *   year's streak inputs (so streaks never need the days of years the dashboard does not read).
 *
 * The dashboard reads the summary and the years its heat map covers: three documents (four for a
 * few days around New Year), whatever the length of the history.
 *
 * Like every reaction it re-reads the source: the affected days' aggregates over the user's
 * activities, and for each affected activity type the top entry of each record kind (ordered
 * query, limit 1); it writes the years those days are in, and the summary when it changed. When
 * the profile's time zone changes (or the summary was computed in another zone, or is the old
 * single document with every day in it) every year is recounted from all of the user's
 * activities, in bounded pages.
 */

import { cursorOf } from '../../firestore/semantics.ts';
import { paths } from '../model.ts';
import { addDays, localDate, startOfLocalDay } from '../periods.ts';
import {
  type ActivityRecords,
  beats,
  COMPUTED_RECORD_KINDS,
  type DayTotal,
  dayTotalsOf,
  type PersonalBest,
  type ProgressEntry,
  type ProgressSummary,
  type ProgressYear,
  personalRecords,
  progressZone,
  QUERIED_RECORD_KINDS,
  RECORD_KINDS,
  type RecordKind,
  recordValue,
  type StoredBest,
  type StoredDay,
  type YearRuns,
  yearKeyOf,
  yearRunsOf,
} from '../progress.ts';
import { consistentSets } from '../sets.ts';
import type { DocData, DocSnapshot, Transaction, WriteOp } from '../store.ts';
import { numberOr0 } from '../totals.ts';
import { planWrite, type ReactionEnv } from './core.ts';
import type { PlannedDoc } from './pacing.ts';
import { PAGE_SIZE, progressQueries, RECORD_FIELDS } from './queries.ts';

export function entryOf(doc: DocSnapshot): ProgressEntry | null {
  const d = doc.data;
  if (typeof d.activityType !== 'string' || typeof d.timestamp !== 'number') return null;
  const sets = consistentSets(d);
  return {
    id: doc.id,
    activityType: d.activityType,
    timestamp: d.timestamp,
    count: numberOr0(d.count),
    time: numberOr0(d.time),
    weightLifted: numberOr0(d.weightLifted),
    distance: numberOr0(d.distance),
    ...(sets ? { sets } : {}),
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

/** The projection's documents: the summary, and each year with activity by its `YYYY`. */
export interface ProgressDocs {
  summary: ProgressSummary;
  years: Map<string, ProgressYear>;
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A year's streak inputs from its stored days (keys `MM-DD`). */
function runsOfYear(year: string, days: Record<string, StoredDay>): YearRuns | null {
  return yearRunsOf(
    Number(year),
    Object.keys(days).map((key) => `${year}-${key}`),
  );
}

function summaryOf(
  uid: string,
  timeZone: string,
  records: ProgressSummary['records'],
  years: ProgressSummary['years'],
): ProgressSummary | null {
  if (Object.keys(records).length === 0 && Object.keys(years).length === 0) return null;
  return { uid, timeZone, records: sortedKeys(records), years: sortedKeys(years) };
}

/** The whole projection from a user's activities (the rebuild, and a recount). */
export function progressDocsOf(
  uid: string,
  entries: readonly ProgressEntry[],
  timeZone: string,
): ProgressDocs | null {
  if (entries.length === 0) return null;
  const days = new Map<string, Record<string, StoredDay>>();
  for (const [date, day] of [...dayTotalsOf(entries, timeZone)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const { year, key } = yearKeyOf(date);
    const yearDays = days.get(year) ?? {};
    yearDays[key] = storedDay(day);
    days.set(year, yearDays);
  }
  const records: ProgressSummary['records'] = {};
  for (const [type, r] of personalRecords(entries)) records[type] = storedRecords(r);
  const runs: ProgressSummary['years'] = {};
  const years = new Map<string, ProgressYear>();
  for (const [year, yearDays] of days) {
    const r = runsOfYear(year, yearDays);
    if (r) runs[year] = r;
    years.set(year, { uid, days: yearDays });
  }
  const summary = summaryOf(uid, timeZone, records, runs);
  return summary ? { summary, years } : null;
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
    QUERIED_RECORD_KINDS.map((kind) => tx.query(progressQueries.topOf(uid, activityType, kind))),
  );
  QUERIED_RECORD_KINDS.forEach((kind, i) => {
    const top = tops[i]?.[0];
    const entry = top ? entryOf(top) : null;
    const value = entry ? numberOr0(top?.data[RECORD_FIELDS[kind]]) : 0;
    if (entry && value > 0) out[kind] = [value, entry.timestamp, entry.id];
  });
  return out;
}

/** An activity written in this batch, as it is now (null: deleted), by its id. */
export interface ChangedRep {
  id: string;
  data: DocData | null | undefined;
}

/**
 * The computed records of one activity type (paces, volume, one-rep max: no query orders by them): the stored best,
 * beaten by any entry changed now; when the entry holding a record changed (edited, deleted), that
 * record is counted again from all of the type's entries (`all`, read once, only then).
 */
async function computedRecords(
  type: string,
  held: Partial<Record<RecordKind, StoredBest>>,
  changed: readonly ChangedRep[],
  all: () => Promise<ProgressEntry[]>,
): Promise<Partial<Record<RecordKind, StoredBest>>> {
  const out: Partial<Record<RecordKind, StoredBest>> = {};
  const ids = new Set(changed.map((c) => c.id));
  for (const kind of COMPUTED_RECORD_KINDS) {
    const stored = held[kind];
    let best: PersonalBest | undefined;
    if (stored && ids.has(stored[2])) {
      best = personalRecords((await all()).filter((e) => e.activityType === type)).get(type)?.[kind];
    } else {
      best = stored ? { value: stored[0], timestamp: stored[1], id: stored[2] } : undefined;
      for (const c of changed) {
        const entry = c.data ? entryOf({ id: c.id, path: '', data: c.data }) : null;
        const value = entry?.activityType === type ? recordValue(kind, entry) : undefined;
        if (!entry || value === undefined) continue;
        const candidate = { value, timestamp: entry.timestamp, id: entry.id };
        if (beats(candidate, best)) best = candidate;
      }
    }
    if (best) out[kind] = [best.value, best.timestamp, best.id];
  }
  return out;
}

/**
 * How a caller turns the documents into writes: planWrite each (unpaced), or the pacer's
 * planTogether (pacing.ts), which holds them all back when one of them is.
 */
export type PlanDocs = (docs: readonly PlannedDoc[]) => WriteOp[];

function planEach(env: ReactionEnv): PlanDocs {
  return (docs) => docs.flatMap((d) => planWrite(d.path, d.existing, d.desired, env.now) ?? []);
}

/** Whether a stored summary can be updated in part: this layout, in this zone. */
function isCurrentSummary(stored: DocData | undefined, timeZone: string): boolean {
  return (
    stored !== undefined &&
    stored.timeZone === timeZone &&
    !('days' in stored) && // the old single document: recounted into years
    typeof stored.years === 'object' &&
    stored.years !== null
  );
}

/**
 * Every document of the user's projection from all of their activities, beside what is stored
 * (year documents no longer needed are deleted).
 */
async function recountAll(
  tx: Transaction,
  uid: string,
  timeZone: string,
  summary: DocSnapshot | null,
): Promise<PlannedDoc[]> {
  const [entries, storedYears] = await Promise.all([
    readAllEntries(tx, uid),
    tx.query(progressQueries.years(uid)),
  ]);
  const desired = progressDocsOf(uid, entries, timeZone);
  const docs: PlannedDoc[] = [
    { path: paths.progress(uid), existing: summary, desired: (desired?.summary ?? null) as DocData | null },
  ];
  const stored = new Map(storedYears.map((d) => [d.id, d] as const));
  for (const year of new Set([...stored.keys(), ...(desired?.years.keys() ?? [])]))
    docs.push({
      path: paths.progressYear(uid, year),
      existing: stored.get(year) ?? null,
      desired: (desired?.years.get(year) ?? null) as DocData | null,
    });
  return docs;
}

/**
 * After writes to activities: the days and activity types they were in before and are in now
 * (`sources`: each activity as it is and as it was) are re-read; everything else is kept. Writes
 * the year documents of those days and the summary, when they changed. Inside the caller's
 * transaction, after its other reads.
 */
export async function progressWrite(
  tx: Transaction,
  env: ReactionEnv,
  uid: string,
  profile: DocData | null | undefined,
  sources: readonly (DocData | null | undefined)[],
  plan: PlanDocs = planEach(env),
  /** The batch's activities as they are now, with their ids (the computed records need them). */
  changed: readonly ChangedRep[] = [],
): Promise<WriteOp[]> {
  const summaryPath = paths.progress(uid);
  const existing = await tx.get(summaryPath);
  const timeZone = progressZone(profile);
  if (!isCurrentSummary(existing?.data, timeZone)) return plan(await recountAll(tx, uid, timeZone, existing));
  const stored = existing?.data as Partial<ProgressSummary>;
  const records = { ...(stored.records ?? {}) };
  const runs = { ...(stored.years ?? {}) };
  const dates = new Set<string>();
  const types = new Set<string>();
  for (const d of sources) {
    if (!d) continue;
    if (typeof d.timestamp === 'number' && Number.isFinite(d.timestamp))
      dates.add(localDate(d.timestamp, timeZone));
    if (typeof d.activityType === 'string') types.add(d.activityType);
  }
  const years = [...new Set([...dates].map((date) => yearKeyOf(date).year))];
  const [yearDocs, dayReads, recordReads] = await Promise.all([
    Promise.all(years.map((year) => tx.get(paths.progressYear(uid, year)))),
    Promise.all([...dates].map((date) => readDay(tx, uid, date, timeZone))),
    Promise.all([...types].map((type) => readRecords(tx, uid, type))),
  ]);
  let allEntries: Promise<ProgressEntry[]> | undefined;
  const all = () => {
    allEntries ??= readAllEntries(tx, uid);
    return allEntries;
  };
  const paces = await Promise.all(
    [...types].map((type) => computedRecords(type, records[type] ?? {}, changed, all)),
  );
  [...types].forEach((type, i) => {
    const r = { ...recordReads[i], ...paces[i] };
    if (Object.keys(r).length > 0) records[type] = r;
    else delete records[type];
  });
  const docs: PlannedDoc[] = years.map((year, i) => {
    const doc = yearDocs[i] ?? null;
    const days: Record<string, StoredDay> = { ...((doc?.data.days as Record<string, StoredDay>) ?? {}) };
    [...dates].forEach((date, j) => {
      const { year: y, key } = yearKeyOf(date);
      if (y !== year) return;
      const day = dayReads[j];
      if (day) days[key] = day;
      else delete days[key];
    });
    const r = runsOfYear(year, days);
    if (r) runs[year] = r;
    else delete runs[year];
    const desired: ProgressYear | null = r ? { uid, days: sortedKeys(days) } : null;
    return { path: paths.progressYear(uid, year), existing: doc, desired: desired as DocData | null };
  });
  const summary = summaryOf(uid, timeZone, records, runs);
  return plan([{ path: summaryPath, existing, desired: summary as DocData | null }, ...docs]);
}

/** A full recount for one user (a time-zone change), in its own transaction. */
export async function recomputeProgress(
  env: ReactionEnv,
  uid: string,
  plan: PlanDocs = planEach(env),
): Promise<void> {
  await env.store.transact(async (tx) => {
    const [tombstone, profile, existing] = await Promise.all([
      tx.get(paths.tombstone(uid)),
      tx.get(paths.user(uid)),
      tx.get(paths.progress(uid)),
    ]);
    if (tombstone) return;
    for (const op of plan(await recountAll(tx, uid, progressZone(profile?.data), existing))) tx.write(op);
  });
}
