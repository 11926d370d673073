import Box from '@mui/material/Box';
import { UnitsProvider } from '../../data/units.ts';
import { HistoryCard } from './HistoryCard.tsx';
import { ProgressCard } from './ProgressCard.tsx';
import { useProgress } from './useProgress.ts';

/** The progress cards under the dashboard, in the user's units. */
export function ProgressSection() {
  const state = useProgress();
  return (
    <UnitsProvider>
      <Box
        sx={{
          mt: { xs: 2, md: 3 },
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: 'minmax(0, 1fr)',
        }}
      >
        <HistoryCard state={state} />
        <ProgressCard state={state} />
      </Box>
    </UnitsProvider>
  );
}
