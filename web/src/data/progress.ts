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
  DocData,
  DocumentStore,
  LiveDocumentStore,
  QuerySpec,
  StoreError,
  Unsubscribe,
} from '@fit/shared/store';
import { type StoredActivity, toActivity } from './activities.ts';
import type { Listen } from './live-query.ts';

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
  years: readonly [number, Partial<ProgressYear> | undefined][],
): Progress {
  const days = new Map<string, DayTotal>();
  for (const [year, doc] of years)
    for (const [key, d] of Object.entries(doc?.days ?? {})) {
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
    years: years.map(([year]) => year),
    runs,
    records,
  };
}

/** setTimeout's longest delay (about 24.8 days); a later change of years is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The summary and the shown years as one live value; at New Year a listener moves on. */
export function watchProgress(
  store: LiveDocumentStore,
  uid: string,
  clock: () => number = Date.now,
): Listen<Progress> {
  return (onNext, onError) => {
    type Part = { data: DocData | null | undefined; stop: Unsubscribe };
    const years = new Map<number, Part>();
    const summary: Part = { data: undefined, stop: () => {} };
    let started = false;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const emit = () => {
      if (!started || stopped || summary.data === undefined) return;
      if ([...years.values()].some((y) => y.data === undefined)) return;
      const read = [...years].sort(([a], [b]) => a - b);
      onNext(
        toProgress(
          (summary.data ?? undefined) as Partial<ProgressSummary> | undefined,
          read.map(([year, part]) => [year, (part.data ?? undefined) as Partial<ProgressYear> | undefined]),
        ),
      );
    };
    const fail = (error: StoreError) => {
      if (!stopped) onError(error);
    };
    const listen = (path: string, part: Part) => {
      part.stop = store.listenDoc(
        path,
        (doc) => {
          part.data = doc?.data ?? null;
          emit();
        },
        fail,
      );
    };
    const followYears = () => {
      const now = clock();
      const wanted = progressYears(now);
      for (const [year, part] of years)
        if (!wanted.includes(year)) {
          part.stop();
          years.delete(year);
        }
      for (const year of wanted)
        if (!years.has(year)) {
          const part: Part = { data: undefined, stop: () => {} };
          years.set(year, part);
          listen(paths.progressYear(uid, year), part);
        }
      timer = setTimeout(
        followYears,
        Math.min(Math.max(progressYearsChangeAt(now) - now, 1000), MAX_DELAY_MS),
      );
      emit();
    };
    followYears();
    listen(paths.progress(uid), summary);
    started = true;
    emit();
    return () => {
      stopped = true;
      clearTimeout(timer);
      summary.stop();
      for (const part of years.values()) part.stop();
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
