/**
 * `progress/{uid}`: the progress projection the reactions keep (day totals in the user's zone,
 * personal records per activity), read with one live document; and the entries behind the history
 * view (one day's activities; one activity's entries over the heat map's year).
 *
 * The user's time zone is saved on the profile (`timeZone`) so that the reactions count days as the
 * user lives them; the browser saves it when it differs (once per showing: useProgress).
 */
import { paths } from '@fit/shared/model';
import {
  bestOf,
  type DayTotal,
  type PersonalBest,
  type ProgressDoc,
  type RecordKind,
} from '@fit/shared/progress';
import type { DocumentStore, LiveDocumentStore, QuerySpec } from '@fit/shared/store';
import { type StoredActivity, toActivity } from './activities.ts';
import type { Listen } from './live-query.ts';

export interface Progress {
  timeZone: string;
  days: Map<string, DayTotal>;
  records: Map<string, Partial<Record<RecordKind, PersonalBest>>>;
}

export const EMPTY_PROGRESS: Progress = { timeZone: 'UTC', days: new Map(), records: new Map() };

function toProgress(data: Partial<ProgressDoc> | undefined): Progress {
  if (!data) return EMPTY_PROGRESS;
  const days = new Map<string, DayTotal>();
  for (const [date, d] of Object.entries(data.days ?? {}))
    if (Array.isArray(d))
      days.set(date, { date, minutes: d[0], reps: d[1], calorieUnits: d[2], entries: d[3] });
  const records = new Map<string, Partial<Record<RecordKind, PersonalBest>>>();
  for (const [type, r] of Object.entries(data.records ?? {})) {
    const out: Partial<Record<RecordKind, PersonalBest>> = {};
    for (const [kind, stored] of Object.entries(r ?? {})) {
      const best = bestOf(stored);
      if (best) out[kind as RecordKind] = best;
    }
    records.set(type, out);
  }
  return { timeZone: typeof data.timeZone === 'string' ? data.timeZone : 'UTC', days, records };
}

export function watchProgress(store: LiveDocumentStore, uid: string): Listen<Progress> {
  return (onNext, onError) =>
    store.listenDoc(
      paths.progress(uid),
      (doc) => onNext(toProgress(doc?.data as Partial<ProgressDoc> | undefined)),
      onError,
    );
}

/** Saves the browser's zone on the profile (merge) when it differs from the stored one. */
export async function saveTimeZone(store: DocumentStore, uid: string, timeZone: string): Promise<void> {
  await store.commit([{ kind: 'set', path: paths.user(uid), data: { timeZone }, merge: true }]);
}

/** At most this many entries of one activity on the heat map (a year of twice-daily sessions). */
export const ACTIVITY_HISTORY_LIMIT = 800;

export function activityHistoryQuery(uid: string, activityType: string, since: number): QuerySpec {
  return {
    collection: paths.reps(uid),
    where: [
      { field: 'activityType', op: '==', value: activityType },
      { field: 'timestamp', op: '>=', value: since },
    ],
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: ACTIVITY_HISTORY_LIMIT,
  };
}

/** One activity's entries since an instant (the heat map filtered by activity). */
export async function activityHistory(
  store: DocumentStore,
  uid: string,
  activityType: string,
  since: number,
): Promise<StoredActivity[]> {
  return (await store.query(activityHistoryQuery(uid, activityType, since))).map(toActivity);
}

export function dayActivitiesQuery(uid: string, start: number, end: number): QuerySpec {
  return {
    collection: paths.reps(uid),
    where: [
      { field: 'timestamp', op: '>=', value: start },
      { field: 'timestamp', op: '<', value: end },
    ],
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
    limit: 200,
  };
}

/** The activities of one local day [start, end) (a heat map cell opened). */
export async function dayActivities(
  store: DocumentStore,
  uid: string,
  start: number,
  end: number,
): Promise<StoredActivity[]> {
  return (await store.query(dayActivitiesQuery(uid, start, end))).map(toActivity);
}
