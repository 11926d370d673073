/**
 * The progress projection, live: the summary `progress/{uid}` and the year documents the heat map
 * shows (so a change re-sends one year, not the history); also the entries behind the history view.
 */
import { paths } from '@fit/shared/model';
import { isValidTimeZone } from '@fit/shared/periods';
import {
  bestOf,
  type DayTotal,
  type PersonalBest,
  type ProgressSummary,
  type ProgressYear,
  progressYears,
  progressYearsChangeAt,
  type RecordKind,
  type YearRuns,
} from '@fit/shared/progress';
import type {
  DocSnapshot,
  DocumentStore,
  LiveDocumentStore,
  QuerySpec,
  Unsubscribe,
} from '@fit/shared/store';
import { type StoredActivity, toActivity } from './activities.ts';
import { type Listen, listenAll, watchDoc } from './live-query.ts';

export interface Progress {
  timeZone: string;
  /** The days of `years`, by local date. */
  days: Map<string, DayTotal>;
  /** The years whose documents were read (their days are all in `days`). */
  years: readonly number[];
  /** Each year's streak inputs from the summary: the years not read count through these. */
  runs: Readonly<Record<string, YearRuns>>;
  records: Map<string, Partial<Record<RecordKind, PersonalBest>>>;
}

function toProgress(
  summary: Partial<ProgressSummary> | undefined,
  years: readonly number[],
  yearDocs: readonly (Partial<ProgressYear> | undefined)[],
): Progress {
  const days = new Map<string, DayTotal>();
  for (const [i, year] of years.entries())
    for (const [key, d] of Object.entries(yearDocs[i]?.days ?? {})) {
      const date = `${year}-${key}`;
      if (Array.isArray(d))
        days.set(date, { date, minutes: d[0], reps: d[1], calorieUnits: d[2], entries: d[3] });
    }
  const records = new Map<string, Partial<Record<RecordKind, PersonalBest>>>();
  for (const [type, r] of Object.entries(summary?.records ?? {})) {
    const out: Partial<Record<RecordKind, PersonalBest>> = {};
    for (const [kind, stored] of Object.entries(r ?? {})) {
      const best = bestOf(stored);
      if (best) out[kind as RecordKind] = best;
    }
    records.set(type, out);
  }
  const runs = summary?.years && typeof summary.years === 'object' ? summary.years : {};
  return {
    timeZone: typeof summary?.timeZone === 'string' ? summary.timeZone : 'UTC',
    days: new Map([...days].sort(([a], [b]) => (a < b ? -1 : 1))),
    years,
    runs,
    records,
  };
}

/** setTimeout's longest delay (about 24.8 days); a later change of years is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The summary and the shown years as one live value; at New Year the listeners move on. */
export function watchProgress(
  store: LiveDocumentStore,
  uid: string,
  clock: () => number = Date.now,
): Listen<Progress> {
  return (onNext, onError) => {
    let stop: Unsubscribe = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      const now = clock();
      const years = progressYears(now);
      const docs = [paths.progress(uid), ...years.map((year) => paths.progressYear(uid, year))];
      stop();
      const read = (doc: DocSnapshot | null) =>
        doc?.data as Partial<ProgressSummary & ProgressYear> | undefined;
      stop = listenAll(docs.map((path) => watchDoc(store, path, read)))(
        ([summary, ...yearDocs]) => onNext(toProgress(summary, years, yearDocs)),
        onError,
      );
      timer = setTimeout(follow, Math.min(Math.max(progressYearsChangeAt(now) - now, 1000), MAX_DELAY_MS));
    };
    follow();
    return () => {
      clearTimeout(timer);
      stop();
    };
  };
}

/** The zone the days are counted in: the document's once it holds any, else `fallback`. */
export function daysZoneOf(progress: Progress | null | undefined, fallback: string): string {
  return progress &&
    (progress.days.size > 0 || progress.records.size > 0) &&
    isValidTimeZone(progress.timeZone)
    ? progress.timeZone
    : fallback;
}

/** Saves the browser's zone on the profile, so the reactions count days as the user lives them. */
export async function saveTimeZone(store: DocumentStore, uid: string, timeZone: string): Promise<void> {
  await store.commit([{ kind: 'set', path: paths.user(uid), data: { timeZone }, merge: true }]);
}

/** At most this many entries of one activity on the heat map (a year of twice-daily sessions). */
const ACTIVITY_HISTORY_LIMIT = 800;

async function entries(store: DocumentStore, uid: string, spec: Omit<QuerySpec, 'collection'>) {
  return (await store.query({ collection: paths.reps(uid), ...spec })).map(toActivity);
}

/** One activity's entries since an instant (the heat map filtered by activity). */
export function activityHistory(
  store: DocumentStore,
  uid: string,
  activityType: string,
  since: number,
): Promise<StoredActivity[]> {
  return entries(store, uid, {
    where: [
      { field: 'activityType', op: '==', value: activityType },
      { field: 'timestamp', op: '>=', value: since },
    ],
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: ACTIVITY_HISTORY_LIMIT,
  });
}

/** The activities of one local day [start, end). */
export function dayActivities(
  store: DocumentStore,
  uid: string,
  start: number,
  end: number,
): Promise<StoredActivity[]> {
  return entries(store, uid, {
    where: [
      { field: 'timestamp', op: '>=', value: start },
      { field: 'timestamp', op: '<', value: end },
    ],
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
    limit: 200,
  });
}
