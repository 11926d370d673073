import type { DailyGoal } from '@fit/shared/model';
import { goalProgress, type Totals } from '@fit/shared/totals';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Flag from '@mui/icons-material/Flag';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { PANEL, TABULAR } from './format.ts';

/** Today's progress toward the daily goal as 'x/target type', or a prompt to set one. */
export function GoalWidget(props: {
  goal: DailyGoal | null;
  loaded: boolean;
  today: Totals | null;
  onSetGoal: () => void;
}) {
  const box = { ...PANEL, p: 2, bgcolor: 'tint.primaryFaint' } as const;
  // The same box and type sizes as the goal below, so the Log Activity form under it does not move
  // when the goal arrives (a fixed-height skeleton was 28 px short: CLS 0.08 on a phone).
  if (!props.loaded) {
    return (
      <Box sx={box} aria-busy="true">
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Skeleton width="40%" />
        </Typography>
        <Typography sx={{ fontSize: '1.35rem' }}>
          <Skeleton width="55%" />
        </Typography>
        <Skeleton variant="rounded" height={8} sx={{ mt: 1.25, borderRadius: '999px' }} />
      </Box>
    );
  }
  if (!props.goal) {
    return (
      <Box sx={{ ...box, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Flag color="primary" />
        <Typography sx={{ flex: 1, minWidth: 180 }}>Set a daily goal to track your progress.</Typography>
        {/* data-set-goal: where focus goes after the goal popup opened by itself (GoalDialog). */}
        <Button variant="outlined" size="small" onClick={props.onSetGoal} data-set-goal="">
          Set a goal
        </Button>
      </Box>
    );
  }
  const progress = goalProgress(props.goal, props.today ?? { reps: 0, minutes: 0, calories: 0 });
  const done = progress.target > 0 && progress.value >= progress.target;
  return (
    <Box sx={box} aria-label="Daily goal">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
          Today's goal
        </Typography>
        <Link component={RouterLink} to="/account" variant="body2">
          Change goal
        </Link>
      </Box>
      <Typography
        sx={{
          ...TABULAR,
          fontSize: '1.35rem',
          fontWeight: 700,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <span data-testid="goal-progress">
          {props.today
            ? `${progress.value}/${progress.target} ${progress.type}`
            : `…/${progress.target} ${progress.type}`}
        </span>
        {done && <EmojiEvents sx={{ color: 'secondary.light' }} titleAccess="Goal reached" />}
      </Typography>
      <ProgressBar
        value={progress.fraction * 100}
        color={done ? 'success' : 'primary'}
        label="Daily goal progress"
        sx={{ mt: 1.25, height: 8, borderRadius: '999px' }}
      />
    </Box>
  );
}
