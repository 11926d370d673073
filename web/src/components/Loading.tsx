import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner while a screen or the session loads. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
