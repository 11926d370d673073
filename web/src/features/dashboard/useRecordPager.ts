import type { LiveDocumentStore } from '@fit/shared/store';
import type { QueryKey } from '@tanstack/react-query';
import { type PagerState, usePager } from '../../components/usePager.ts';
import { useDataScope } from '../../data/queries.ts';
import { countRecords, type RecordKind, type RecordPage, recordsPage } from '../../data/records.ts';

/**
 * The pager behind a "Show All" popup of the person's records: a page of `kind.pageSize`, newest
 * first, under `key` (so a save there re-reads the pages); `onPage` sees each page as read.
 */
export function useRecordPager<T>(
  open: boolean,
  kind: RecordKind<T>,
  source: {
    key: (uid: string) => QueryKey;
    errorMessage: string;
    onPage?: (store: LiveDocumentStore, page: RecordPage<T>) => void;
  },
): PagerState<T> {
  const { store, uid } = useDataScope();
  return usePager(open, {
    queryKey: [...source.key(uid), 'pages'],
    pageSize: kind.pageSize,
    count: () => countRecords(store, uid, kind),
    load: async (after) => {
      const page = await recordsPage(store, uid, kind, after);
      source.onPage?.(store, page);
      return page;
    },
    errorMessage: source.errorMessage,
  });
}
