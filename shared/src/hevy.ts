/**
 * Hevy's export (Settings > Export & Import Data > Export Workouts): `workouts.csv`, one row per
 * set. The sets of one exercise in one workout (same start_time and exercise_title) become one
 * entry, as an entry here is one exercise of one session: its reps summed, its heaviest set as the
 * weight lifted (weight_kg or weight_lbs, whichever column the file has), its minutes from the
 * sets' durations, or else the workout's duration shared among its exercises. Warm-up sets are kept
 * in `sets` but count towards neither reps nor load (they are preparation, not the work).
 */
import {
  activitiesOnly,
  activityRow,
  earliestRefusal,
  type ImportRow,
  type ReadContext,
  type ReadImport,
  type Refusal,
} from './archive.ts';
import type { CsvRow } from './csv.ts';
import { hevyActivity } from './import-mappings.ts';
import type { ActivityRecord } from './model.ts';
import { hevyInstantOf, minutesOf } from './source-dates.ts';
import { parseDecimal, storedValue } from './units.ts';

export const HEVY_FORMAT = 'Hevy workouts export (workouts.csv)';

export const HEVY_MESSAGES = {
  date: (column: string, value: string) => `${column} '${value}' is not a date like "20 Nov 2026, 07:00".`,
  number: (column: string, value: string) => `${column} '${value}' is not a number.`,
  noMinutes: (title: string) =>
    `${title}: its sets have no duration_seconds and its workout no end_time after its start_time, so its minutes are unknown.`,
  bothWeights: 'The file has both weight_kg and weight_lbs: keep one of the two columns.',
  bothDistances: 'The file has both distance_km and distance_miles: keep one of the two columns.',
} as const;

/** One set as the file gives it (kept for entries that will carry their sets). */
export interface HevySet {
  readonly line: number;
  readonly index: number;
  /** normal, warmup, dropset, failure. */
  readonly type: string;
  readonly reps?: number;
  /** In lbs (converted from kg when the file is in kg), as entries store their load. */
  readonly weightLbs?: number;
  readonly distanceMetres?: number;
  readonly seconds?: number;
}

/** An entry made from a group of sets, with those sets (not written yet). */
export type HevyRow = ImportRow<ActivityRecord> & { readonly sets: readonly HevySet[] };

const REQUIRED = ['title', 'start_time', 'end_time', 'exercise_title', 'set_index', 'reps'];

/** The header's columns by name, or null when it is not Hevy's. */
export function hevyColumns(header: readonly string[]): Map<string, number> | null {
  const columns = new Map<string, number>();
  header.forEach((cell, i) => {
    const name = cell.trim().toLowerCase();
    if (!columns.has(name)) columns.set(name, i);
  });
  return REQUIRED.every((name) => columns.has(name)) ? columns : null;
}

interface Group {
  start: number;
  end: number | null;
  startText: string;
  title: string;
  firstLine: number;
  sets: HevySet[];
}

const optionalNumber = (text: string): number | undefined | null => {
  if (text === '') return undefined;
  const n = parseDecimal(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

export function readHevy(
  rows: readonly CsvRow[],
  columns: Map<string, number>,
  ctx: ReadContext,
): ReadImport {
  if (columns.has('weight_kg') && columns.has('weight_lbs'))
    return { ok: false, message: HEVY_MESSAGES.bothWeights };
  if (columns.has('distance_km') && columns.has('distance_miles'))
    return { ok: false, message: HEVY_MESSAGES.bothDistances };
  const kg = columns.has('weight_kg');
  const miles = columns.has('distance_miles');
  const refused: (Refusal & { line: number })[] = [];
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const where = `line ${row.line}`;
    const cell = (name: string) => {
      const i = columns.get(name);
      return i === undefined ? '' : (row.cells[i] ?? '').trim();
    };
    const start = hevyInstantOf(cell('start_time'), ctx.timeZone);
    if (start === null) {
      refused.push({ where, line: row.line, message: HEVY_MESSAGES.date('start_time', cell('start_time')) });
      continue;
    }
    // Each set of a workout dated before 2000 on its own line, as a bad date is.
    const early = earliestRefusal(start, ctx.timeZone);
    if (early) {
      refused.push({ where, line: row.line, message: early });
      continue;
    }
    const end = cell('end_time') === '' ? null : hevyInstantOf(cell('end_time'), ctx.timeZone);
    const numbers: Record<string, number | undefined> = {};
    let bad: string | null = null;
    for (const column of [
      'set_index',
      'reps',
      kg ? 'weight_kg' : 'weight_lbs',
      miles ? 'distance_miles' : 'distance_km',
      'duration_seconds',
    ]) {
      const n = optionalNumber(cell(column));
      if (n === null) bad ??= HEVY_MESSAGES.number(column, cell(column));
      else numbers[column] = n;
    }
    if (bad) {
      refused.push({ where, line: row.line, message: bad });
      continue;
    }
    const weight = numbers[kg ? 'weight_kg' : 'weight_lbs'];
    const distance = numbers[miles ? 'distance_miles' : 'distance_km'];
    const set: HevySet = {
      line: row.line,
      index: numbers.set_index ?? 0,
      type: cell('set_type').toLowerCase() || 'normal',
      ...(numbers.reps !== undefined ? { reps: numbers.reps } : {}),
      ...(weight !== undefined
        ? { weightLbs: kg ? storedValue('weightLifted', weight, 'metric') : weight }
        : {}),
      ...(distance !== undefined ? { distanceMetres: Math.round(distance * (miles ? 1609.344 : 1000)) } : {}),
      ...(numbers.duration_seconds !== undefined ? { seconds: numbers.duration_seconds } : {}),
    };
    const title = cell('exercise_title');
    // One exercise however its name's case or spacing was edited; its first spelling names it.
    const key = `${cell('start_time')}|${title.toLowerCase().replace(/\s+/g, ' ')}`;
    const group = groups.get(key);
    if (group) group.sets.push(set);
    else
      groups.set(key, {
        start,
        end: end !== null && end > start ? end : null,
        startText: cell('start_time'),
        title,
        firstLine: row.line,
        sets: [set],
      });
  }

  // A workout's exercises share its duration when their sets carry none.
  const exercisesPerWorkout = new Map<string, number>();
  for (const g of groups.values())
    exercisesPerWorkout.set(g.startText, (exercisesPerWorkout.get(g.startText) ?? 0) + 1);

  const activities: HevyRow[] = [];
  for (const g of groups.values()) {
    const where =
      g.sets.length > 1 ? `lines ${g.firstLine}–${g.sets[g.sets.length - 1]?.line}` : `line ${g.firstLine}`;
    const mapped = hevyActivity(g.title);
    if (!mapped.ok) {
      refused.push({ where, line: g.firstLine, message: mapped.message });
      continue;
    }
    const working = g.sets.filter((s) => s.type !== 'warmup');
    const counted = working.length > 0 ? working : g.sets;
    const reps = counted.reduce((sum, s) => sum + (s.reps ?? 0), 0);
    const loads = counted.flatMap((s) => (s.weightLbs === undefined ? [] : [s.weightLbs]));
    const seconds = g.sets.reduce((sum, s) => sum + (s.seconds ?? 0), 0);
    const shared =
      g.end === null ? 0 : (g.end - g.start) / 1000 / (exercisesPerWorkout.get(g.startText) ?? 1);
    const metres = counted.reduce((sum, s) => sum + (s.distanceMetres ?? 0), 0);
    // Said in the file's terms: the validator's "Time must be a positive number." names no column.
    if (mapped.activity.fields.includes('time') && seconds <= 0 && shared <= 0) {
      refused.push({ where, line: g.firstLine, message: HEVY_MESSAGES.noMinutes(g.title) });
      continue;
    }
    const checked = activityRow(
      {
        activityType: mapped.activity.name,
        count: reps > 0 ? reps : undefined,
        time: seconds > 0 || shared > 0 ? minutesOf(seconds > 0 ? seconds : shared) : undefined,
        weightLifted: loads.length > 0 ? Math.max(...loads) : undefined,
        distance: metres > 0 ? metres : undefined,
        distanceUnits: 'metres',
        timestamp: g.start,
      },
      ctx,
    );
    if (checked.ok)
      activities.push({
        where,
        value: checked.value,
        granularity: 'minute',
        sourceId: `hevy:${g.startText}|${g.title}`,
        sets: g.sets,
      });
    else refused.push({ where, line: g.firstLine, message: `${g.title}: ${checked.message}` });
  }
  // In the file's order (rows refused alone and whole exercises refused come from two passes).
  const inOrder = refused.sort((a, b) => a.line - b.line).map(({ where, message }) => ({ where, message }));
  return { ok: true, source: activitiesOnly('hevy', HEVY_FORMAT, activities, inOrder) };
}
