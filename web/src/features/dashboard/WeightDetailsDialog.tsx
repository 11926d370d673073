import { ALERT_DELETE_WEIGHT, ALERT_UPDATE_WEIGHT } from '@fit/shared/messages';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { RecordDetailsDialog, useRecordEditor } from '../../components/RecordDetailsDialog.tsx';
import { useWeightHistory } from '../../data/activity-queries.ts';
import { keys } from '../../data/queries.ts';
import { inputText, useUnits } from '../../data/units.ts';
import { deleteWeight, type StoredWeight, updateWeight } from '../../data/weights.ts';
import { formatDateTime } from './format.ts';
import { checkWeightForm, WeightInput } from './WeightInput.tsx';

/** One weight record: change its weight or time (Save), Delete it, or Close. */
export function WeightDetailsDialog(props: {
  record: StoredWeight | null;
  onClose: () => void;
  /** The record was deleted: the page offers to undo it. */
  onDeleted?: (record: StoredWeight) => void;
}) {
  const units = useUnits();
  const [weight, setWeight] = useState('');
  // The records the dashboard shows say which one is the newest (weights.ts reads nothing first).
  const history = useWeightHistory().data;
  const editor = useRecordEditor({
    record: props.record,
    load: useCallback(
      (record: StoredWeight) => setWeight(inputText('bodyWeight', record.weight, units)),
      [units],
    ),
    update: {
      save: ({ store, uid }, vars: { id: string; weight: number; timestamp?: number }) =>
        updateWeight(store, uid, vars, history),
      failure: ALERT_UPDATE_WEIGHT,
      rereads: (uid) => [keys.weights(uid)],
      log: 'Weight update failed',
    },
    remove: {
      save: ({ store, uid }, id: string) => deleteWeight(store, uid, id, history),
      failure: ALERT_DELETE_WEIGHT,
      rereads: (uid) => [keys.weights(uid)],
      log: 'Weight delete failed',
    },
    removed: 'Weight record deleted.',
    onRemoved: props.onDeleted,
    onClose: props.onClose,
  });

  function save(shown: StoredWeight) {
    const { timestamp, moved } = editor.chosenTime(shown);
    const checked = checkWeightForm({
      text: weight,
      units,
      timestamp,
      stored: shown.weight,
      ...(moved ? { now: Date.now() } : {}),
    });
    if (!checked.ok) {
      editor.refuse(checked.message, checked.field);
      return;
    }
    editor.update({ id: shown.id, weight: checked.value.weight, ...(moved ? { timestamp } : {}) });
  }

  return (
    <RecordDetailsDialog
      editor={editor}
      title="Weight Record Details"
      maxWidth="xs"
      whenId="weight-edit-when"
      onSave={save}
      summary={
        editor.shown && (
          <Typography variant="body2" color="textSecondary">
            Logged {formatDateTime(editor.shown.timestamp)}
          </Typography>
        )
      }
    >
      <WeightInput
        label="Weight"
        value={weight}
        onChange={editor.edit(setWeight)}
        error={editor.status?.field === 'weight'}
        disabled={editor.busy}
      />
    </RecordDetailsDialog>
  );
}
