/**
 * Your Progress: the current and best streak of active days, the weekly training volume of the
 * last 12 weeks, and personal records per activity, with a note when a new record is set as it
 * is logged. Everything comes from the progress summary and the years shown (see data/progress.ts).
 */
import { caloriesFromUnits } from '@fit/shared/formulas';
import {
  type PersonalBest,
  RECORD_KINDS,
  type RecordKind,
  streaksAcross,
  weeklyTotals,
} from '@fit/shared/progress';
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
import { useUnits } from '../../data/units.ts';
import { KIND_LABEL, recordText, shownKinds } from './record-text.ts';
import type { ProgressState } from './useProgress.ts';

// The charts library in a chunk of its own, as for the weight chart (docs/decisions.md: Loading).
const WeeklyChart = lazy(() => import('./WeeklyChart.tsx').then((m) => ({ default: m.WeeklyChart })));

const dateOnly = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
interface NewRecord {
  activityType: string;
  kinds: RecordKind[];
}

/** Records whose holder changed to a newer entry since the last document: set just now. */
function newRecords(before: Progress | null, after: Progress): NewRecord[] {
  if (!before) return [];
  const out: NewRecord[] = [];
  for (const [type, records] of after.records) {
    const old = before.records.get(type);
    if (!old) continue; // a first entry of an activity beats nothing
    const kinds = RECORD_KINDS.filter((k) => {
      const now = records[k];
      const was = old[k];
      return (
        now !== undefined && was !== undefined && now.value > was.value && now.timestamp >= was.timestamp
      );
    });
    if (kinds.length > 0) out.push({ activityType: type, kinds });
  }
  return out;
}

export function ProgressCard({ state }: { state: ProgressState }) {
  const { progress, weight, today, error } = state;
  const units = useUnits();
  const [metric, setMetric] = useState<'minutes' | 'calories'>('minutes');
  const previous = useRef<Progress | null>(null);
  const [fresh, setFresh] = useState<NewRecord[]>([]);

  useEffect(() => {
    if (!progress) return;
    const set = newRecords(previous.current, progress);
    previous.current = progress;
    if (set.length > 0) setFresh(set);
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
  const records = useMemo(() => {
    if (!progress) return [];
    // The activities with the most recently set records first.
    return [...progress.records]
      .map(([type, r]) => ({
        type,
        r,
        latest: Math.max(...Object.values(r).map((b) => b?.timestamp ?? 0)),
      }))
      .sort((a, b) => b.latest - a.latest)
      .slice(0, 6);
  }, [progress]);
  const freshKinds = (type: string) => fresh.find((f) => f.activityType === type)?.kinds ?? [];

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
              label={`Current streak: ${streak.current} ${streak.current === 1 ? 'day' : 'days'}`}
            />
            <Chip
              icon={<EmojiEvents />}
              variant="outlined"
              label={`Best streak: ${streak.best} ${streak.best === 1 ? 'day' : 'days'}`}
            />
          </Stack>

          {fresh.length > 0 && (
            <Alert severity="success" icon={<EmojiEvents />} onClose={() => setFresh([])} role="status">
              New personal record:{' '}
              {fresh
                .map(
                  (f) => `${f.activityType} (${f.kinds.map((k) => KIND_LABEL[k].toLowerCase()).join(', ')})`,
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
              {records.length === 0 ? (
                <Typography variant="body2" color="textSecondary">
                  Log an activity to start your records.
                </Typography>
              ) : (
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
                        {shownKinds(units)
                          .filter((k) => r[k])
                          .map((k) => {
                            const best = r[k] as PersonalBest;
                            const isNew = freshKinds(type).includes(k);
                            return (
                              <Typography key={k} variant="caption" color="textSecondary" component="span">
                                {KIND_LABEL[k]}:{' '}
                                <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                                  {recordText(k, best, weight, units)}
                                </Box>{' '}
                                ({dateOnly.format(best.timestamp)})
                                {isNew && (
                                  <Chip
                                    label="New"
                                    size="small"
                                    color="success"
                                    sx={{ ml: 0.5, height: 18 }}
                                  />
                                )}
                              </Typography>
                            );
                          })}
                      </Stack>
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          </Columns>
        </Stack>
      )}
    </SectionCard>
  );
}
