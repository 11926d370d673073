/** An entry's sets in its details: each set, the volume and the estimated one-rep max. */
import type { LiftSet } from '@fit/shared/sets';
import type { UnitSystem } from '@fit/shared/units';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TABULAR } from './format.ts';
import { setsFigures, setText } from './sets-format.ts';

export function SetsSummary(props: { sets: readonly LiftSet[] | undefined; units: UnitSystem }) {
  const figures = setsFigures(props.sets, props.units);
  if (!props.sets || !figures) return null;
  return (
    <Box sx={{ mt: 0.5, ...TABULAR }}>
      <Typography variant="body2" color="textSecondary">
        {props.sets.map((s) => setText(s, props.units)).join(', ')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {/* No-break spaces keep each figure with its unit when the line wraps. */}
        Volume {figures.volume.replace(' ', '\u00a0')} · Est. 1RM {figures.oneRepMax.replace(' ', '\u00a0')}
      </Typography>
    </Box>
  );
}
