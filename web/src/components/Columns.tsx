import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Cards side by side from md (`md`: the columns), one column on phones that wide content cannot widen. */
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
