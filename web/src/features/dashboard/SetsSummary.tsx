/** How sets read: each set, the volume and the estimated one-rep max, in the person's units. */
import { type LiftSet, setsOneRepMax, setsTotals, setsVolume } from '@fit/shared/sets';
import { parseDecimal, storedValue, type UnitSystem } from '@fit/shared/units';
import { parseNumberInput } from '@fit/shared/validation';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMeasureWithUnit, volumeText } from '../../data/units.ts';
import { TABULAR } from './format.ts';

// No-break spaces keep each figure with its unit ('70 kg', '3 sets') when a narrow line wraps.
const keep = (text: string) => text.replace(' ', '\u00a0');

/** The sets' volume and estimated one-rep max, or null without sets. */
function setsFigures(sets: readonly LiftSet[] | undefined, units: UnitSystem) {
  if (!sets || sets.length === 0) return null;
  return {
    volume: keep(volumeText(setsVolume(sets), units)),
    oneRepMax: keep(formatMeasureWithUnit('weightLifted', setsOneRepMax(sets), units)),
  };
}

/** An entry's sets in its details: each set ('8 × 61.2 kg'), the volume and the estimated 1RM. */
export function SetsSummary(props: { sets: readonly LiftSet[] | undefined; units: UnitSystem }) {
  const figures = setsFigures(props.sets, props.units);
  if (!props.sets || !figures) return null;
  return (
    <Box sx={{ mt: 0.5, ...TABULAR }}>
      <Typography variant="body2" color="textSecondary">
        {props.sets
          .map((s) => `${s.reps} × ${formatMeasureWithUnit('weightLifted', s.weight, props.units)}`)
          .join(', ')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Volume {figures.volume} · Est. 1RM {figures.oneRepMax}
      </Typography>
    </Box>
  );
}

/** The weight lifted line under an entry's name in the tables: '155 lbs · 3 sets', or null. */
export function liftedLine(
  entry: { weightLifted?: number | undefined; sets?: readonly LiftSet[] | undefined },
  units: UnitSystem,
): string | null {
  if (entry.weightLifted === undefined) return null;
  const lifted = keep(formatMeasureWithUnit('weightLifted', entry.weightLifted, units));
  const n = entry.sets?.length ?? 0;
  return n > 0 ? `${lifted} · ${n}\u00a0${n === 1 ? 'set' : 'sets'}` : lifted;
}

/** What the sets typed so far add up to (the valid ones), or null while none is. */
export function typedSetsSummary(rows: readonly { reps: string; weight: string }[], units: UnitSystem) {
  const sets: LiftSet[] = [];
  for (const row of rows) {
    const reps = parseNumberInput(row.reps);
    const weight = row.weight.trim() === '' ? Number.NaN : parseDecimal(row.weight);
    if (reps === undefined || !Number.isInteger(reps) || reps <= 0 || !(weight >= 0)) continue;
    sets.push({ reps, weight: storedValue('weightLifted', weight, units) });
  }
  const figures = setsFigures(sets, units);
  return (
    figures && `${setsTotals(sets).count} reps · volume ${figures.volume} · est. 1RM ${figures.oneRepMax}`
  );
}
