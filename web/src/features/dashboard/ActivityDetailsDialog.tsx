import { findActivity } from '@fit/shared/catalogue';
import type { DocumentStore } from '@fit/shared/store';
import { validateActivityForm } from '@fit/shared/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { deleteActivity, type StoredActivity, updateActivity } from '../../data/activities.ts';
import { ActivityFields, type ActivityInputs, EMPTY_INPUTS, inputsOf } from './ActivityFields.tsx';
import { formatDateTime } from './format.ts';
import { MSG } from './messages.ts';
import { RecordDialogActions } from './RecordDialogActions.tsx';

/** One activity: edit its numbers (Save), Delete it, or Close. Its time and type stay. */
export function ActivityDetailsDialog(props: {
  activity: StoredActivity | null;
  store: DocumentStore;
  uid: string;
  weight: number | undefined;
  onClose: () => void;
  onChanged: () => void;
}) {
  const titleId = useId();
  // Keep the last activity while the dialog animates closed.
  const [shown, setShown] = useState<StoredActivity | null>(props.activity);
  const [values, setValues] = useState<ActivityInputs>(EMPTY_INPUTS);
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (props.activity) {
      setShown(props.activity);
      setValues(inputsOf(props.activity));
      setError(null);
    }
  }, [props.activity]);

  const activity = shown ? findActivity(shown.activityType) : undefined;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!shown) return;
    const checked = validateActivityForm({
      userId: props.uid,
      activityType: shown.activityType,
      count: values.count,
      time: values.time,
      weightLifted: values.weightLifted,
      timestamp: shown.timestamp,
    });
    if (!checked.ok) {
      setError({ message: checked.message, field: checked.field });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateActivity(props.store, props.uid, shown.id, checked.value);
      props.onChanged();
      props.onClose();
    } catch (err) {
      console.error('Activity update failed', err);
      setError({ message: MSG.updateActivity });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!shown) return;
    setBusy(true);
    setError(null);
    try {
      await deleteActivity(props.store, props.uid, shown.id);
      props.onChanged();
      props.onClose();
    } catch (err) {
      console.error('Activity delete failed', err);
      setError({ message: MSG.deleteActivity });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={props.activity !== null}
      onClose={busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>Activity Details</DialogTitle>
        <DialogContent>
          {shown && (
            <Box sx={{ mb: 2.5 }}>
              <Typography variant="h6" component="p">
                {shown.activityType}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(shown.timestamp)}
              </Typography>
            </Box>
          )}
          {activity ? (
            <ActivityFields
              idPrefix="edit"
              activity={activity}
              values={values}
              onChange={(v) => {
                setValues(v);
                if (error) setError(null);
              }}
              weight={props.weight}
              disabled={busy}
              errorField={error?.field}
            />
          ) : (
            shown && (
              <Typography color="text.secondary">This activity is no longer in the catalogue.</Typography>
            )
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error.message}
            </Alert>
          )}
        </DialogContent>
        <RecordDialogActions busy={busy} onDelete={remove} onClose={props.onClose} saveDisabled={!activity} />
      </form>
    </Dialog>
  );
}
