import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A formula in a help popup, set apart on the primary tint (BMR, calories). */
export function Formula(props: { children: ReactNode }) {
  return (
    <Box
      sx={{
        bgcolor: 'tint.primary',
        borderRadius: '10px',
        px: 2,
        py: 1.5,
        mb: 2,
        fontWeight: 600,
        lineHeight: 1.7,
      }}
    >
      {props.children}
    </Box>
  );
}
