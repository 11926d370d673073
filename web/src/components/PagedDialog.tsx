import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

import type { PagerState } from './usePager.ts';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;
const STEP = {
  minWidth: 0,
  '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
  '& .MuiButton-endIcon': { ml: { xs: 0, sm: 1 } },
} as const;

/** A "Show All" popup: one page of rows with Previous / Next and 'Page n of m'. */
export function PagedDialog<T>(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  pager: PagerState<T>;
  empty: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const { pager } = props;
  // On phones the arrows alone: the name stays as the button's label.
  const step = (label: string, icon: ButtonProps, onClick: () => void, atEnd: boolean) => (
    <Button aria-label={label} {...icon} onClick={onClick} disabled={pager.loading || atEnd} sx={STEP}>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      scroll="paper"
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <Box sx={{ height: 4 }}>{pager.loading && <LinearProgress aria-label="Loading page" />}</Box>
      <DialogContent dividers sx={{ minHeight: 200 }}>
        {pager.error && <Alert severity="error">{pager.error}</Alert>}
        {!pager.error && !pager.loading && pager.items.length === 0 ? (
          <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
            {props.empty}
          </Typography>
        ) : (
          props.children
        )}
      </DialogContent>
      <DialogActions sx={{ px: { xs: 1.5, sm: 3 }, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {step('Previous', { startIcon: <ChevronLeft /> }, pager.previous, pager.page <= 1)}
        <Typography sx={{ ...TABULAR, color: 'text.secondary', px: 1 }} aria-live="polite">
          Page {pager.page} of {pager.pages}
        </Typography>
        {step('Next', { endIcon: <ChevronRight /> }, pager.next, pager.page >= pager.pages)}
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
