/**
 * "Your data": the export formats and reading an import file back, pure (no I/O, no clock: `now`
 * and the viewer's time zone are passed in).
 *
 * - The JSON archive: `{ format: 'fittrack-archive', version: 1, exportedAt, profile, activities,
 *   weights, goal, preferences, posts }`, every time in epoch ms (exact) except `exportedAt`
 *   (ISO 8601, for people). Stored-only fields (calorieUnits, importedAt) are left out: they are
 *   derived again on import.
 * - CSV: activities (Date, Activity, Reps, Minutes, Weight lifted (lbs), and Calories as a
 *   read-only column import ignores) and weights (Date, Weight (lbs)), in kg for a metric user
 *   (`Weight lifted (kg)`, `Weight (kg)`); dates `YYYY-MM-DD HH:mm` in the viewer's zone. Both are read back (told apart by their header; ',' or ';' between cells;
 *   weights also in kg with `Weight lifted (kg)` / `Weight (kg)` columns; a bare `Weight lifted`
 *   or a weights CSV's bare `Weight` in the importing person's unit system; rows before 2000 refused).
 *
 * Reading checks the size first (before any parsing), then every entry with the shared form
 * validators, so a refused row carries the same message the dashboard would show. Whatever a file
 * holds beyond the known fields is ignored, never written.
 */
import { findActivity } from './catalogue.ts';
import { type CsvCell, type CsvRow, formatCsv, parseCsv, unguardCell } from './csv.ts';
import { distanceExportValue, distanceUnit } from './distance.ts';
import { caloriesFromUnits, calorieUnits } from './formulas.ts';
import type { ActivityRecord, DailyGoal, Post, UserProfile, WeightRecord } from './model.ts';
import { instantOfLocalTime, isCalendarDate, localDate, wallTime } from './periods.ts';
import { EARLIEST_ENTRY_TIME } from './source-dates.ts';
import { exportValue, isUnitSystem, parseDecimal, storedValue, type UnitSystem, unitLabel } from './units.ts';
import {
  LIMITS,
  MESSAGES,
  validateAccountProfile,
  validateActivityForm,
  validateDashboardProfile,
  validateGoalForm,
  validatePostForm,
  validateWeightForm,
} from './validation.ts';

export const ARCHIVE_FORMAT = 'fittrack-archive';
export const ARCHIVE_VERSION = 1;
/** Files over this are refused before they are read or parsed. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** Messages of the import itself (the entries' own problems use the shared validators' messages). */
export const IMPORT_MESSAGES = {
  tooLarge: `This file is too large to import: the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  empty: 'This file is empty.',
  notJson: 'This file is not valid JSON.',
  notArchive: 'This file is not a FitTrack archive.',
  version: (v: unknown) =>
    `This archive is version ${String(v)}; this app reads version ${ARCHIVE_VERSION} archives only.`,
  header:
    'The first row must name the columns, with at least Date and Activity, or Date and Weight (as in the exported CSVs).',
  dateFormat: 'Date must be YYYY-MM-DD or YYYY-MM-DD HH:mm.',
  futureDate: 'Date cannot be in the future.',
  beforeEarliest: (date: string) =>
    `This entry is dated ${date}, before 2000: a clock that was never set, or a mistyped year, so when it happened cannot be known.`,
  notAList: (what: string) => `${what} must be a list.`,
  notAnEntry: 'This entry is not an object.',
  nothing: 'This file holds nothing to import.',
  // A bare Weight in an activities CSV could be a weigh-in or a load, in kg or lbs: never guessed.
  ambiguousWeight:
    'Weight is ambiguous in an activities CSV (body weight or weight lifted, kg or lbs): name the column Weight lifted (kg) or Weight lifted (lbs), or import weigh-ins as a weights CSV.',
  liftedTwice: 'Weight lifted is given in both kg and lbs: keep one of the two columns.',
  weightTwice: 'Weight is given in both kg and lbs: keep one of the two columns.',
  distanceUnit: 'Distance has no unit: name the column Distance (km) or Distance (mi).',
  distanceTwice: 'Distance is given in both km and mi: keep one of the two columns.',
  columnTwice: (a: string, b: string) =>
    `The columns "${a}" and "${b}" hold the same thing: keep one of the two.`,
} as const;

export interface ArchiveActivity {
  activityType: string;
  count?: number;
  time?: number;
  weightLifted?: number;
  /** Whole metres. */
  distance?: number;
  timestamp: number;
}

export interface Archive {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  /** ISO 8601. */
  exportedAt: string;
  profile: Partial<UserProfile> | null;
  activities: ArchiveActivity[];
  weights: WeightRecord[];
  goal: DailyGoal | null;
  preferences: { activities: string[] } | null;
  posts: Post[];
}

export interface ExportData {
  profile: Partial<UserProfile> | null;
  activities: readonly ActivityRecord[];
  weights: readonly WeightRecord[];
  goal: DailyGoal | null;
  preferences: readonly string[] | null;
  posts: readonly Post[];
}

function activityOut(a: ActivityRecord): ArchiveActivity {
  const out: ArchiveActivity = { activityType: a.activityType, timestamp: a.timestamp };
  if (a.count !== undefined) out.count = a.count;
  if (a.time !== undefined) out.time = a.time;
  if (a.weightLifted !== undefined) out.weightLifted = a.weightLifted;
  if (a.distance !== undefined) out.distance = a.distance;
  return out;
}

const byTime = <T extends { timestamp: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.timestamp - b.timestamp);

/** Everything of one user as the archive (oldest entries first). */
export function buildArchive(data: ExportData, now: number): Archive {
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: new Date(now).toISOString(),
    profile: data.profile ? { ...data.profile } : null,
    activities: byTime(data.activities).map(activityOut),
    weights: byTime(data.weights).map((w) => ({ weight: w.weight, timestamp: w.timestamp })),
    goal: data.goal ? { target: data.goal.target, type: data.goal.type } : null,
    preferences: data.preferences ? { activities: [...data.preferences] } : null,
    posts: byTime(data.posts).map((p) => ({ message: p.message, timestamp: p.timestamp })),
  };
}

// ---- local wall time (the CSV's dates) ----

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` of an instant in a zone. */
export function formatLocalMinute(instant: number, timeZone: string): string {
  const { hour, minute } = wallTime(instant, timeZone);
  return `${localDate(instant, timeZone)} ${pad2(hour)}:${pad2(minute)}`;
}

/** Also `H:mm` and `HH:mm:ss`, as spreadsheets write a time back (seconds are dropped). */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A CSV date as an instant: `YYYY-MM-DD HH:mm` (local) to the minute, a bare date as local noon. */
export function parseLocalDateTime(
  text: string,
  timeZone: string,
): { timestamp: number; granularity: 'minute' | 'day' } | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m || !isCalendarDate(m[1] as string)) return null;
  if (m[2] === undefined)
    return { timestamp: instantOfLocalTime(m[1] as string, 12, 0, timeZone), granularity: 'day' };
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  if (hour > 23 || minute > 59 || Number(m[4] ?? 0) > 59) return null;
  return { timestamp: instantOfLocalTime(m[1] as string, hour, minute, timeZone), granularity: 'minute' };
}

// ---- CSV exports ----

export const ACTIVITY_CSV_HEADER = ['Date', 'Activity', 'Reps', 'Minutes', 'Weight lifted (lbs)', 'Calories'];
export const WEIGHT_CSV_HEADER = ['Date', 'Weight (lbs)'];

/**
 * The activities CSV's header in a unit system: the weight lifted and distance columns name their
 * unit (the distance last, after the columns exports have always had).
 */
export function activityCsvHeader(system: UnitSystem = 'imperial'): string[] {
  const weights =
    system === 'imperial'
      ? ACTIVITY_CSV_HEADER
      : ACTIVITY_CSV_HEADER.map((c) => (c === 'Weight lifted (lbs)' ? 'Weight lifted (kg)' : c));
  return [...weights, `Distance (${distanceUnit(system)})`];
}

/** The weights CSV's header in a unit system. */
export function weightCsvHeader(system: UnitSystem = 'imperial'): string[] {
  return system === 'imperial' ? WEIGHT_CSV_HEADER : ['Date', 'Weight (kg)'];
}

/**
 * Activities, oldest first; Calories at the body weight given (as the dashboard shows them); the
 * weight lifted in the user's system (kg for metric, named in the header; an import reads it back).
 */
export function activitiesCsv(
  activities: readonly ActivityRecord[],
  bodyWeight: number | undefined,
  timeZone: string,
  system: UnitSystem = 'imperial',
): string {
  const rows: CsvCell[][] = [activityCsvHeader(system)];
  for (const a of byTime(activities)) {
    rows.push([
      formatLocalMinute(a.timestamp, timeZone),
      a.activityType,
      a.count,
      a.time,
      a.weightLifted === undefined ? undefined : exportValue('weightLifted', a.weightLifted, system),
      caloriesFromUnits(a.calorieUnits ?? calorieUnits(a), bodyWeight),
      a.distance === undefined ? undefined : distanceExportValue(a.distance, system),
    ]);
  }
  return formatCsv(rows);
}

export function weightsCsv(
  weights: readonly WeightRecord[],
  timeZone: string,
  system: UnitSystem = 'imperial',
): string {
  const rows: CsvCell[][] = [weightCsvHeader(system)];
  for (const w of byTime(weights))
    rows.push([formatLocalMinute(w.timestamp, timeZone), exportValue('bodyWeight', w.weight, system)]);
  return formatCsv(rows);
}

// ---- reading an import file ----

export type Granularity = 'exact' | 'minute' | 'day';

/** One entry of the file, valid, with where it came from. */
export interface ImportRow<T> {
  /** For people: `line 12` (CSV) or `activity 3` (archive). */
  readonly where: string;
  readonly value: T;
  /** How precisely the file gives its time: what "the same entry" is compared at. */
  readonly granularity: Granularity;
  /**
   * The entry's id in the app it came from (`strava:123`, `hevy:<start>|<exercise>`): its document
   * id is derived from it, so importing the same export again finds it whatever its values.
   */
  readonly sourceId?: string;
}

export interface Refusal {
  readonly where: string;
  readonly message: string;
}

export interface ImportSource {
  readonly kind: 'archive' | 'csv' | 'strava' | 'hevy' | 'gpx';
  /** The format recognised, for people ("Strava activities export"). */
  readonly format: string;
  readonly activities: ImportRow<ActivityRecord>[];
  readonly weights: ImportRow<WeightRecord>[];
  readonly posts: ImportRow<Post>[];
  /** Only the fields a user may write on their own profile (never userId, email, createdAt). */
  readonly profile: Partial<UserProfile> | null;
  readonly goal: DailyGoal | null;
  /** Activity preferences (an empty list means all activities). */
  readonly preferences: string[] | null;
  readonly refused: Refusal[];
}

export type ReadImport = { ok: true; source: ImportSource } | { ok: false; message: string };

/** What another app's export gives: activities only (no weights, posts, profile, goal or preferences). */
export function activitiesOnly(
  kind: ImportSource['kind'],
  format: string,
  activities: ImportRow<ActivityRecord>[],
  refused: Refusal[],
): ImportSource {
  return {
    kind,
    format,
    activities,
    weights: [],
    posts: [],
    profile: null,
    goal: null,
    preferences: null,
    refused,
  };
}

export interface ReadContext {
  /** The signed-in user (the validators refuse entries without one). */
  readonly uid: string;
  readonly now: number;
  /** The viewer's zone: CSV dates are local, "today" for dates of birth and target dates. */
  readonly timeZone: string;
  /** The display name the profile has now (the archive's may be empty). */
  readonly currentDisplayName?: string;
  /**
   * The importing person's unit system (imperial when not given): a bare Weight lifted column, and a
   * weights CSV's bare Weight, are read in it, as a hand-made file is written in its maker's own unit.
   */
  readonly unitSystem?: UnitSystem;
}

/** The person's unit system: the limits a refusal names are in it, as their log forms name them. */
const unitsOf = (ctx: ReadContext): UnitSystem => ctx.unitSystem ?? 'imperial';

/** A refusal message for a file's byte size, or null when it may be read. */
export function checkImportSize(bytes: number): string | null {
  if (bytes > MAX_IMPORT_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (bytes === 0) return IMPORT_MESSAGES.empty;
  return null;
}

/** An import file's text (archive or CSV, told apart by its first character). */
export function readImportFile(text: string, ctx: ReadContext): ReadImport {
  // UTF-16 code units >= bytes / 3: a text this long is certainly over the byte limit.
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge };
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, message: IMPORT_MESSAGES.empty };
  return body.trimStart().startsWith('{') ? readArchive(body, ctx) : readCsv(body, ctx);
}

const EARLIEST_DATE = localDate(EARLIEST_ENTRY_TIME, 'UTC');

/**
 * A row dated before 2000 (an unset clock, a zero timestamp), as GPX points are refused. Its date
 * in the zone the file writes it in (UTC for Strava) is both checked and named, as the file shows it.
 */
export function earliestRefusal(timestamp: number, timeZone: string): string | null {
  const date = localDate(timestamp, timeZone);
  return date < EARLIEST_DATE ? IMPORT_MESSAGES.beforeEarliest(date) : null;
}

function futureRefusal(timestamp: number, now: number): string | null {
  return timestamp > now + LIMITS.timestampSkewMs ? IMPORT_MESSAGES.futureDate : null;
}

/** An archive entry's date: not ahead of the import (within the skew), not before 2000. */
function dateRefusal(timestamp: number, ctx: ReadContext): string | null {
  return futureRefusal(timestamp, ctx.now) ?? earliestRefusal(timestamp, ctx.timeZone);
}

/** One activity through the dashboard's validator (and no dates in the future). */
export function activityRow(
  input: {
    activityType: unknown;
    count: unknown;
    time: unknown;
    weightLifted: unknown;
    timestamp: unknown;
    /** Typed in `distanceUnits` (a CSV), or stored metres (`metres`: an archive). */
    distance?: unknown;
    distanceUnits?: UnitSystem | 'metres';
  },
  ctx: ReadContext,
): { ok: true; value: ActivityRecord } | { ok: false; message: string } {
  const asInput = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : undefined);
  // Stored metres are checked as they are (not a number: refused as not a positive number).
  const distance =
    input.distance === undefined || input.distance === ''
      ? {}
      : input.distanceUnits === 'metres'
        ? { distanceMetres: typeof input.distance === 'number' ? input.distance : Number.NaN }
        : { distance: asInput(input.distance), distanceUnits: input.distanceUnits ?? 'metric' };
  const checked = validateActivityForm({
    userId: ctx.uid,
    activityType: typeof input.activityType === 'string' ? input.activityType : '',
    count: asInput(input.count),
    time: asInput(input.time),
    weightLifted: asInput(input.weightLifted),
    ...distance,
    units: unitsOf(ctx),
    timestamp: typeof input.timestamp === 'number' ? input.timestamp : Number.NaN,
  } as Parameters<typeof validateActivityForm>[0]);
  if (!checked.ok) return checked;
  const future = futureRefusal(checked.value.timestamp, ctx.now);
  return future ? { ok: false, message: future } : checked;
}

// ---- the activities CSV ----

type ColumnName =
  | 'date'
  | 'activity'
  | 'count'
  | 'time'
  | 'weightLifted'
  | 'weightLiftedKg'
  | 'calories'
  | 'weight'
  | 'weightKg'
  | 'distanceKm'
  | 'distanceMi'
  | 'distance';

const COLUMN_NAMES: Record<string, ColumnName> = {
  date: 'date',
  activity: 'activity',
  activitytype: 'activity',
  reps: 'count',
  count: 'count',
  minutes: 'time',
  time: 'time',
  'time (min)': 'time',
  // A bare Weight lifted is the person's own unit (`columnOf`).
  'weight lifted': 'weightLifted',
  'weight lifted (lbs)': 'weightLifted',
  weightlifted: 'weightLifted',
  // What the log form calls it for metric users: kg, converted to the stored lbs.
  'weight lifted (kg)': 'weightLiftedKg',
  calories: 'calories',
  // The weights CSV; a bare Weight is the person's own unit (`columnOf`).
  weight: 'weight',
  'weight (lbs)': 'weight',
  'weight (kg)': 'weightKg',
  'distance (km)': 'distanceKm',
  'distance (mi)': 'distanceMi',
  // No unit: refused where a row has a value (never guessed: km or miles?).
  distance: 'distance',
};

/** A weight in kg as lbs (the forms' rounding); anything not a number is left for the validator. */
function lbsFromKg(text: string, measure: 'weightLifted' | 'bodyWeight'): string | number {
  const kg = parseDecimal(text);
  return text === '' || !Number.isFinite(kg) ? text : storedValue(measure, kg, 'metric');
}

/**
 * Why an activities CSV row's weights cannot be read, or null: a bare Weight (body weight or load?
 * kg or lbs?) is never guessed, nor a load given in both units.
 */
function weightColumnProblem(cell: (name: ColumnName) => string): string | null {
  if (cell('weight') !== '' || cell('weightKg') !== '') return IMPORT_MESSAGES.ambiguousWeight;
  if (cell('weightLifted') !== '' && cell('weightLiftedKg') !== '') return IMPORT_MESSAGES.liftedTwice;
  if (cell('distance') !== '') return IMPORT_MESSAGES.distanceUnit;
  if (cell('distanceKm') !== '' && cell('distanceMi') !== '') return IMPORT_MESSAGES.distanceTwice;
  return null;
}

/** Whether a header names the columns of the activities CSV or of the weights CSV. */
const csvKind = (columns: readonly (ColumnName | undefined)[]): 'activities' | 'weights' | null =>
  !columns.includes('date')
    ? null
    : columns.includes('activity')
      ? 'activities'
      : columns.includes('weight') || columns.includes('weightKg')
        ? 'weights'
        : null;

const headerKey = (cell: string) => unguardCell(cell).trim().toLowerCase();

/** Header cells naming no unit, read in the importing person's own (`columnOf`). */
const BARE_WEIGHTS: Partial<Record<string, ColumnName>> = {
  weight: 'weightKg',
  'weight lifted': 'weightLiftedKg',
};

/**
 * A header cell's column. A bare Weight or Weight lifted names no unit: a metric person's
 * hand-made "Date,Weight" of 80s is in kg (read as lbs, it became 36 kg), an imperial person's in lbs.
 */
function columnOf(cell: string, system: UnitSystem): ColumnName | undefined {
  const key = headerKey(cell);
  // Own names only: `constructor` or `__proto__` is an unknown column, not Object's.
  const own = (names: object) =>
    Object.hasOwn(names, key) ? (names as Record<string, ColumnName>)[key] : undefined;
  return (system === 'metric' ? own(BARE_WEIGHTS) : undefined) ?? own(COLUMN_NAMES);
}

/** The header's bare weight column ("Weight lifted"), named as the preview says it was read, or null. */
function bareWeightOf(header: readonly string[], kind: 'activities' | 'weights'): string | null {
  const name = kind === 'weights' ? 'Weight' : 'Weight lifted';
  return header.some((c) => headerKey(c) === name.toLowerCase()) ? name : null;
}

/** The rows and named columns of a CSV with ',' or else ';' between its cells (the one whose header `csvKind` knows). */
function parseWithHeader(
  text: string,
  system: UnitSystem,
):
  | {
      ok: true;
      rows: CsvRow[];
      columns: (ColumnName | undefined)[];
      kind: 'activities' | 'weights';
      bareWeight: string | null;
    }
  | { ok: false; message: string } {
  let first: { ok: false; message: string } | null = null;
  for (const delimiter of [',', ';'] as const) {
    const parsed = parseCsv(text, delimiter);
    if (!parsed.ok) {
      first ??= { ok: false, message: parsed.message };
      continue;
    }
    const [header, ...rows] = parsed.rows;
    if (!header) return { ok: false, message: IMPORT_MESSAGES.empty };
    const columns = header.cells.map((c) => columnOf(c, system));
    const kind = csvKind(columns);
    // Two cells naming one column ("Weight" and "Weight (kg)" for a metric person): never pick one.
    const again = columns.findIndex((c, i) => c !== undefined && columns.indexOf(c) !== i);
    if (kind && again >= 0) {
      const name = (i: number) => unguardCell(header.cells[i] ?? '').trim();
      return {
        ok: false,
        message: IMPORT_MESSAGES.columnTwice(name(columns.indexOf(columns[again])), name(again)),
      };
    }
    if (kind) return { ok: true, rows, columns, kind, bareWeight: bareWeightOf(header.cells, kind) };
    first ??= { ok: false, message: IMPORT_MESSAGES.header };
  }
  return first ?? { ok: false, message: IMPORT_MESSAGES.header };
}

/** The activities CSV, or the weights CSV (told apart by their header). */
function readCsv(text: string, ctx: ReadContext): ReadImport {
  const system = unitsOf(ctx);
  const parsed = parseWithHeader(text, system);
  if (!parsed.ok) return parsed;
  const { rows, columns, kind, bareWeight } = parsed;
  const at = (name: string) => columns.indexOf(name as never);

  const today = localDate(ctx.now, ctx.timeZone);
  const activities: ImportRow<ActivityRecord>[] = [];
  const weights: ImportRow<WeightRecord>[] = [];
  const refused: Refusal[] = [];
  for (const row of rows) {
    const where = `line ${row.line}`;
    const cell = (name: ColumnName) => {
      const i = at(name);
      return i < 0 ? '' : unguardCell((row.cells[i] ?? '').trim());
    };
    const when = parseLocalDateTime(cell('date'), ctx.timeZone);
    if (!when) {
      refused.push({ where, message: IMPORT_MESSAGES.dateFormat });
      continue;
    }
    // A date alone is local noon, which for today may still be ahead: today's entry is then taken
    // at the import's time (matching and ids go by the day, so a later import finds it there).
    if (
      when.granularity === 'day' &&
      when.timestamp > ctx.now &&
      localDate(when.timestamp, ctx.timeZone) === today
    )
      when.timestamp = ctx.now;
    const early = earliestRefusal(when.timestamp, ctx.timeZone);
    if (early) {
      refused.push({ where, message: early });
      continue;
    }
    if (kind === 'weights') {
      // Both columns: a weigh-in in two units is refused, never one of them silently dropped.
      if (cell('weight') !== '' && cell('weightKg') !== '') {
        refused.push({ where, message: IMPORT_MESSAGES.weightTwice });
        continue;
      }
      const checked = validateWeightForm({
        weight: cell('weight') !== '' ? cell('weight') : lbsFromKg(cell('weightKg'), 'bodyWeight'),
        timestamp: when.timestamp,
        units: system,
      });
      const message = checked.ok ? futureRefusal(checked.value.timestamp, ctx.now) : checked.message;
      if (checked.ok && !message)
        weights.push({ where, value: checked.value, granularity: when.granularity });
      else refused.push({ where, message: message ?? MESSAGES.timestampInvalid });
      continue;
    }
    const problem = weightColumnProblem(cell);
    if (problem) {
      refused.push({ where, message: problem });
      continue;
    }
    const lbs = cell('weightLifted');
    const checked = activityRow(
      {
        activityType: cell('activity'),
        count: cell('count'),
        time: cell('time'),
        weightLifted: lbs === '' ? lbsFromKg(cell('weightLiftedKg'), 'weightLifted') : lbs,
        distance: cell('distanceKm') || cell('distanceMi'),
        distanceUnits: cell('distanceKm') === '' ? 'imperial' : 'metric',
        timestamp: when.timestamp,
      },
      ctx,
    );
    if (checked.ok) activities.push({ where, value: checked.value, granularity: when.granularity });
    else refused.push({ where, message: checked.message });
  }
  if (activities.length === 0 && weights.length === 0 && refused.length === 0)
    return { ok: false, message: IMPORT_MESSAGES.nothing };
  return {
    ok: true,
    source: {
      kind: 'csv',
      // Which unit a bare weight column was read in is shown in the preview, before anything is written.
      format: `FitTrack ${kind} CSV${bareWeight ? ` (${bareWeight} read in ${unitLabel('bodyWeight', system)})` : ''}`,
      activities,
      weights,
      posts: [],
      profile: null,
      goal: null,
      preferences: null,
      refused,
    },
  };
}

// ---- the JSON archive ----

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Calls `visit` for each object entry of a list, refusing the others, in the file's order. */
function eachEntry(
  archive: Record<string, unknown>,
  key: string,
  label: string,
  refused: Refusal[],
  visit: (where: string, entry: Record<string, unknown>) => void,
): void {
  const list = archive[key];
  if (list === undefined || list === null) return;
  if (!Array.isArray(list)) {
    refused.push({ where: key, message: IMPORT_MESSAGES.notAList(key) });
    return;
  }
  list.forEach((entry, i) => {
    const where = `${label} ${i + 1}`;
    if (isObject(entry)) visit(where, entry);
    else refused.push({ where, message: IMPORT_MESSAGES.notAnEntry });
  });
}

const stringOrUndefined = (v: unknown) => (typeof v === 'string' ? v : undefined);
const measureInput = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : undefined);
/** A stored body measure: 0 means unknown (as the forms store a cleared field), read as cleared. */
const storedMeasure = (v: unknown) => (v === 0 ? '' : measureInput(v));

/** The profile fields a user may write, each through the account / dashboard validators. */
function readProfile(
  input: Record<string, unknown>,
  ctx: ReadContext,
  today: string,
  refused: Refusal[],
): Partial<UserProfile> | null {
  const out: Partial<UserProfile> = {};
  const archiveName = stringOrUndefined(input.displayName)?.trim() ?? '';
  // The account validator needs a display name; an archive without one keeps the current name.
  const account = validateAccountProfile(
    {
      displayName: archiveName || ctx.currentDisplayName || '',
      firstName: stringOrUndefined(input.firstName),
      lastName: stringOrUndefined(input.lastName),
      phoneNumber: stringOrUndefined(input.phoneNumber),
      gender: stringOrUndefined(input.gender),
      dateOfBirth: stringOrUndefined(input.dateOfBirth),
      height: storedMeasure(input.height),
      hideExerciseInfo: typeof input.hideExerciseInfo === 'boolean' ? input.hideExerciseInfo : undefined,
    } as Parameters<typeof validateAccountProfile>[0],
    today,
    unitsOf(ctx),
  );
  if (!account.ok) {
    if (archiveName !== '' || account.message !== MESSAGES.displayNameRequired)
      refused.push({ where: 'profile', message: account.message });
  } else {
    Object.assign(out, account.value);
    if (archiveName === '') delete out.displayName;
  }
  // Each weight target on its own: a target date now in the past must not drop the target weight.
  for (const [field, value] of [
    ['targetWeight', storedMeasure(input.targetWeight)],
    ['targetDate', stringOrUndefined(input.targetDate)],
  ] as const) {
    if (value === undefined) continue;
    const checked = validateDashboardProfile({ [field]: value }, today, unitsOf(ctx));
    if (checked.ok) Object.assign(out, checked.value);
    else refused.push({ where: `profile ${field}`, message: checked.message });
  }
  if (isUnitSystem(input.unitSystem)) out.unitSystem = input.unitSystem;
  return Object.keys(out).length > 0 ? out : null;
}

function readArchive(text: string, ctx: ReadContext): ReadImport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.notJson };
  }
  if (!isObject(json) || json.format !== ARCHIVE_FORMAT)
    return { ok: false, message: IMPORT_MESSAGES.notArchive };
  if (json.version !== ARCHIVE_VERSION) return { ok: false, message: IMPORT_MESSAGES.version(json.version) };

  const today = localDate(ctx.now, ctx.timeZone);
  const refused: Refusal[] = [];
  const activities: ImportRow<ActivityRecord>[] = [];
  eachEntry(json, 'activities', 'activity', refused, (where, entry) => {
    const checked = activityRow(
      {
        activityType: entry.activityType,
        count: entry.count,
        time: entry.time,
        weightLifted: entry.weightLifted,
        distance: entry.distance,
        distanceUnits: 'metres',
        timestamp: entry.timestamp,
      },
      ctx,
    );
    const message = checked.ok ? earliestRefusal(checked.value.timestamp, ctx.timeZone) : checked.message;
    if (checked.ok && !message) activities.push({ where, value: checked.value, granularity: 'exact' });
    else refused.push({ where, message: message ?? MESSAGES.timestampInvalid });
  });

  const weights: ImportRow<WeightRecord>[] = [];
  eachEntry(json, 'weights', 'weight', refused, (where, entry) => {
    const checked = validateWeightForm({
      weight: measureInput(entry.weight) ?? '',
      timestamp: typeof entry.timestamp === 'number' ? entry.timestamp : Number.NaN,
      units: unitsOf(ctx),
    });
    const message = checked.ok ? dateRefusal(checked.value.timestamp, ctx) : checked.message;
    if (checked.ok && !message) weights.push({ where, value: checked.value, granularity: 'exact' });
    else refused.push({ where, message: message ?? MESSAGES.timestampInvalid });
  });

  const posts: ImportRow<Post>[] = [];
  eachEntry(json, 'posts', 'post', refused, (where, entry) => {
    const checked = validatePostForm({
      message: stringOrUndefined(entry.message) ?? '',
      userId: ctx.uid,
      timestamp: typeof entry.timestamp === 'number' ? entry.timestamp : Number.NaN,
    });
    const message = checked.ok ? dateRefusal(checked.value.timestamp, ctx) : checked.message;
    if (checked.ok && !message) posts.push({ where, value: checked.value, granularity: 'exact' });
    else refused.push({ where, message: message ?? MESSAGES.timestampInvalid });
  });

  const profile = isObject(json.profile) ? readProfile(json.profile, ctx, today, refused) : null;

  let goal: DailyGoal | null = null;
  if (isObject(json.goal)) {
    const checked = validateGoalForm({
      target: measureInput(json.goal.target) ?? '',
      type: stringOrUndefined(json.goal.type) ?? '',
    });
    if (checked.ok) goal = checked.value;
    else refused.push({ where: 'goal', message: checked.message });
  }

  let preferences: string[] | null = null;
  if (isObject(json.preferences)) {
    const list = json.preferences.activities;
    if (!Array.isArray(list))
      refused.push({ where: 'preferences', message: IMPORT_MESSAGES.notAList('activities') });
    else {
      const known = new Set<string>();
      list.forEach((name, i) => {
        const activity = typeof name === 'string' ? findActivity(name) : undefined;
        if (activity) known.add(activity.name);
        else refused.push({ where: `preferences activity ${i + 1}`, message: MESSAGES.unknownActivity });
      });
      if (known.size > LIMITS.maxActivityPrefs)
        refused.push({ where: 'preferences', message: MESSAGES.tooManyActivityPrefs });
      // An empty list means all activities; a list whose names were all refused is not imported.
      else if (known.size > 0 || list.length === 0) preferences = [...known];
    }
  }

  return {
    ok: true,
    source: {
      kind: 'archive',
      format: 'FitTrack archive (JSON)',
      activities,
      weights,
      posts,
      profile,
      goal,
      preferences,
      refused,
    },
  };
}
