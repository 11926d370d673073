import { ACTIVITY_NAMES, findActivity } from '@fit/shared/catalogue';
import { ALERT_DELETE_ACTIVITY, ALERT_UPDATE_ACTIVITY } from '@fit/shared/messages';
import type { ActivityRecord } from '@fit/shared/model';
import { restoreProblem } from '@fit/shared/restore';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { RecordDetailsDialog, useRecordEditor } from '../../components/RecordDetailsDialog.tsx';
import { deleteActivity, type StoredActivity, updateActivity } from '../../data/activities.ts';
import { useRequiredUser } from '../../data/context.tsx';
import { keys } from '../../data/queries.ts';
import { useUnits } from '../../data/units.ts';
import { ActivityAutocomplete } from './ActivityAutocomplete.tsx';
import { ActivityFields, type ActivityInputs, EMPTY_INPUTS, inputsOf, typedSets } from './ActivityFields.tsx';
import { validateActivityInUnits } from './activity-units.ts';
import { distanceAndPace, formatDateTime } from './format.ts';
import { SetsSummary } from './SetsSummary.tsx';
import { UNDO_MESSAGES } from './UndoDeleteSnackbar.tsx';

/** One activity: edit it (Save), Delete it, or Close; a time left as stored is not checked again. */
export function ActivityDetailsDialog(props: {
  activity: StoredActivity | null;
  weight: number | undefined;
  onClose: () => void;
  /** The activity was deleted: the page offers to undo it. */
  onDeleted?: (activity: StoredActivity) => void;
}) {
  const [values, setValues] = useState<ActivityInputs>(EMPTY_INPUTS);
  const units = useUnits();
  const [activityType, setActivityType] = useState<string | null>(null);
  const { uid } = useRequiredUser();
  const editor = useRecordEditor({
    record: props.activity,
    load: useCallback(
      (activity: StoredActivity) => {
        setValues(inputsOf(activity, units));
        setActivityType(activity.activityType);
      },
      [units],
    ),
    update: {
      save: ({ store }, vars: { stored: StoredActivity; record: ActivityRecord }) =>
        updateActivity(store, uid, vars.stored.id, vars.record, vars.stored),
      failure: ALERT_UPDATE_ACTIVITY,
      rereads: (id) => [keys.activities(id)],
      log: 'Activity update failed',
    },
    remove: {
      save: ({ store }, id: string) => deleteActivity(store, uid, id),
      failure: ALERT_DELETE_ACTIVITY,
      rereads: (id) => [keys.activities(id)],
      log: 'Activity delete failed',
    },
    removed: 'Activity deleted.',
    onRemoved: props.onDeleted,
    onClose: props.onClose,
  });
  const { shown, busy, status } = editor;
  const noUndo = shown ? restoreProblem(shown, Date.now()) : null;

  const activity = activityType ? findActivity(activityType) : undefined;
  // The stored type may have left the catalogue: it stays listed so the select shows it.
  const options =
    shown && !ACTIVITY_NAMES.includes(shown.activityType)
      ? [...ACTIVITY_NAMES, shown.activityType]
      : ACTIVITY_NAMES;

  function save(stored: StoredActivity) {
    const { timestamp, moved } = editor.chosenTime(stored);
    const checked = validateActivityInUnits(
      units,
      {
        userId: uid,
        activityType: activityType ?? '',
        ...values,
        sets: typedSets(activity, values),
        timestamp,
        ...(moved ? { now: Date.now() } : {}),
      },
      stored.weightLifted,
      stored.distance,
      stored.sets,
    );
    if (!checked.ok) {
      editor.refuse(checked.message, checked.field);
      return;
    }
    editor.update({ stored, record: checked.value });
  }

  return (
    <RecordDetailsDialog
      editor={editor}
      title="Activity Details"
      maxWidth="sm"
      whenId="edit-when"
      onSave={save}
      saveDisabled={!activity}
      summary={
        shown && (
          <>
            <Typography variant="h6" component="p">
              {shown.activityType}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {formatDateTime(shown.timestamp)}
            </Typography>
            {shown.distance !== undefined && (
              <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
                {distanceAndPace(shown, units)}
              </Typography>
            )}
            <SetsSummary sets={shown.sets} units={units} />
          </>
        )
      }
    >
      <ActivityAutocomplete
        options={options}
        value={activityType}
        onChange={editor.edit(setActivityType)}
        disabled={busy}
      />
      {activity ? (
        <ActivityFields
          idPrefix="edit"
          activity={activity}
          storedDistance={shown?.distance}
          values={values}
          onChange={editor.edit(setValues)}
          weight={props.weight}
          disabled={busy}
          errorField={status?.field}
        />
      ) : (
        shown && (
          <Typography color="textSecondary">
            {activityType ? 'This activity is no longer in the catalogue.' : 'Choose an activity.'}
          </Typography>
        )
      )}
      {noUndo && <Typography color="textSecondary">{UNDO_MESSAGES.warning(noUndo)}</Typography>}
    </RecordDetailsDialog>
  );
}
