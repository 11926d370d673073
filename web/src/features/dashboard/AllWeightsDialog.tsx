import { PagedDialog } from '../../components/PagedDialog.tsx';
import { type PagerState, usePager } from '../../components/usePager.ts';
import { keys, useDataScope } from '../../data/queries.ts';
import { useUnits } from '../../data/units.ts';
import { countWeights, type StoredWeight, WEIGHTS_PAGE_SIZE, weightsPage } from '../../data/weights.ts';
import { MSG } from './messages.ts';
import { WeightList } from './WeightList.tsx';

export function useWeightPager(open: boolean): PagerState<StoredWeight> {
  const { store, uid } = useDataScope();
  return usePager(open, {
    queryKey: [...keys.weights(uid), 'pages'],
    pageSize: WEIGHTS_PAGE_SIZE,
    count: () => countWeights(store, uid),
    load: (after) => weightsPage(store, uid, after),
    errorMessage: MSG.fetchWeights,
  });
}

/** Every weight record, 50 per page. */
export function AllWeightsDialog(props: {
  open: boolean;
  onClose: () => void;
  onOpen: (record: StoredWeight) => void;
}) {
  const pager = useWeightPager(props.open);
  const units = useUnits();
  return (
    <PagedDialog
      open={props.open}
      onClose={props.onClose}
      title="All Weight Records"
      pager={pager}
      empty="No weight records yet."
    >
      <WeightList label="All weight records" records={pager.items} onOpen={props.onOpen} units={units} />
    </PagedDialog>
  );
}
