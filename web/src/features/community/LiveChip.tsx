import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useLiveConnection } from '../../data/connection.ts';

/** "Live" while results flow from the server; "Not live" while the connection is down. */
export function LiveChip() {
  const live = useLiveConnection();
  if (!live)
    return <Chip size="small" label="Not live" variant="outlined" sx={{ color: 'text.secondary' }} />;
  return (
    <Chip
      size="small"
      label="Live"
      variant="outlined"
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'success.main',
            ml: '8px !important',
            position: 'relative',
            // Transform and opacity only: the compositor runs it without repaints (box-shadow did not).
            // Three pulses as the feed goes live, then still: motion past 5 s needs a pause control
            // (WCAG 2.2.2), and an endless pulse kept a core of a software-rendered browser busy.
            '&::after': {
              content: '""',
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              bgcolor: 'success.main',
              opacity: 0,
              animation: 'fit-live 1.6s ease-out 3',
            },
            '@keyframes fit-live': {
              '0%': { transform: 'scale(1)', opacity: 0.45 },
              '100%': { transform: 'scale(2.25)', opacity: 0 },
            },
            '@media (prefers-reduced-motion: reduce)': { '&::after': { animation: 'none' } },
          }}
        />
      }
      sx={{ color: 'success.main', borderColor: 'tint.successBorder', fontWeight: 700 }}
    />
  );
}
