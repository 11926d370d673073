import { ALERT_SAVE_GOAL } from '@fit/shared/messages';
import { type DailyGoal, DEFAULT_GOAL_TYPE, GOAL_TYPES } from '@fit/shared/model';
import { validateGoalForm } from '@fit/shared/validation';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ActionDialog } from '../../components/ConfirmDialog.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { saveGoal } from '../../data/goal.ts';
import { useSave } from '../../data/save.ts';

/** After a popup that opened by itself (no focus to give back): "Set a goal", else the heading. */
function focusAfterClose() {
  // Still in the closing popup (it had nothing to give focus back to), or nowhere.
  const active = document.activeElement;
  if (active && active !== document.body && !active.closest('[role="dialog"]')) return;
  const target =
    document.querySelector<HTMLElement>('[data-set-goal]') ?? document.querySelector<HTMLElement>('main h1');
  if (!target) return;
  if (target.tagName === 'H1') target.tabIndex = -1;
  target.focus();
}

/** Invites the user to set a daily goal; 'Maybe Later' just closes it. */
export function GoalDialog(props: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const [target, setTarget] = useState('');
  const [type, setType] = useState<string>(DEFAULT_GOAL_TYPE);
  const save = useSave({
    save: ({ store, uid }, goal: DailyGoal) => saveGoal(store, uid, goal),
    failure: ALERT_SAVE_GOAL,
    onSaved: () => {
      setTarget('');
      props.onSaved();
    },
    log: 'Goal save failed',
  });
  const { busy, status, setStatus } = save;

  function submit() {
    const checked = validateGoalForm({ target, type });
    if (!checked.ok) {
      setStatus({ kind: 'error', message: checked.message });
      return;
    }
    save.run(checked.value);
  }

  return (
    <ActionDialog
      open={props.open}
      title="Set a daily goal"
      onClose={props.onClose}
      busy={busy}
      onSubmit={submit}
      onExited={focusAfterClose}
      actions={
        <>
          <Button onClick={props.onClose} disabled={busy}>
            Maybe Later
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Set Goal
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2.5 }}>
        A daily target keeps you moving. Pick what to count; progress resets at midnight.
      </DialogContentText>
      <Stack direction="row" spacing={1.5}>
        <TextField
          label="Target"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          autoFocus
          disabled={busy}
        />
        <TextField
          select
          label="Type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          disabled={busy}
          sx={{ minWidth: 130 }}
        >
          {GOAL_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <StatusAlert status={status} sx={{ mt: 2 }} />
    </ActionDialog>
  );
}
