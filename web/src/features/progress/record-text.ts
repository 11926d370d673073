/** How personal records read: their labels, their figures in the person's units, which are shown. */
import { formatClock, formatDistance, metresPerUnit } from '@fit/shared/distance';
import { caloriesFromUnits } from '@fit/shared/formulas';
import { type PersonalBest, RECORD_KINDS, type RecordKind } from '@fit/shared/progress';
import type { UnitSystem } from '@fit/shared/units';
import { formatMeasureWithUnit, volumeText } from '../../data/units.ts';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

export const KIND_LABEL: Record<RecordKind, string> = {
  reps: 'Most reps',
  minutes: 'Longest time',
  weightLifted: 'Heaviest weight',
  calories: 'Most calories',
  distance: 'Longest distance',
  paceKm: 'Fastest pace (1 km+)',
  paceMi: 'Fastest pace (1 mi+)',
  volume: 'Most volume (sets)',
  oneRepMax: 'Best est. 1RM (Epley)',
};

/** The records a person reads: the fastest pace of their own unit only (over 1 km, or 1 mile). */
export function shownKinds(units: UnitSystem): RecordKind[] {
  return RECORD_KINDS.filter((k) => k !== (units === 'imperial' ? 'paceKm' : 'paceMi'));
}

export function recordText(
  kind: RecordKind,
  best: PersonalBest,
  weight: number | undefined,
  units: UnitSystem,
): string {
  switch (kind) {
    case 'reps':
      return `${integer.format(best.value)} reps`;
    case 'minutes':
      return `${integer.format(best.value)} min`;
    case 'weightLifted':
    case 'oneRepMax':
      return formatMeasureWithUnit('weightLifted', best.value, units);
    case 'volume':
      return volumeText(best.value, units);
    case 'calories':
      return `${integer.format(caloriesFromUnits(best.value, weight))} cal`;
    case 'distance':
      return formatDistance(best.value, units);
    case 'paceKm':
    case 'paceMi': {
      // Stored as metres a minute: shown as time per km or per mile.
      const unit = kind === 'paceKm' ? 'metric' : 'imperial';
      return `${formatClock((metresPerUnit(unit) / best.value) * 60)} /${unit === 'metric' ? 'km' : 'mi'}`;
    }
  }
}
