/** A "Show All" popup: one page of records with Previous / Next and 'Page n of m'. */
import type { Cursor } from '@fit/shared/store';
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
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { withTimeout } from '../../data/live-query.ts';
import { useDataScope } from '../../data/queries.ts';
import { countRecords, type RecordKind, recordsPage } from '../../data/records.ts';
import { TABULAR } from './format.ts';

const STEP = {
  minWidth: 0,
  '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
  '& .MuiButton-endIcon': { ml: { xs: 0, sm: 1 } },
} as const;

/** Cursor paging: a count query, and a query per page keyed by its cursor, under `key` (a save there re-reads them). */
function usePages<T>(open: boolean, kind: RecordKind<T>, key: QueryKey) {
  const { store, uid } = useDataScope();
  const [page, setPage] = useState(1);
  /** starts[i] = the cursor page i+1 starts after (null for page 1). */
  const starts = useRef<(Cursor | null)[]>([null]);

  // Back to page 1 whenever the popup opens.
  useEffect(() => {
    if (open) {
      starts.current = [null];
      setPage(1);
    }
  }, [open]);

  const after = starts.current[page - 1] ?? null;
  const count = useQuery({
    queryKey: [...key, 'pages', 'count'],
    queryFn: () => withTimeout(countRecords(store, uid, kind)),
    enabled: open,
  });
  const rows = useQuery({
    queryKey: [...key, 'pages', 'page', page, after],
    queryFn: () => withTimeout(recordsPage(store, uid, kind, after)),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const pages = Math.max(1, Math.ceil((count.data ?? 0) / kind.pageSize));
  const current = rows.isPlaceholderData ? undefined : rows.data;
  if (current) starts.current[page] = current.next;
  const emptied = current !== undefined && current.items.length === 0 && page > 1;

  // The page emptied (deletes): step back.
  useEffect(() => {
    if (emptied) setPage((p) => Math.max(1, Math.min(p - 1, pages)));
  }, [emptied, pages]);

  return {
    items: rows.data?.items ?? [],
    page,
    pages,
    loading: open && (count.isFetching || rows.isFetching || emptied),
    failed: count.isError || rows.isError,
    next: () => setPage((p) => (starts.current[p] ? p + 1 : p)),
    previous: () => setPage((p) => Math.max(1, p - 1)),
  };
}

export function AllRecordsDialog<T>(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  kind: RecordKind<T>;
  queryKey: QueryKey;
  /** Said when a page or the count cannot be read. */
  error: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const pager = usePages(props.open, props.kind, props.queryKey);
  // On phones the arrows alone: the name stays as the button's label.
  const step = (label: string, icon: ButtonProps, onClick: () => void, atEnd: boolean) => (
    <Button aria-label={label} {...icon} onClick={onClick} disabled={pager.loading || atEnd} sx={STEP}>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle>{props.title}</DialogTitle>
      <Box sx={{ height: 4 }}>{pager.loading && <LinearProgress aria-label="Loading page" />}</Box>
      <DialogContent dividers sx={{ minHeight: 200 }}>
        {pager.failed && <Alert severity="error">{props.error}</Alert>}
        {!pager.failed && !pager.loading && pager.items.length === 0 ? (
          <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
            {props.empty}
          </Typography>
        ) : (
          props.children(pager.items)
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
