import { PagedDialog } from '../../components/PagedDialog.tsx';
import type { PagerState } from '../../components/usePager.ts';
import { keys } from '../../data/queries.ts';
import { useUnits } from '../../data/units.ts';
import { type StoredWeight, WEIGHT_RECORDS } from '../../data/weights.ts';
import { MSG } from './messages.ts';
import { useRecordPager } from './useRecordPager.ts';
import { WeightList } from './WeightList.tsx';

function useWeightPager(open: boolean): PagerState<StoredWeight> {
  return useRecordPager(open, WEIGHT_RECORDS, { key: keys.weights, errorMessage: MSG.fetchWeights });
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
