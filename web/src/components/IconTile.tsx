import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** An icon on a rounded accent square, beside or above a heading (decorative: hidden from assistive tech). */
export function IconTile(props: { size: number; children: ReactNode; mb?: number; sx?: SxProps<Theme> }) {
  return (
    <Box
      aria-hidden="true"
      sx={[
        {
          width: props.size,
          height: props.size,
          borderRadius: '12px',
          display: 'grid',
          placeItems: 'center',
          mb: props.mb ?? 0,
          bgcolor: 'surface.accent',
          color: 'primary.main',
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {props.children}
    </Box>
  );
}
