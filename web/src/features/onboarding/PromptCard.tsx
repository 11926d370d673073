/** The display-name prompt's form, with the units (preset) and the gender (never assumed: BMR needs it). */
import { ALERT_SAVE_PROFILE } from '@fit/shared/messages';
import { GENDERS, type Gender, type UserProfile } from '@fit/shared/model';
import type { UnitSystem } from '@fit/shared/units';
import { validateAccountProfile } from '@fit/shared/validation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { saveAccountProfile } from '../../data/profile.ts';
import { useSave } from '../../data/save.ts';

const UNIT_CHOICES = [
  ['metric', 'Metric (kg, cm)'],
  ['imperial', 'Imperial (lbs, inches)'],
] as const;

type Answers = { displayName: string; unitSystem: UnitSystem; gender?: Gender };

export function PromptCard(props: {
  /** The profile as stored (its gender, if ever chosen, is preset); missing identity fields are filled. */
  stored: UserProfile | null;
  email: string | null;
  /** The units to preset: the profile's, else the browser's locale's. */
  units: UnitSystem;
  /** True: the answers passed the checks and are being saved; false: that save failed. */
  onSaving: (saving: boolean) => void;
  onSaved: (name: string) => void;
  onDismiss: () => void;
}) {
  const titleId = useId();
  const [value, setValue] = useState('');
  const [units, setUnits] = useState<UnitSystem>(props.units);
  const [gender, setGender] = useState<Gender | ''>(props.stored?.gender ?? '');
  const save = useSave({
    save: ({ store, uid }, answers: Answers) =>
      saveAccountProfile(store, uid, answers, { stored: props.stored, email: props.email, now: Date.now() }),
    failure: ALERT_SAVE_PROFILE,
    onSaved: (_, answers) => props.onSaved(answers.displayName),
    log: 'Saving the display name failed',
  });
  const { busy, status, setStatus } = save;
  const { onSaving } = props;
  useEffect(() => {
    if (status?.kind === 'error') onSaving(false);
  }, [status, onSaving]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The spec's display-name rule (trimmed) and the gender's; units come from the radios only.
    const checked = validateAccountProfile({ displayName: value, gender }, '');
    if (!checked.ok) return setStatus({ kind: 'error', message: checked.message, field: checked.field });
    const { displayName = '', gender: chosen } = checked.value;
    props.onSaving(true);
    save.run({ displayName, unitSystem: units, ...(chosen ? { gender: chosen } : {}) });
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
          Choose your display name
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
          This is how others see your posts and workouts on the Community page. Until you set one, they show
          as Unknown.
        </Typography>
        <Box component="form" aria-label="Display name" onSubmit={submit} noValidate>
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
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 4 }} sx={{ mt: 2 }}>
            <FormControl>
              <FormLabel id={`${titleId}-units`}>Units</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-units`}
                value={units}
                onChange={(e) => setUnits(e.target.value as UnitSystem)}
              >
                {UNIT_CHOICES.map(([system, label]) => (
                  <FormControlLabel key={system} value={system} control={<Radio />} label={label} />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl>
              <FormLabel id={`${titleId}-gender`}>Gender</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-gender`}
                aria-describedby={`${titleId}-gender-help`}
                value={gender}
                onChange={(e) => setGender(e.target.value as Gender)}
              >
                {GENDERS.map((g) => (
                  <FormControlLabel key={g} value={g} control={<Radio />} label={g} />
                ))}
              </RadioGroup>
              <Typography id={`${titleId}-gender-help`} variant="caption" color="textSecondary">
                Used only for your BMR. Leave it unset if you prefer; you can change it on Account.
              </Typography>
            </FormControl>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" aria-disabled={busy}>
              Save Name
            </Button>
            <Button type="button" onClick={props.onDismiss}>
              Not now
            </Button>
          </Stack>
          <StatusAlert status={status} sx={{ mt: 2 }} />
        </Box>
      </CardContent>
    </Card>
  );
}
