import type { QueryKey } from '@tanstack/react-query';
import { type PagerState, usePager } from '../../components/usePager.ts';
import { useDataScope } from '../../data/queries.ts';
import { countRecords, type RecordKind, recordsPage } from '../../data/records.ts';

/**
 * The pager behind a "Show All" popup of the person's records: a page of `kind.pageSize`, newest
 * first, under `key` (so a save there re-reads the pages).
 */
export function useRecordPager<T>(
  open: boolean,
  kind: RecordKind<T>,
  source: {
    key: (uid: string) => QueryKey;
    errorMessage: string;
  },
): PagerState<T> {
  const { store, uid } = useDataScope();
  return usePager(open, {
    queryKey: [...source.key(uid), 'pages'],
    pageSize: kind.pageSize,
    count: () => countRecords(store, uid, kind),
    load: (after) => recordsPage(store, uid, kind, after),
    errorMessage: source.errorMessage,
  });
}
