import { unitLabel } from '@fit/shared/units';
import { MESSAGES, validateWeightForm } from '@fit/shared/validation';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { DateTimeInput, fromDateTimeLocal, toDateTimeLocal } from '../../components/DateTimeInput.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { keys } from '../../data/queries.ts';
import { useSave } from '../../data/save.ts';
import { inputText, typedBodyMeasure, useUnits } from '../../data/units.ts';
import { deleteWeight, type StoredWeight, updateWeight } from '../../data/weights.ts';
import { formatDateTime } from './format.ts';
import { MSG } from './messages.ts';
import { RecordDialogActions } from './RecordDialogActions.tsx';

/** One weight record: change its weight (Save), Delete it, or Close. */
export function WeightDetailsDialog(props: { record: StoredWeight | null; onClose: () => void }) {
  const titleId = useId();
  const units = useUnits();
  const [shown, setShown] = useState<StoredWeight | null>(props.record);
  const [weight, setWeight] = useState('');
  const [when, setWhen] = useState('');
  const update = useSave({
    save: ({ store, uid }, vars: { id: string; weight: number; timestamp?: number }) =>
      updateWeight(store, uid, vars.id, vars.weight, vars.timestamp),
    failure: MSG.updateWeight,
    rereads: (uid) => [keys.weights(uid)],
    onSaved: props.onClose,
    log: 'Weight update failed',
  });
  const remove = useSave({
    save: ({ store, uid }, id: string) => deleteWeight(store, uid, id),
    failure: MSG.deleteWeight,
    rereads: (uid) => [keys.weights(uid)],
    onSaved: props.onClose,
    log: 'Weight delete failed',
  });
  const busy = update.busy || remove.busy;
  const status = update.status ?? remove.status;
  const { setStatus } = update;
  const clear = useCallback(() => {
    update.setStatus(null);
    remove.setStatus(null);
  }, [update.setStatus, remove.setStatus]);

  useEffect(() => {
    if (props.record) {
      setShown(props.record);
      setWeight(inputText('bodyWeight', props.record.weight, units));
      setWhen(toDateTimeLocal(props.record.timestamp));
      clear();
    }
  }, [props.record, clear, units]);

  function save(e: FormEvent) {
    e.preventDefault();
    if (!shown) return;
    const typed = typedBodyMeasure('bodyWeight', weight, units, MESSAGES.weightPositive, {
      stored: shown.weight,
    });
    // The stored instant stays unless the minute shown was changed.
    const moved = when !== toDateTimeLocal(shown.timestamp);
    const timestamp = moved ? fromDateTimeLocal(when) : shown.timestamp;
    const checked =
      'message' in typed
        ? ({ ok: false, message: typed.message } as const)
        : validateWeightForm({ weight: typed.value, timestamp, ...(moved ? { now: Date.now() } : {}) });
    remove.setStatus(null);
    if (!checked.ok) {
      setStatus({
        kind: 'error',
        message: checked.message,
        field: ('field' in checked ? checked.field : undefined) ?? 'weight',
      });
      return;
    }
    update.run({ id: shown.id, weight: checked.value.weight, ...(moved ? { timestamp } : {}) });
  }

  return (
    <Dialog
      open={props.record !== null}
      onClose={busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>Weight Record Details</DialogTitle>
        <DialogContent>
          {shown && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Logged {formatDateTime(shown.timestamp)}
            </Typography>
          )}
          <TextField
            label="Weight"
            value={weight}
            onChange={(e) => {
              setWeight(e.target.value);
              clear();
            }}
            error={status?.field === 'weight'}
            disabled={busy}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">{unitLabel('bodyWeight', units)}</InputAdornment>
                ),
              },
              htmlInput: { inputMode: 'decimal', style: { fontVariantNumeric: 'tabular-nums' } },
            }}
          />
          <DateTimeInput
            id="weight-edit-when"
            value={when}
            onChange={(v) => {
              setWhen(v ?? (shown ? toDateTimeLocal(shown.timestamp) : ''));
              clear();
            }}
            disabled={busy}
            error={status?.field === 'timestamp'}
            sx={{ mt: 2.5 }}
          />
          <StatusAlert status={status} sx={{ mt: 2 }} />
        </DialogContent>
        <RecordDialogActions
          busy={busy}
          onDelete={() => {
            if (!shown) return;
            update.setStatus(null);
            remove.run(shown.id);
          }}
          onClose={props.onClose}
        />
      </form>
    </Dialog>
  );
}
