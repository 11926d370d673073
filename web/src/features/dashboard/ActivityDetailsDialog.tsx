import { findActivity } from '@fit/shared/catalogue';
import type { ActivityRecord } from '@fit/shared/model';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { deleteActivity, type StoredActivity, updateActivity } from '../../data/activities.ts';
import { useRequiredUser } from '../../data/context.tsx';
import { keys } from '../../data/queries.ts';
import { useSave } from '../../data/save.ts';
import { useUnits } from '../../data/units.ts';
import { ActivityFields, type ActivityInputs, EMPTY_INPUTS, inputsOf } from './ActivityFields.tsx';
import { validateActivityInUnits } from './activity-units.ts';
import { formatDateTime } from './format.ts';
import { MSG } from './messages.ts';
import { RecordDialogActions } from './RecordDialogActions.tsx';

/** One activity: edit its numbers (Save), Delete it, or Close. Its time and type stay. */
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
  const { uid } = useRequiredUser();
  const update = useSave({
    save: ({ store }, vars: { id: string; record: ActivityRecord }) =>
      updateActivity(store, uid, vars.id, vars.record),
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
      clear();
    }
  }, [props.activity, clear, units]);

  const activity = shown ? findActivity(shown.activityType) : undefined;

  function save(e: FormEvent) {
    e.preventDefault();
    if (!shown) return;
    const checked = validateActivityInUnits(
      units,
      {
        userId: uid,
        activityType: shown.activityType,
        count: values.count,
        time: values.time,
        weightLifted: values.weightLifted,
        timestamp: shown.timestamp,
      },
      shown.weightLifted,
    );
    remove.setStatus(null);
    if (!checked.ok) {
      update.setStatus({ kind: 'error', message: checked.message, field: checked.field });
      return;
    }
    update.run({ id: shown.id, record: checked.value });
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
                if (status) clear();
              }}
              weight={props.weight}
              disabled={busy}
              errorField={status?.field}
            />
          ) : (
            shown && (
              <Typography color="text.secondary">This activity is no longer in the catalogue.</Typography>
            )
          )}
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
