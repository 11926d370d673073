import type { BoardKind } from '@fit/shared/model';
import { progressFraction, STATS_TARGETS, type Totals, totalsFromSums } from '@fit/shared/periods';
import AccessTime from '@mui/icons-material/AccessTime';
import FitnessCenter from '@mui/icons-material/FitnessCenter';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatInt, TABULAR } from './format.ts';
import type { PeriodSumsByKind } from './hooks.ts';

const PERIODS: { kind: BoardKind; label: string; hint: string }[] = [
  { kind: 'daily', label: 'Today', hint: 'since midnight' },
  { kind: 'weekly', label: 'This Week', hint: 'Sunday to Saturday' },
  { kind: 'monthly', label: 'This Month', hint: 'calendar month' },
];

const METRICS: {
  key: keyof Totals;
  label: string;
  unit: string;
  color: 'primary' | 'info' | 'secondary';
  icon: ReactNode;
}[] = [
  {
    key: 'reps',
    label: 'Reps',
    unit: 'reps',
    color: 'primary',
    icon: <FitnessCenter sx={{ fontSize: 16 }} />,
  },
  {
    key: 'minutes',
    label: 'Minutes',
    unit: 'min',
    color: 'info',
    icon: <AccessTime sx={{ fontSize: 16 }} />,
  },
  {
    key: 'calories',
    label: 'Calories',
    unit: 'cal',
    color: 'secondary',
    icon: <LocalFireDepartment sx={{ fontSize: 16 }} />,
  },
];

/** Totals of one period with a bar per metric against its full-bar target. */
function PeriodBlock(props: { kind: BoardKind; label: string; hint: string; totals: Totals | null }) {
  const headingId = useId();
  const targets = STATS_TARGETS[props.kind];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.default' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 700 }}>
          {props.label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {props.hint}
        </Typography>
      </Box>
      {METRICS.map((m) => {
        const value = props.totals?.[m.key] ?? 0;
        const target = targets[m.key];
        return (
          <Box key={m.key} sx={{ '& + &': { mt: 1.5 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                <Box component="span" sx={{ color: `${m.color}.main`, display: 'inline-flex' }}>
                  {m.icon}
                </Box>
                {m.label}
              </Typography>
              {props.totals ? (
                <Typography variant="body2" sx={TABULAR} data-testid={`stat-${props.kind}-${m.key}`}>
                  <Box component="strong" sx={{ fontSize: '1rem' }}>
                    {formatInt(value)}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {' '}
                    / {formatInt(target)} {m.unit}
                  </Box>
                </Typography>
              ) : (
                <Skeleton width={90} />
              )}
            </Box>
            <LinearProgress
              variant="determinate"
              color={m.color}
              value={progressFraction(value, target) * 100}
              aria-label={`${props.label} ${m.label.toLowerCase()}`}
              sx={{ mt: 0.75, height: 6, borderRadius: 3, bgcolor: 'rgba(21, 26, 45, 0.07)' }}
            />
          </Box>
        );
      })}
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
      {props.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {props.error}
        </Alert>
      )}
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
