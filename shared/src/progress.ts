/**
 * Progress beyond the spec: personal records per activity, streaks of active days, per-day totals
 * for the history heat map and per-week totals for the training-volume chart. Pure: callers pass the
 * entries (or per-day totals), today's date and the time zone.
 *
 * Calories stay in exact calorie units here (see formulas `calorieUnits`) and become calories with
 * `caloriesFromUnits` and the user's weight where shown, exactly as the dashboard stats do, so a
 * week's bar equals that week's stats.
 */
import { addDays, dayOfWeek, isValidTimeZone, localDate } from './periods.ts';
import { type LiftSet, setsOneRepMax, setsVolume } from './sets.ts';

/** The zone a user's days are counted in: their profile's, or UTC while none (or a bad one) is set. */
export function progressZone(profile: { readonly timeZone?: unknown } | null | undefined): string {
  const zone = profile?.timeZone;
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : 'UTC';
}

export const RECORD_KINDS = [
  'reps',
  'minutes',
  'weightLifted',
  'calories',
  'distance',
  'paceKm',
  'paceMi',
  'volume',
  'oneRepMax',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The kinds read as the top entry of an ordered query (a stored field, highest first). */
export const QUERIED_RECORD_KINDS = ['reps', 'minutes', 'weightLifted', 'calories', 'distance'] as const;
export type QueriedRecordKind = (typeof QUERIED_RECORD_KINDS)[number];

/**
 * Fastest pace, over at least 1 km (paceKm) or at least 1 mile (paceMi): each person reads the
 * one of their units. Its value is the average speed in metres a minute (higher is faster, as
 * every record's value is "higher is better"); a ratio no query can order by, so the progress
 * reaction keeps it as entries change (reactions/progress.ts).
 */
export const PACE_RECORD_KINDS = ['paceKm', 'paceMi'] as const;
export type PaceRecordKind = (typeof PACE_RECORD_KINDS)[number];
export const PACE_MIN_METRES: Readonly<Record<PaceRecordKind, number>> = { paceKm: 1000, paceMi: 1609.344 };

/**
 * The records no query orders by, kept by the progress reaction as entries change: the paces, and
 * the volume (lbs) and estimated one-rep max (lbs, Epley) of entries logged with sets.
 */
export const COMPUTED_RECORD_KINDS = [...PACE_RECORD_KINDS, 'volume', 'oneRepMax'] as const;

/** An entry as progress reads it (an activity record with its id). */
export interface ProgressEntry {
  id: string;
  activityType: string;
  count?: number;
  time?: number;
  weightLifted?: number;
  /** Whole metres. */
  distance?: number;
  /** A strength entry's sets (loads in lbs). */
  sets?: LiftSet[];
  calorieUnits?: number;
  timestamp: number;
}

/** The best value of one kind for one activity: the entry that set it, and when. */
export interface PersonalBest {
  /**
   * Reps, minutes, lbs lifted, calorie units (calories: shown with the user's weight), metres, or
   * metres a minute (pace).
   */
  value: number;
  timestamp: number;
  id: string;
}

export type ActivityRecords = Partial<Record<RecordKind, PersonalBest>>;

function positive(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

/** The value an entry has for a record kind, or undefined when it does not count (absent or 0). */
export function recordValue(kind: RecordKind, entry: ProgressEntry): number | undefined {
  switch (kind) {
    case 'reps':
      return positive(entry.count);
    case 'minutes':
      return positive(entry.time);
    case 'weightLifted':
      return positive(entry.weightLifted);
    case 'calories':
      return positive(entry.calorieUnits);
    case 'distance':
      return positive(entry.distance);
    case 'volume':
      return entry.sets ? positive(setsVolume(entry.sets)) : undefined;
    case 'oneRepMax':
      return entry.sets ? positive(setsOneRepMax(entry.sets)) : undefined;
    case 'paceKm':
    case 'paceMi': {
      const metres = positive(entry.distance);
      const minutes = positive(entry.time);
      return metres !== undefined && minutes !== undefined && metres >= PACE_MIN_METRES[kind]
        ? metres / minutes
        : undefined;
    }
  }
}

/** Whether `a` holds a record over `b`: higher, or equal and set first (the first to reach it keeps it). */
export function beats(a: PersonalBest, b: PersonalBest | undefined): boolean {
  if (!b) return true;
  if (a.value !== b.value) return a.value > b.value;
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp;
  return a.id < b.id;
}

/** Personal records per activity type over a set of entries. */
export function personalRecords(entries: Iterable<ProgressEntry>): Map<string, ActivityRecords> {
  const out = new Map<string, ActivityRecords>();
  for (const entry of entries) {
    let records = out.get(entry.activityType);
    for (const kind of RECORD_KINDS) {
      const value = recordValue(kind, entry);
      if (value === undefined) continue;
      const candidate: PersonalBest = { value, timestamp: entry.timestamp, id: entry.id };
      if (!records) {
        records = {};
        out.set(entry.activityType, records);
      }
      if (beats(candidate, records[kind])) records[kind] = candidate;
    }
  }
  return out;
}

/**
 * The record kinds a newly logged entry sets against the records of the entries before it: strictly
 * better than an existing best. A first-ever entry of an activity sets no record (nothing to beat).
 */
export function recordsSetBy(entry: ProgressEntry, before: ActivityRecords | undefined): RecordKind[] {
  if (!before) return [];
  return RECORD_KINDS.filter((kind) => {
    const value = recordValue(kind, entry);
    const best = before[kind];
    return value !== undefined && best !== undefined && value > best.value;
  });
}

/** One local day's totals (the heat map's cell, the weekly chart's parts). */
export interface DayTotal {
  date: string;
  minutes: number;
  reps: number;
  calorieUnits: number;
  entries: number;
}

/** Per-day totals of entries in a time zone, keyed by local date. */
export function dayTotalsOf(entries: Iterable<ProgressEntry>, timeZone: string): Map<string, DayTotal> {
  const days = new Map<string, DayTotal>();
  for (const e of entries) {
    const date = localDate(e.timestamp, timeZone);
    const day = days.get(date) ?? { date, minutes: 0, reps: 0, calorieUnits: 0, entries: 0 };
    day.minutes += positive(e.time) ?? 0;
    day.reps += positive(e.count) ?? 0;
    day.calorieUnits += positive(e.calorieUnits) ?? 0;
    day.entries += 1;
    days.set(date, day);
  }
  return days;
}

/**
 * Streaks of consecutive local days with at least one activity. The current streak ends today, or
 * yesterday while today has no activity yet (it is still alive until the day ends); the best streak
 * is the longest run among the given days.
 */
export function streaks(activeDates: Iterable<string>, today: string): { current: number; best: number } {
  const days = new Set(activeDates);
  let best = 0;
  for (const date of days) {
    if (days.has(addDays(date, -1))) continue; // not the first day of its run
    let length = 1;
    while (days.has(addDays(date, length))) length++;
    best = Math.max(best, length);
  }
  let end = days.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (days.has(end)) {
    current++;
    end = addDays(end, -1);
  }
  return { current, best };
}

/** The Sunday that starts the week of a date (weeks run Sunday to Saturday, as the boards' do). */
export function weekStartOf(date: string): string {
  return addDays(date, -dayOfWeek(date));
}

export interface WeekTotal {
  /** The week's Sunday. */
  weekStart: string;
  minutes: number;
  calorieUnits: number;
}

/** Minutes and calorie units of the last `weeks` weeks ending with today's, oldest first. */
export function weeklyTotals(days: Iterable<DayTotal>, today: string, weeks = 12): WeekTotal[] {
  const thisWeek = weekStartOf(today);
  const series: WeekTotal[] = [];
  const byStart = new Map<string, WeekTotal>();
  for (let i = weeks - 1; i >= 0; i--) {
    const week = { weekStart: addDays(thisWeek, -7 * i), minutes: 0, calorieUnits: 0 };
    series.push(week);
    byStart.set(week.weekStart, week);
  }
  for (const day of days) {
    const week = byStart.get(weekStartOf(day.date));
    if (!week || day.date > today) continue;
    week.minutes += day.minutes;
    week.calorieUnits += day.calorieUnits;
  }
  return series;
}

/** The heat map's shade of a day: 0 none, then up to 15, 30, 60 and more minutes (or untimed work). */
export function heatLevel(day: Pick<DayTotal, 'minutes' | 'entries'> | undefined): 0 | 1 | 2 | 3 | 4 {
  if (!day || day.entries === 0) return 0;
  if (day.minutes > 60) return 4;
  if (day.minutes > 30) return 3;
  if (day.minutes > 15) return 2;
  return 1;
}

/** The local dates of the heat map: the weeks covering the last 12 months, Sunday-aligned, oldest first. */
export function heatMapDates(today: string, weeks = 53): string[] {
  const first = addDays(weekStartOf(today), -7 * (weeks - 1));
  const dates: string[] = [];
  for (let date = first; date <= today; date = addDays(date, 1)) dates.push(date);
  return dates;
}

// ---- streaks over years: what the stored projection keeps of the years the dashboard does not read ----

/** Days in a calendar year (365 or 366). */
export function daysInYear(year: number): number {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/**
 * A year's streak inputs as stored: [active days in a row from 1 January, active days in a row up to
 * 31 December, longest run inside the year]. Enough to join runs across years without their days.
 */
export type YearRuns = [number, number, number];

/** The streak inputs of one year from its active dates (dates of other years are ignored), or null. */
export function yearRunsOf(year: number, activeDates: Iterable<string>): YearRuns | null {
  const prefix = `${String(year).padStart(4, '0')}-`;
  const days = new Set([...activeDates].filter((d) => d.startsWith(prefix)));
  if (days.size === 0) return null;
  const length = daysInYear(year);
  let lead = 0;
  for (let d = `${prefix}01-01`; lead < length && days.has(d); d = addDays(d, 1)) lead++;
  let trail = 0;
  for (let d = `${prefix}12-31`; trail < length && days.has(d); d = addDays(d, -1)) trail++;
  let best = 0;
  for (const date of days) {
    if (days.has(addDays(date, -1))) continue; // not the first day of its run
    let run = 1;
    while (days.has(addDays(date, run))) run++;
    best = Math.max(best, run);
  }
  return [lead, trail, best];
}

/** The longest streak over years given by their streak inputs (a year absent has no activity). */
export function bestStreakOf(years: ReadonlyMap<number, YearRuns>): number {
  let best = 0;
  let carry = 0; // the run reaching 31 December of the year before
  let previous: number | undefined;
  for (const year of [...years.keys()].sort((a, b) => a - b)) {
    const [lead, trail, inner] = years.get(year) as YearRuns;
    if (previous !== year - 1) carry = 0;
    if (lead === daysInYear(year)) {
      carry += lead;
      best = Math.max(best, carry);
    } else {
      best = Math.max(best, carry + lead, inner);
      carry = trail;
    }
    previous = year;
  }
  return best;
}

/**
 * Streaks when only some years' days are at hand (the dashboard reads the years of its heat map):
 * the days of `loadedYears`, and the stored streak inputs of every year (those of the loaded years
 * are recomputed from their days, so a summary a moment behind its year documents does not show).
 * Same answer as `streaks` over every day.
 */
export function streaksAcross(
  activeDates: Iterable<string>,
  loadedYears: readonly number[],
  stored: Readonly<Record<string, YearRuns>>,
  today: string,
): { current: number; best: number } {
  const days = new Set(activeDates);
  const loaded = new Set(loadedYears);
  const years = new Map<number, YearRuns>();
  for (const [year, runs] of Object.entries(stored))
    if (!loaded.has(Number(year)) && Array.isArray(runs)) years.set(Number(year), runs);
  for (const year of loaded) {
    const runs = yearRunsOf(year, days);
    if (runs) years.set(year, runs);
  }
  let end = days.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (days.has(end)) {
    current++;
    end = addDays(end, -1);
  }
  // The run goes on into years not at hand: whole years, then the last one's December run.
  for (let year = Number(end.slice(0, 4)); !loaded.has(year) && end.endsWith('-12-31'); year--) {
    const runs = years.get(year);
    if (!runs) break;
    if (runs[0] < daysInYear(year)) {
      current += runs[1];
      break;
    }
    current += runs[0];
  }
  return { current, best: Math.max(bestStreakOf(years), current) };
}

const HOUR = 3_600_000;
/** The heat map reaches at most this many days before today (53 weeks, Sunday-aligned). */
const HEAT_MAP_REACH_DAYS = 371;

function yearsWindow(now: number): [number, number] {
  // Today's date anywhere (UTC-12 to UTC+14), an hour of margin each side.
  const first = new Date(now - 13 * HOUR - HEAT_MAP_REACH_DAYS * 24 * HOUR).getUTCFullYear();
  const last = new Date(now + 15 * HOUR).getUTCFullYear();
  return [first, last];
}

/**
 * The years whose documents the dashboard reads at `now`, in any time zone: from the heat map's
 * first day to today. Two most of the year; three around New Year (the heat map's first week may
 * fall two years back in early January, and today is already next year east of UTC).
 */
export function progressYears(now: number): number[] {
  const [first, last] = yearsWindow(now);
  const out: number[] = [];
  for (let year = first; year <= last; year++) out.push(year);
  return out;
}

/** The next instant `progressYears` answers differently (a reader moves its listeners then). */
export function progressYearsChangeAt(now: number): number {
  const [first, last] = yearsWindow(now);
  return Math.min(
    Date.UTC(last + 1, 0, 1) - 15 * HOUR,
    Date.UTC(first + 1, 0, 1) + 13 * HOUR + HEAT_MAP_REACH_DAYS * 24 * HOUR,
  );
}

// ---- the stored projection (written by shared/src/reactions/progress.ts) ----

/** A day as stored: [minutes, reps, calorie units, entries]. */
export type StoredDay = [number, number, number, number];
/** A record as stored: [value, timestamp, activity id]. */
export type StoredBest = [number, number, string];

/**
 * `progress/{uid}`, the summary: what is not per day. Personal records per activity, the zone the
 * days are counted in, and each year with activity (its year document exists) with its streak
 * inputs, so streaks never need the days of years the dashboard does not read.
 */
export interface ProgressSummary {
  uid: string;
  timeZone: string;
  records: Record<string, Partial<Record<RecordKind, StoredBest>>>;
  years: Record<string, YearRuns>;
}

/**
 * `progress/{uid}/years/{yyyy}`: one calendar year of the user's own zone, days keyed `MM-DD`
 * (the year is the document's id). A change re-sends one year, never the whole history.
 */
export interface ProgressYear {
  uid: string;
  days: Record<string, StoredDay>;
}

/** The year of a local date `YYYY-MM-DD` and its key in the year's document. */
export function yearKeyOf(date: string): { year: string; key: string } {
  return { year: date.slice(0, 4), key: date.slice(5) };
}

/** The stored records of a progress document as PersonalBest values (the web reads them). */
export function bestOf(stored: StoredBest | undefined): PersonalBest | undefined {
  return stored ? { value: stored[0], timestamp: stored[1], id: stored[2] } : undefined;
}
