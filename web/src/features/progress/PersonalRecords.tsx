/** The personal records of the activities with the most recently set ones, in the person's units. */
import { formatDistance, formatPace } from '@fit/shared/distance';
import { caloriesFromUnits } from '@fit/shared/formulas';
import { type PersonalBest, RECORD_KINDS, type RecordKind } from '@fit/shared/progress';
import type { UnitSystem } from '@fit/shared/units';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { Progress } from '../../data/progress.ts';
import { formatMeasureWithUnit, useUnits, volumeText } from '../../data/units.ts';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const dateOnly = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

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

function recordText(kind: RecordKind, best: PersonalBest, weight: number | undefined, units: UnitSystem) {
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
    case 'paceMi': // stored as metres a minute: shown as time per km or per mile
      return formatPace(best.value, 1, kind === 'paceKm' ? 'metric' : 'imperial');
  }
}

export function PersonalRecords(props: {
  progress: Progress;
  weight: number | undefined;
  /** The records just set, by activity: marked New. */
  fresh: ReadonlyMap<string, RecordKind[]>;
}) {
  const units = useUnits();
  // Only the fastest pace of the person's own unit (over 1 km, or 1 mile).
  const kinds = RECORD_KINDS.filter((k) => k !== (units === 'imperial' ? 'paceKm' : 'paceMi'));
  const records = useMemo(
    () =>
      [...props.progress.records]
        .map(([type, r]) => ({
          type,
          r,
          latest: Math.max(...Object.values(r).map((b) => b?.timestamp ?? 0)),
        }))
        .sort((a, b) => b.latest - a.latest)
        .slice(0, 6),
    [props.progress],
  );
  if (records.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        Log an activity to start your records.
      </Typography>
    );
  return (
    <Box
      component="ul"
      aria-label="Personal records"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
    >
      {records.map(({ type, r }) => (
        <Box
          component="li"
          key={type}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {type}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
            {kinds.map((k) => {
              const best = r[k];
              if (!best) return null;
              return (
                <Typography key={k} variant="caption" color="textSecondary" component="span">
                  {KIND_LABEL[k]}:{' '}
                  <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                    {recordText(k, best, props.weight, units)}
                  </Box>{' '}
                  ({dateOnly.format(best.timestamp)})
                  {props.fresh.get(type)?.includes(k) && (
                    <Chip label="New" size="small" color="success" sx={{ ml: 0.5, height: 18 }} />
                  )}
                </Typography>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
