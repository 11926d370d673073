import Box from '@mui/material/Box';
import { memo } from 'react';
import { UnitsProvider } from '../../data/units.ts';
import { HistoryCard } from './HistoryCard.tsx';
import { ProgressCard } from './ProgressCard.tsx';
import { useProgress } from './useProgress.ts';

// Each redraws only when the section's state changes (useProgress keeps it stable).
const History = memo(HistoryCard);
const Progress = memo(ProgressCard);

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
        <History state={state} />
        <Progress state={state} />
      </Box>
    </UnitsProvider>
  );
}
