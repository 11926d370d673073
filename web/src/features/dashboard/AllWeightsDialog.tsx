import type { Cursor, DocumentStore } from '@fit/shared/store';
import { useCallback } from 'react';
import { countWeights, type StoredWeight, WEIGHTS_PAGE_SIZE, weightsPage } from '../../data/weights.ts';
import { MSG } from './messages.ts';
import { PagedDialog } from './PagedDialog.tsx';
import { type PagerState, usePager } from './usePager.ts';
import { WeightList } from './WeightList.tsx';

export function useWeightPager(store: DocumentStore, uid: string, open: boolean): PagerState<StoredWeight> {
  const count = useCallback(() => countWeights(store, uid), [store, uid]);
  const load = useCallback(
    async (after: Cursor | null) => {
      const page = await weightsPage(store, uid, after);
      return { items: page.records, next: page.next };
    },
    [store, uid],
  );
  return usePager(open, WEIGHTS_PAGE_SIZE, count, load, MSG.fetchWeights);
}

/** Every weight record, 50 per page. */
export function AllWeightsDialog(props: {
  open: boolean;
  onClose: () => void;
  pager: PagerState<StoredWeight>;
  onOpen: (record: StoredWeight) => void;
}) {
  return (
    <PagedDialog
      open={props.open}
      onClose={props.onClose}
      title="All Weight Records"
      pager={props.pager}
      empty="No weight records yet."
    >
      <WeightList label="All weight records" records={props.pager.items} onOpen={props.onOpen} />
    </PagedDialog>
  );
}
