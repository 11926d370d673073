import { ACTIVITY_NAMES, findActivity } from '@fit/shared/catalogue';
import type { ActivityRecord } from '@fit/shared/model';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { DateTimeInput, fromDateTimeLocal, toDateTimeLocal } from '../../components/DateTimeInput.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { deleteActivity, type StoredActivity, updateActivity } from '../../data/activities.ts';
import { useRequiredUser } from '../../data/context.tsx';
import { keys } from '../../data/queries.ts';
import { useSave } from '../../data/save.ts';
import { useUnits } from '../../data/units.ts';
import {
  ActivityFields,
  type ActivityInputs,
  ActivityPicker,
  EMPTY_INPUTS,
  inputsOf,
} from './ActivityFields.tsx';
import { validateActivityInUnits } from './activity-units.ts';
import { formatDateTime } from './format.ts';
import { MSG } from './messages.ts';
import { RecordDialogActions } from './RecordDialogActions.tsx';

/**
 * One activity: edit its type, numbers, date and time (Save), Delete it, or Close. A new type
 * shows the inputs it accepts and its calories (the spec's formula); the time is saved as stored
 * unless the person changes it (then it is checked: not ahead of now, at most a year back).
 */
export function ActivityDetailsDialog(props: {
  activity: StoredActivity | null;
  weight: number | undefined;
  onClose: () => void;
}) {
  const titleId = useId();
  // Keep the last activity while the dialog animates closed.
  const [shown, setShown] = useState<StoredActivity | null>(props.activity);
  const [values, setValues] = useState<ActivityInputs>(EMPTY_INPUTS);
  const units = useUnits();
  const [activityType, setActivityType] = useState<string | null>(null);
  const [when, setWhen] = useState('');
  const { uid } = useRequiredUser();
  const update = useSave({
    save: ({ store }, vars: { stored: StoredActivity; record: ActivityRecord }) =>
      updateActivity(store, uid, vars.stored.id, vars.record, vars.stored),
    failure: MSG.updateActivity,
    rereads: (id) => [keys.activities(id)],
    onSaved: props.onClose,
    log: 'Activity update failed',
  });
  const remove = useSave({
    save: ({ store }, id: string) => deleteActivity(store, uid, id),
    failure: MSG.deleteActivity,
    rereads: (id) => [keys.activities(id)],
    onSaved: props.onClose,
    log: 'Activity delete failed',
  });
  const busy = update.busy || remove.busy;
  const status = update.status ?? remove.status;
  const clear = useCallback(() => {
    update.setStatus(null);
    remove.setStatus(null);
  }, [update.setStatus, remove.setStatus]);

  useEffect(() => {
    if (props.activity) {
      setShown(props.activity);
      setValues(inputsOf(props.activity, units));
      setActivityType(props.activity.activityType);
      setWhen(toDateTimeLocal(props.activity.timestamp));
      clear();
    }
  }, [props.activity, clear, units]);

  const activity = activityType ? findActivity(activityType) : undefined;
  // The stored type may have left the catalogue: it stays listed so the select shows it.
  const options =
    shown && !ACTIVITY_NAMES.includes(shown.activityType)
      ? [...ACTIVITY_NAMES, shown.activityType]
      : ACTIVITY_NAMES;
  const edited = () => {
    if (status) clear();
  };

  function save(e: FormEvent) {
    e.preventDefault();
    if (!shown) return;
    // The stored instant stays unless the minute shown was changed (the field shows minutes only).
    const timeChanged = when !== toDateTimeLocal(shown.timestamp);
    const checked = validateActivityInUnits(
      units,
      {
        userId: uid,
        activityType: activityType ?? '',
        count: values.count,
        time: values.time,
        weightLifted: values.weightLifted,
        timestamp: timeChanged ? fromDateTimeLocal(when) : shown.timestamp,
        ...(timeChanged ? { now: Date.now() } : {}),
      },
      shown.weightLifted,
    );
    remove.setStatus(null);
    if (!checked.ok) {
      update.setStatus({ kind: 'error', message: checked.message, field: checked.field });
      return;
    }
    update.run({ stored: shown, record: checked.value });
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
          <Stack spacing={2}>
            <ActivityPicker
              options={options}
              value={activityType}
              onChange={(name) => {
                setActivityType(name);
                edited();
              }}
              disabled={busy}
            />
            {activity ? (
              <ActivityFields
                idPrefix="edit"
                activity={activity}
                values={values}
                onChange={(v) => {
                  setValues(v);
                  edited();
                }}
                weight={props.weight}
                disabled={busy}
                errorField={status?.field}
              />
            ) : (
              shown && (
                <Typography color="text.secondary">
                  {activityType ? 'This activity is no longer in the catalogue.' : 'Choose an activity.'}
                </Typography>
              )
            )}
            <DateTimeInput
              id="edit-when"
              value={when}
              onChange={(v) => {
                // Cleared: back to the stored time.
                setWhen(v ?? (shown ? toDateTimeLocal(shown.timestamp) : ''));
                edited();
              }}
              disabled={busy}
              error={status?.field === 'timestamp'}
            />
          </Stack>
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
          saveDisabled={!activity}
        />
      </form>
    </Dialog>
  );
}
