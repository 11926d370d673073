import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

import type { PagerState } from './usePager.ts';

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
        <Button
          aria-label="Previous"
          startIcon={<ChevronLeft />}
          onClick={pager.previous}
          disabled={pager.loading || pager.page <= 1}
          sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Previous
          </Box>
        </Button>
        <Typography sx={{ ...TABULAR, color: 'text.secondary', px: 1 }} aria-live="polite">
          Page {pager.page} of {pager.pages}
        </Typography>
        <Button
          aria-label="Next"
          endIcon={<ChevronRight />}
          onClick={pager.next}
          disabled={pager.loading || pager.page >= pager.pages}
          sx={{ minWidth: 0, '& .MuiButton-endIcon': { ml: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Next
          </Box>
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
