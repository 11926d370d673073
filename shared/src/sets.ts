/**
 * Sets of a strength entry: each set is reps at a load (lbs). The spec's fields stay
 * the entry's meaning and are derived from its sets, so calories, goals, boards and feeds read
 * them unchanged: reps (`count`) is the sum of the sets' reps, weight lifted the heaviest set.
 * Volume and the estimated one-rep max are shown, never stored (except as progress records).
 */
import { type Activity, acceptsField } from './catalogue.ts';

/** One set: whole reps (above 0) at `weight` lbs (0 or more, a tenth of a kg typed is kept). */
export interface LiftSet {
  reps: number;
  weight: number;
}

/**
 * The most sets one entry holds: the rules check each set unrolled (they have no loops), so the
 * cap bounds their size; 20 sets is beyond any honest single exercise.
 */
export const MAX_SETS = 20;

/** Whether an activity takes sets: it takes both reps and a load (most weightlifting). */
export function takesSets(activity: Activity): boolean {
  return acceptsField(activity, 'count') && acceptsField(activity, 'weightLifted');
}

/** The spec's fields of an entry with these sets: reps summed, the heaviest load. */
export function setsTotals(sets: readonly LiftSet[]): { count: number; weightLifted: number } {
  let count = 0;
  let weightLifted = 0;
  for (const s of sets) {
    count += s.reps;
    if (s.weight > weightLifted) weightLifted = s.weight;
  }
  return { count, weightLifted };
}

/** Volume in lbs: reps x load summed over the sets, to a hundredth (loads are stored to one). */
export function setsVolume(sets: readonly LiftSet[]): number {
  let sum = 0;
  for (const s of sets) sum += s.reps * s.weight;
  return Math.round(sum * 100) / 100;
}

/** Epley's estimated one-rep max of `reps` at `weight`: w x (1 + reps / 30); a single is itself. */
export function epleyOneRepMax(weight: number, reps: number): number {
  if (reps <= 1) return weight;
  return weight * (1 + reps / 30);
}

/** The best estimated one-rep max over the sets (0 for none or only unloaded sets). */
export function setsOneRepMax(sets: readonly LiftSet[]): number {
  let best = 0;
  for (const s of sets) best = Math.max(best, epleyOneRepMax(s.weight, s.reps));
  return Math.round(best * 100) / 100;
}

/** Stored sets read defensively: a list of {reps, weight} numbers, else undefined. */
export function readSets(value: unknown): LiftSet[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const out: LiftSet[] = [];
  for (const v of value) {
    if (typeof v !== 'object' || v === null) return undefined;
    const { reps, weight } = v as Record<string, unknown>;
    if (typeof reps !== 'number' || typeof weight !== 'number') return undefined;
    if (!Number.isFinite(reps) || !Number.isFinite(weight)) return undefined;
    out.push({ reps, weight });
  }
  return out;
}

/**
 * A stored entry's sets when they hold: at most MAX_SETS, whole reps above 0, loads from 0, reps
 * their sum and weight lifted their heaviest; else undefined, and the entry reads as one without
 * sets. The rules check only the list's size (a per-set check does not fit their budget), so
 * readers (details, records) trust no set that disagrees with the spec's fields.
 */
export function consistentSets(doc: { sets?: unknown; count?: unknown; weightLifted?: unknown }) {
  const sets = readSets(doc.sets);
  if (!sets || sets.length > MAX_SETS) return undefined;
  if (!sets.every((s) => Number.isInteger(s.reps) && s.reps > 0 && s.weight >= 0)) return undefined;
  const totals = setsTotals(sets);
  return totals.count === doc.count && totals.weightLifted === doc.weightLifted ? sets : undefined;
}
