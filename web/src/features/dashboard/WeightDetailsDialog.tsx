import type { DocumentStore } from '@fit/shared/store';
import { validateWeightForm } from '@fit/shared/validation';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { deleteWeight, type StoredWeight, updateWeight } from '../../data/weights.ts';
import { formatDateTime } from './format.ts';
import { MSG } from './messages.ts';
import { RecordDialogActions } from './RecordDialogActions.tsx';

/** One weight record: change its weight (Save), Delete it, or Close. */
export function WeightDetailsDialog(props: {
  record: StoredWeight | null;
  store: DocumentStore;
  uid: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const titleId = useId();
  const [shown, setShown] = useState<StoredWeight | null>(props.record);
  const [weight, setWeight] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (props.record) {
      setShown(props.record);
      setWeight(String(props.record.weight));
      setError(null);
    }
  }, [props.record]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!shown) return;
    const checked = validateWeightForm({ weight, timestamp: shown.timestamp });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateWeight(props.store, props.uid, shown.id, checked.value.weight);
      props.onChanged();
      props.onClose();
    } catch (err) {
      console.error('Weight update failed', err);
      setError(MSG.updateWeight);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!shown) return;
    setBusy(true);
    setError(null);
    try {
      await deleteWeight(props.store, props.uid, shown.id);
      props.onChanged();
      props.onClose();
    } catch (err) {
      console.error('Weight delete failed', err);
      setError(MSG.deleteWeight);
    } finally {
      setBusy(false);
    }
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
              setError(null);
            }}
            error={error === MSG.updateWeight ? false : error !== null}
            disabled={busy}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">lbs</InputAdornment> },
              htmlInput: { inputMode: 'decimal', style: { fontVariantNumeric: 'tabular-nums' } },
            }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <RecordDialogActions busy={busy} onDelete={remove} onClose={props.onClose} />
      </form>
    </Dialog>
  );
}
