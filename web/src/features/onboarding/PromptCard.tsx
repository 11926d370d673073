/** The display-name prompt's form and its saved notice (see `DisplayNamePrompt.tsx`, the gate). */
import { ALERT_SAVE_PROFILE } from '@fit/shared/messages';
import { validateAccountProfile } from '@fit/shared/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { saveAccountProfile } from '../../data/profile.ts';
import { useSave } from '../../data/save.ts';
import { focusPageHeading } from './focus.ts';
import { nameSaved, PROMPT_TEXT, PROMPT_TITLE } from './messages.ts';

export function PromptCard(props: {
  exists: boolean;
  email: string;
  onSaved: (name: string) => void;
  onDismiss: () => void;
}) {
  const titleId = useId();
  const [value, setValue] = useState('');
  const save = useSave({
    save: ({ store, uid }, name: string) =>
      saveAccountProfile(
        store,
        uid,
        { displayName: name },
        props.exists ? undefined : { email: props.email, now: Date.now() },
      ),
    failure: ALERT_SAVE_PROFILE,
    onSaved: (_, name) => props.onSaved(name),
    log: 'Saving the display name failed',
  });
  const { busy, status, setStatus } = save;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // Only the display name is checked (and written): the spec's rule, trimmed.
    const checked = validateAccountProfile({ displayName: value }, '');
    if (!checked.ok) {
      setStatus({ kind: 'error', message: checked.message, field: checked.field });
      return;
    }
    save.run(checked.value.displayName ?? '');
  }

  const invalid = status?.kind === 'error' && status.field === 'displayName';
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ mb: { xs: 2.5, sm: 3 }, borderColor: 'primary.light' }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {PROMPT_TITLE}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
          {PROMPT_TEXT}
        </Typography>
        <Box component="form" aria-label="Display name" onSubmit={submit} noValidate>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label="Display Name"
              required
              autoComplete="nickname"
              value={value}
              error={invalid}
              onChange={(e) => {
                setValue(e.target.value);
                setStatus(null);
              }}
              sx={{ flex: 1 }}
            />
            <Stack direction="row" spacing={1} sx={{ pt: { sm: 1 } }}>
              <Button type="submit" variant="contained" aria-disabled={busy}>
                Save Name
              </Button>
              <Button type="button" onClick={props.onDismiss}>
                Not now
              </Button>
            </Stack>
          </Stack>
          <StatusAlert status={status} sx={{ mt: 2 }} />
        </Box>
      </CardContent>
    </Card>
  );
}

export /** Replaces the prompt after a save and takes the focus the form had, so nothing is lost. */
function SavedNotice(props: { name: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="success"
      role="status"
      onClose={() => {
        props.onClose();
        focusPageHeading();
      }}
      sx={{ mb: { xs: 2.5, sm: 3 } }}
    >
      {nameSaved(props.name)}
    </Alert>
  );
}
