import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** An icon on a rounded accent square, beside or above a heading (decorative: hidden from assistive tech). */
export function IconTile(props: { size: number; children: ReactNode; mb?: number }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: props.size,
        height: props.size,
        borderRadius: '12px',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'surface.accent',
        color: 'primary.main',
        mb: props.mb ?? 0,
      }}
    >
      {props.children}
    </Box>
  );
}
