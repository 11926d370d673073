import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Cards side by side from the md breakpoint (`md`: the grid's columns there), one column on phones.
 * Columns are `minmax(0, …)` so wide content scrolls inside its card instead of widening the page.
 */
export function Columns(props: { md: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      sx={[
        {
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: props.md },
          alignItems: 'start',
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {props.children}
    </Box>
  );
}
