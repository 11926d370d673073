import type { BoardKind } from '@fit/shared/model';
import { progressFraction, STATS_TARGETS, type Totals, totalsFromSums } from '@fit/shared/totals';
import AccessTime from '@mui/icons-material/AccessTime';
import FitnessCenter from '@mui/icons-material/FitnessCenter';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { PeriodSumsByKind } from '../../data/activity-queries.ts';
import { formatInt, PANEL, TABULAR } from './format.ts';

const PERIODS: { kind: BoardKind; label: string; hint: string }[] = [
  { kind: 'daily', label: 'Today', hint: 'since midnight' },
  { kind: 'weekly', label: 'This Week', hint: 'Sunday to Saturday' },
  { kind: 'monthly', label: 'This Month', hint: 'calendar month' },
];

const METRICS = [
  { key: 'reps', label: 'Reps', unit: 'reps', color: 'primary', Icon: FitnessCenter },
  { key: 'minutes', label: 'Minutes', unit: 'min', color: 'info', Icon: AccessTime },
  { key: 'calories', label: 'Calories', unit: 'cal', color: 'secondary', Icon: LocalFireDepartment },
] as const;

/** Totals of one period with a bar per metric against its full-bar target. */
function PeriodBlock(props: { kind: BoardKind; label: string; hint: string; totals: Totals | null }) {
  const headingId = useId();
  const targets = STATS_TARGETS[props.kind];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ ...PANEL, p: { xs: 2, md: 1.5, lg: 2 } }}>
      <Box
        sx={{
          mb: 1.25,
          display: 'flex',
          flexDirection: { xs: 'row', sm: 'column' },
          alignItems: { xs: 'baseline', sm: 'flex-start' },
          gap: { xs: 1, sm: 0 },
        }}
      >
        <Typography id={headingId} component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {props.label}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {props.hint}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'minmax(0, 1fr)' },
          columnGap: 1.5,
          rowGap: 1.25,
        }}
      >
        {METRICS.map((m) => {
          const value = props.totals?.[m.key] ?? 0;
          const target = targets[m.key];
          return (
            <div key={m.key}>
              <Box
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  alignItems: { xs: 'flex-start', sm: 'baseline' },
                  justifyContent: 'space-between',
                  columnGap: 1,
                  flexWrap: 'wrap',
                }}
              >
                <Typography
                  variant="body2"
                  color="textSecondary"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: { sm: 'center' } }}
                >
                  <m.Icon sx={{ fontSize: 16, color: `${m.color}.main` }} />
                  {m.label}
                </Typography>
                {props.totals ? (
                  <Typography
                    component="strong"
                    sx={{ ...TABULAR, fontWeight: 700, fontSize: { xs: '1.2rem', sm: '1.05rem' } }}
                    data-testid={`stat-${props.kind}-${m.key}`}
                  >
                    {formatInt(value)}
                  </Typography>
                ) : (
                  <Skeleton width={40} />
                )}
              </Box>
              <ProgressBar
                color={m.color}
                value={progressFraction(value, target) * 100}
                label={`${props.label} ${m.label.toLowerCase()}`}
                sx={{ mt: 0.5, height: 6, borderRadius: '999px', bgcolor: 'tint.track' }}
              />
              <Typography
                variant="caption"
                color="textSecondary"
                sx={{ ...TABULAR, display: 'block', textAlign: { xs: 'left', sm: 'right' }, mt: 0.25 }}
              >
                of {formatInt(target)} {m.unit}
              </Typography>
            </div>
          );
        })}
      </Box>
    </Box>
  );
}

/** Daily, weekly and monthly reps, minutes and calories in the viewer's own time zone. */
export function StatsCard(props: {
  sums: PeriodSumsByKind | null;
  weight: number | undefined;
  error: string | null;
}) {
  return (
    <SectionCard title="Your Stats">
      {props.error && <LoadFailed message={props.error} />}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {PERIODS.map((p) => (
          <PeriodBlock
            key={p.kind}
            {...p}
            totals={props.sums ? totalsFromSums(props.sums[p.kind], props.weight) : null}
          />
        ))}
      </Box>
    </SectionCard>
  );
}
