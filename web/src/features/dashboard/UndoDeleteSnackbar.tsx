/** Undo for a deleted activity or weigh-in: writes the entry back under its own id. */
import { type RestoreProblem, restoreProblem } from '@fit/shared/restore';
import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useState } from 'react';
import { announce } from '../../components/removal-focus.ts';
import { restoreActivity, type StoredActivity } from '../../data/activities.ts';
import { useWeightHistory } from '../../data/activity-queries.ts';
import { keys } from '../../data/queries.ts';
import { useSave } from '../../data/save.ts';
import { restoreWeight, type StoredWeight } from '../../data/weights.ts';

export type Deleted = { kind: 'activity'; record: StoredActivity } | { kind: 'weight'; record: StoredWeight };

/** Why an activity cannot come back as it was: the rules would refuse it as a new entry. */
const NO_UNDO_BECAUSE: Record<RestoreProblem, string> = {
  catalogue: 'this activity is no longer in the catalogue.',
  limits: "it is outside today's limits for this activity.",
  date: 'it is dated in the future or before 2000.',
};

export const UNDO_MESSAGES = {
  activity: 'Activity deleted.',
  weight: 'Weight record deleted.',
  restored: { activity: 'Activity restored.', weight: 'Weight record restored.' },
  failed: 'Failed to undo the delete. Please try again.',
  noUndo: (why: RestoreProblem) => `Activity deleted. It cannot be undone: ${NO_UNDO_BECAUSE[why]}`,
  // The details popup already says when the name left the catalogue.
  warning: (why: RestoreProblem) =>
    why === 'catalogue'
      ? 'Deleting it cannot be undone.'
      : `Deleting this activity cannot be undone: ${NO_UNDO_BECAUSE[why]}`,
} as const;

/** What the Snackbar says of a delete, and whether Undo can bring the entry back as it was. */
function deletedMessage(d: Deleted): { message: string; undo: boolean } {
  const problem = d.kind === 'activity' ? restoreProblem(d.record, Date.now()) : null;
  if (problem) return { message: UNDO_MESSAGES.noUndo(problem), undo: false };
  return { message: UNDO_MESSAGES[d.kind], undo: true };
}

/** Long enough to read and reach Undo (MUI pauses it while hovered or focused). */
const UNDO_MS = 10_000;

export function UndoDeleteSnackbar(props: { deleted: Deleted | null; onDone: () => void }) {
  const { deleted, onDone } = props;
  // Kept while the Snackbar animates closed, so its text does not go blank.
  const [shown, setShown] = useState<Deleted | null>(deleted);
  if (deleted && deleted !== shown) setShown(deleted);
  const history = useWeightHistory().data;
  const undo = useSave<Deleted>({
    save: ({ store, uid }, d) =>
      d.kind === 'activity'
        ? restoreActivity(store, uid, d.record)
        : restoreWeight(store, uid, d.record, history),
    failure: UNDO_MESSAGES.failed,
    rereads: (uid) => [keys.activities(uid), keys.weights(uid)],
    log: 'Undoing a delete failed',
    onSaved: (_result, d) => {
      announce(UNDO_MESSAGES.restored[d.kind]);
      onDone();
    },
  });
  const failed = undo.status?.kind === 'error';
  const said = shown && deletedMessage(shown);

  function close(_event: unknown, reason?: SnackbarCloseReason) {
    if (reason === 'clickaway' || undo.busy) return; // a click elsewhere leaves it up
    undo.setStatus(null);
    onDone();
  }

  return (
    <Snackbar
      open={deleted !== null}
      onClose={close}
      autoHideDuration={failed || undo.busy ? null : UNDO_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={failed ? UNDO_MESSAGES.failed : (said?.message ?? '')}
      action={
        <>
          {shown && said?.undo && (
            <Button
              color="inherit"
              size="small"
              disabled={undo.busy}
              onClick={() => undo.run(shown)}
              sx={{ fontWeight: 700 }}
            >
              Undo
            </Button>
          )}
          <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => close(null)}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
