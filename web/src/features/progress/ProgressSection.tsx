import Box from '@mui/material/Box';
import { HistoryCard } from './HistoryCard.tsx';
import { ProgressCard } from './ProgressCard.tsx';
import { useProgress } from './useProgress.ts';

/** The progress cards under the dashboard, over one live progress document. */
export function ProgressSection() {
  const state = useProgress();
  return (
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
  );
}

export default ProgressSection;
