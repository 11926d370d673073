/** Cursor paging for a "Show All" popup: a count query, and a query per page keyed by its cursor. */
import type { Cursor } from '@fit/shared/store';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withTimeout } from '../data/live-query.ts';

export interface PagerState<T> {
  items: T[];
  page: number;
  pages: number;
  loading: boolean;
  error: string | null;
  next: () => void;
  previous: () => void;
}

interface PagerSource<T> {
  /** The prefix of the count's and the pages' keys (a save under it re-reads them). */
  queryKey: QueryKey;
  pageSize: number;
  count: () => Promise<number>;
  load: (after: Cursor | null) => Promise<{ items: T[]; next: Cursor | null }>;
  errorMessage: string;
}

export function usePager<T>(open: boolean, source: PagerSource<T>): PagerState<T> {
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
    queryKey: [...source.queryKey, 'count'],
    queryFn: () => withTimeout(source.count()),
    enabled: open,
  });
  const rows = useQuery({
    queryKey: [...source.queryKey, 'page', page, after],
    queryFn: () => withTimeout(source.load(after)),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const pages = Math.max(1, Math.ceil((count.data ?? 0) / source.pageSize));
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
    error: count.isError || rows.isError ? source.errorMessage : null,
    next: useCallback(() => setPage((p) => (starts.current[p] ? p + 1 : p)), []),
    previous: useCallback(() => setPage((p) => Math.max(1, p - 1)), []),
  };
}
