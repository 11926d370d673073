// Your Progress: the current and best streak of active days, the weekly volume of the last 12
// weeks, and personal records per activity, with a note when one is set as it is logged.
import { caloriesFromUnits } from '@fit/shared/formulas';
import { RECORD_KINDS, type RecordKind, streaksAcross, weeklyTotals } from '@fit/shared/progress';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { ChartArea } from '../../components/ChartArea.tsx';
import { Columns } from '../../components/Columns.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { Progress } from '../../data/progress.ts';
import { KIND_LABEL, PersonalRecords } from './PersonalRecords.tsx';
import type { ProgressState } from './useProgress.ts';

// The charts library in a chunk of its own, off the way to the page's first paint.
const WeeklyChart = lazy(() => import('./WeeklyChart.tsx').then((m) => ({ default: m.WeeklyChart })));

const NONE: ReadonlyMap<string, RecordKind[]> = new Map();

/** Records whose holder changed to a newer entry since the last document: set just now. */
function newRecords(before: Progress | null, after: Progress): Map<string, RecordKind[]> {
  const out = new Map<string, RecordKind[]>();
  for (const [type, records] of after.records) {
    const old = before?.records.get(type);
    if (!old) continue; // a first entry of an activity beats nothing
    const kinds = RECORD_KINDS.filter((k) => {
      const [now, was] = [records[k], old[k]];
      return now && was && now.value > was.value && now.timestamp >= was.timestamp;
    });
    if (kinds.length > 0) out.set(type, kinds);
  }
  return out;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function ProgressCard({ state }: { state: ProgressState }) {
  const { progress, weight, today, error } = state;
  const [metric, setMetric] = useState<'minutes' | 'calories'>('minutes');
  const previous = useRef<Progress | null>(null);
  const [fresh, setFresh] = useState(NONE);

  useEffect(() => {
    if (!progress) return;
    const set = newRecords(previous.current, progress);
    previous.current = progress;
    if (set.size > 0) setFresh(set);
  }, [progress]);

  // The years read carry their days; earlier ones count through the summary's streak inputs.
  const streak = useMemo(
    () => (progress ? streaksAcross(progress.days.keys(), progress.years, progress.runs, today) : null),
    [progress, today],
  );
  const weeks = useMemo(
    () =>
      progress
        ? weeklyTotals(progress.days.values(), today, 12).map((w) => ({
            weekStart: w.weekStart,
            minutes: w.minutes,
            calories: caloriesFromUnits(w.calorieUnits, weight),
          }))
        : null,
    [progress, today, weight],
  );

  return (
    <SectionCard title="Your Progress" subtitle="Streaks, weekly volume and personal records">
      {error && <LoadFailed message={error} />}
      {!progress && !error && <Skeleton variant="rounded" height={220} />}
      {progress && streak && weeks && (
        <Stack sx={{ gap: 2.5 }}>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <Chip
              icon={<LocalFireDepartment />}
              color={streak.current > 0 ? 'secondary' : 'default'}
              label={`Current streak: ${days(streak.current)}`}
            />
            <Chip icon={<EmojiEvents />} variant="outlined" label={`Best streak: ${days(streak.best)}`} />
          </Stack>
          {fresh.size > 0 && (
            <Alert severity="success" icon={<EmojiEvents />} onClose={() => setFresh(NONE)} role="status">
              New personal record:{' '}
              {[...fresh]
                .map(
                  ([type, kinds]) => `${type} (${kinds.map((k) => KIND_LABEL[k].toLowerCase()).join(', ')})`,
                )
                .join('; ')}
            </Alert>
          )}
          <Columns md="repeat(2, minmax(0, 1fr))">
            <Box>
              <Stack
                direction="row"
                sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}
              >
                <Typography variant="subtitle2" component="h3">
                  Last 12 weeks
                </Typography>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={metric}
                  onChange={(_e, v: 'minutes' | 'calories' | null) => v && setMetric(v)}
                  aria-label="Weekly chart metric"
                >
                  <ToggleButton value="minutes">Minutes</ToggleButton>
                  <ToggleButton value="calories">Calories</ToggleButton>
                </ToggleButtonGroup>
              </Stack>
              <ChartArea height={200}>
                <WeeklyChart weeks={weeks} metric={metric} />
              </ChartArea>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Personal records
              </Typography>
              <PersonalRecords progress={progress} weight={weight} fresh={fresh} />
            </Box>
          </Columns>
        </Stack>
      )}
    </SectionCard>
  );
}
