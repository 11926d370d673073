/** How sets read: volume and estimated one-rep max in the person's units. */
import type { LiftSet } from '@fit/shared/sets';
import { setsOneRepMax, setsTotals, setsVolume } from '@fit/shared/sets';
import { parseDecimal, storedValue, type UnitSystem } from '@fit/shared/units';
import { parseNumberInput } from '@fit/shared/validation';
import { formatMeasureWithUnit, volumeText } from '../../data/units.ts';

/** The entry's volume and estimated one-rep max, or null for an entry without sets. */
export function setsFigures(
  sets: readonly LiftSet[] | undefined,
  units: UnitSystem,
): { volume: string; oneRepMax: string } | null {
  if (!sets || sets.length === 0) return null;
  return {
    volume: volumeText(setsVolume(sets), units),
    oneRepMax: formatMeasureWithUnit('weightLifted', setsOneRepMax(sets), units),
  };
}

/** One set as lists show it: '8 × 61.2 kg'. */
export function setText(set: LiftSet, units: UnitSystem): string {
  return `${set.reps} × ${formatMeasureWithUnit('weightLifted', set.weight, units)}`;
}

/** The weight lifted line under an entry's name in the tables: '155 lbs · 3 sets', or null. */
export function liftedLine(
  entry: { weightLifted?: number | undefined; sets?: readonly LiftSet[] | undefined },
  units: UnitSystem,
): string | null {
  if (entry.weightLifted === undefined) return null;
  // No-break spaces keep '70 kg' and '3 sets' whole when a narrow column wraps the line.
  const lifted = formatMeasureWithUnit('weightLifted', entry.weightLifted, units).replace(' ', '\u00a0');
  const n = entry.sets?.length ?? 0;
  return n > 0 ? `${lifted} · ${n}\u00a0${n === 1 ? 'set' : 'sets'}` : lifted;
}

/** What the sets typed so far add up to (the valid ones), or null while none is. */
export function typedSetsSummary(
  rows: readonly { reps: string; weight: string }[],
  units: UnitSystem,
): string | null {
  const sets: LiftSet[] = [];
  for (const row of rows) {
    const reps = parseNumberInput(row.reps);
    const weight = row.weight.trim() === '' ? Number.NaN : parseDecimal(row.weight);
    if (reps === undefined || !Number.isInteger(reps) || reps <= 0 || !(weight >= 0)) continue;
    sets.push({ reps, weight: storedValue('weightLifted', weight, units) });
  }
  const figures = setsFigures(sets, units);
  if (!figures) return null;
  const { count } = setsTotals(sets);
  // No-break spaces keep each figure with its unit when the line wraps on a phone.
  const keep = (text: string) => text.replace(' ', '\u00a0');
  return `${count} reps · volume ${keep(figures.volume)} · est. 1RM ${keep(figures.oneRepMax)}`;
}
