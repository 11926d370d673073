/**
 * Cursor paging for a "Show All" popup: counts with one aggregate, reads one page at a time with a
 * startAfter cursor, and remembers each page's starting cursor so Previous needs no offset.
 */
import type { Cursor } from '@fit/shared/store';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface PagerState<T> {
  items: T[];
  page: number;
  pages: number;
  loading: boolean;
  error: string | null;
  next: () => void;
  previous: () => void;
  /** Re-reads the count and the current page (after an edit or delete). */
  refresh: () => void;
}

export function usePager<T>(
  open: boolean,
  pageSize: number,
  count: () => Promise<number>,
  load: (after: Cursor | null) => Promise<{ items: T[]; next: Cursor | null }>,
  errorMessage: string,
): PagerState<T> {
  const [items, setItems] = useState<T[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  /** starts[i] = the cursor page i+1 starts after (null for page 1). */
  const starts = useRef<(Cursor | null)[]>([null]);
  const countRef = useRef(count);
  const loadRef = useRef(load);
  countRef.current = count;
  loadRef.current = load;

  // Back to page 1 whenever the popup opens.
  useEffect(() => {
    if (open) {
      starts.current = [null];
      setPage(1);
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    void revision;
    let live = true;
    setLoading(true);
    const after = starts.current[page - 1] ?? null;
    Promise.all([countRef.current(), loadRef.current(after)])
      .then(([n, result]) => {
        if (!live) return;
        const pages = Math.max(1, Math.ceil(n / pageSize));
        if (result.items.length === 0 && page > 1) {
          // The page emptied (deletes): step back.
          setTotal(n);
          setPage((p) => Math.max(1, Math.min(p - 1, pages)));
          return;
        }
        setTotal(n);
        setItems(result.items);
        starts.current[page] = result.next;
        setError(null);
        setLoading(false);
      })
      .catch((e) => {
        console.error('Page fetch failed', e);
        if (live) {
          setError(errorMessage);
          setLoading(false);
        }
      });
    return () => {
      live = false;
    };
  }, [open, page, pageSize, revision, errorMessage]);

  const pages = Math.max(1, Math.ceil(total / pageSize));
  return {
    items,
    page,
    pages,
    loading,
    error,
    next: useCallback(() => setPage((p) => (starts.current[p] ? p + 1 : p)), []),
    previous: useCallback(() => setPage((p) => Math.max(1, p - 1)), []),
    refresh: useCallback(() => setRevision((r) => r + 1), []),
  };
}
