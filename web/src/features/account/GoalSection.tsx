/** "Your Daily Goal": a positive whole-number target in reps, minutes or calories; save or remove. */
import {
  ALERT_REMOVE_GOAL,
  ALERT_SAVE_GOAL,
  CONFIRM_REMOVE_GOAL,
  SUCCESS_GOAL_REMOVED,
  SUCCESS_GOAL_SAVED,
} from '@fit/shared/messages';
import { type DailyGoal, DEFAULT_GOAL_TYPE, GOAL_TYPES, type GoalType } from '@fit/shared/model';
import { validateGoalForm } from '@fit/shared/validation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { type Status, StatusAlert } from '../../components/StatusAlert.tsx';
import { removeGoal, saveGoal } from '../../data/goal.ts';
import { useSave } from '../../data/save.ts';

const TYPE_LABELS: Record<GoalType, string> = { reps: 'Reps', minutes: 'Minutes', calories: 'Calories' };

export function GoalSection(props: { goal: DailyGoal | null }) {
  const [saved, setSaved] = useState<DailyGoal | null>(props.goal);
  const [target, setTarget] = useState(props.goal?.target ?? '');
  const [type, setType] = useState<GoalType>(props.goal?.type ?? DEFAULT_GOAL_TYPE);
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useSave({
    save: ({ store, uid }, goal: DailyGoal) => saveGoal(store, uid, goal),
    failure: ALERT_SAVE_GOAL,
    success: SUCCESS_GOAL_SAVED,
    onSaved: (_, goal) => {
      setSaved(goal);
      setTarget(goal.target);
    },
    log: 'Saving the goal failed',
  });
  const removal = useSave({
    save: ({ store, uid }, _: undefined) => removeGoal(store, uid),
    failure: ALERT_REMOVE_GOAL,
    success: SUCCESS_GOAL_REMOVED,
    onSaved: () => {
      setSaved(null);
      setTarget('');
      setType(DEFAULT_GOAL_TYPE);
      setConfirming(false);
    },
    log: 'Removing the goal failed',
  });
  const busy = save.busy || removal.busy;
  const status = removal.status ?? save.status;
  const setStatus = (next: Status) => {
    removal.setStatus(null);
    save.setStatus(next);
  };

  // A failed removal closes the confirmation and shows its message in the section.
  useEffect(() => {
    if (removal.status?.kind === 'error') setConfirming(false);
  }, [removal.status]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateGoalForm({ target, type });
    setStatus(checked.ok ? null : { kind: 'error', message: checked.message });
    if (checked.ok) save.run(checked.value);
    else setInvalid(true);
  }

  function remove() {
    save.setStatus(null);
    removal.run(undefined);
  }

  return (
    <SectionCard title="Your Daily Goal" subtitle="One target for each day, counted from midnight.">
      <Box
        sx={{
          mb: 2.5,
          px: 2,
          py: 1.5,
          borderRadius: '12px',
          bgcolor: saved ? 'surface.accent' : 'surface.subtle',
          border: 1,
          borderColor: saved ? 'surface.accentBorder' : 'divider',
        }}
      >
        <Typography variant="body2" color="textSecondary">
          Current goal
        </Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }} data-testid="current-goal">
          {saved ? `${Number(saved.target).toLocaleString()} ${saved.type} a day` : 'No goal set yet'}
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Target"
            type="number"
            value={target}
            error={invalid}
            onChange={(e) => {
              setTarget(e.target.value);
              setInvalid(false);
              setStatus(null);
            }}
            slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          />
          <TextField
            select
            label="Type"
            value={type}
            onChange={(e) => {
              setType(e.target.value as GoalType);
              setStatus(null);
            }}
            sx={{ minWidth: { sm: 160 } }}
          >
            {GOAL_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack spacing={2} sx={{ mt: 2.5 }}>
          <StatusAlert status={status} />
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              Save Goal
            </Button>
            {saved && (
              <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
                Remove Goal
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Remove your daily goal?"
        message={CONFIRM_REMOVE_GOAL}
        confirmLabel="Remove"
        destructive
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
