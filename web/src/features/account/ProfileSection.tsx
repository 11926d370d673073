/** "Your Information": the profile fields a person edits (email is read-only). */
import { ALERT_SAVE_PROFILE, SUCCESS_PROFILE_SAVED } from '@fit/shared/messages';
import { GENDERS, type Gender, type UserProfile } from '@fit/shared/model';
import { browserTimeZone, localDate } from '@fit/shared/periods';
import { UNIT_SYSTEMS, type UnitSystem, unitLabel } from '@fit/shared/units';
import { MESSAGES, validateAccountProfile } from '@fit/shared/validation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { useRequiredUser } from '../../data/context.tsx';
import { saveAccountProfile } from '../../data/profile.ts';
import { useSave } from '../../data/save.ts';
import { inputText, typedBodyMeasure, unitSystemOf } from '../../data/units.ts';

const UNIT_NAMES: Record<UnitSystem, string> = {
  metric: 'Metric (kg, cm)',
  imperial: 'Imperial (lbs, inches)',
};

/** The form's fields: the gender '' until chosen (never assumed), the height in the chosen unit. */
function fieldsOf(profile: UserProfile | null) {
  const unitSystem = unitSystemOf(profile);
  return {
    displayName: profile?.displayName ?? '',
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    phoneNumber: profile?.phoneNumber ?? '',
    gender: (profile?.gender === 'Female' || profile?.gender === 'Male' ? profile.gender : '') as Gender | '',
    dateOfBirth: profile?.dateOfBirth ?? '',
    height: inputText('height', profile?.height, unitSystem),
    hideExerciseInfo: profile?.hideExerciseInfo === true,
    unitSystem,
  };
}

type Fields = ReturnType<typeof fieldsOf>;

/** The form's fields as stored: what a save compares with, so it writes only what changed here. */
function storedValuesOf(profile: UserProfile | null): Partial<UserProfile> {
  return {
    displayName: profile?.displayName ?? '',
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    phoneNumber: profile?.phoneNumber ?? '',
    gender: profile?.gender,
    dateOfBirth: profile?.dateOfBirth ?? '',
    height: profile?.height ?? 0,
    hideExerciseInfo: profile?.hideExerciseInfo === true,
    unitSystem: profile?.unitSystem,
  };
}

/** The values of `next` that differ from `before`. */
function changedFrom(before: Partial<UserProfile>, next: Partial<UserProfile>): Partial<UserProfile> {
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => before[key as keyof UserProfile] !== value),
  ) as Partial<UserProfile>;
}

export function ProfileSection(props: { profile: UserProfile | null }) {
  const user = useRequiredUser();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(props.profile));
  // The stored values the form started from (or last saved): a save writes only the fields changed
  // since, so what another tab or the dashboard saved meanwhile (a hidden profile, a height) stays.
  const saved = useRef(storedValuesOf(props.profile));
  const save = useSave({
    save: ({ store, uid }, vars: { fields: Partial<UserProfile> }) =>
      saveAccountProfile(store, uid, vars.fields, {
        stored: props.profile,
        email: user.email,
        now: Date.now(),
      }),
    failure: ALERT_SAVE_PROFILE,
    success: SUCCESS_PROFILE_SAVED,
    onSaved: (_, vars) => {
      saved.current = { ...saved.current, ...vars.fields };
      setFields((f) => ({ ...f, displayName: vars.fields.displayName ?? f.displayName }));
    },
    log: 'Saving the profile failed',
  });
  const { busy, status, setStatus } = save;
  const badField = status?.kind === 'error' ? status.field : undefined;
  const today = localDate(Date.now(), browserTimeZone());
  const email = props.profile?.email || user.email || '';

  const set =
    <K extends keyof Fields>(key: K) =>
    (value: Fields[K]) => {
      setFields((f) => ({ ...f, [key]: value }));
      setStatus(null);
    };

  /** A new unit system converts the height already typed, so the same body stays described. */
  function setUnits(next: UnitSystem) {
    setFields((f) => {
      const typed = typedBodyMeasure('height', f.height, f.unitSystem, MESSAGES.heightPositive);
      const height =
        'value' in typed && typed.value !== '' ? inputText('height', typed.value, next) : f.height;
      return { ...f, unitSystem: next, height };
    });
    setStatus(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // The height is typed in the chosen unit; its range message names that unit.
    const height = typedBodyMeasure('height', fields.height, fields.unitSystem, MESSAGES.heightPositive, {
      stored: saved.current.height,
    });
    if ('message' in height) return setStatus({ kind: 'error', message: height.message, field: 'height' });
    // The person's units name the range of a height stored out of it (before the ranges existed).
    const checked = validateAccountProfile({ ...fields, height: height.value }, today, fields.unitSystem);
    if (!checked.ok) return setStatus({ kind: 'error', message: checked.message, field: checked.field });
    const create = props.profile === null;
    const values = { ...checked.value, unitSystem: fields.unitSystem };
    save.run({ fields: create ? values : changedFrom(saved.current, values) });
  }

  const text = (
    key: 'displayName' | 'firstName' | 'lastName' | 'phoneNumber' | 'dateOfBirth' | 'height',
  ) => ({
    value: fields[key],
    error: badField === key,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
  });

  return (
    <SectionCard
      title="Your Information"
      subtitle="How you appear in FitTrack, and what your numbers are based on."
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Box
          sx={{
            display: 'grid',
            gap: 2.25,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <TextField
            label="Display Name"
            required
            autoComplete="nickname"
            helperText="Shown to others on the Community page."
            sx={{ gridColumn: '1 / -1' }}
            {...text('displayName')}
          />
          <TextField label="First Name" autoComplete="given-name" {...text('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...text('lastName')} />
          <TextField
            label="Email"
            value={email}
            helperText="Your sign-in email cannot be changed here."
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField label="Phone Number" type="tel" autoComplete="tel" {...text('phoneNumber')} />
          <TextField
            select
            label="Gender"
            value={fields.gender}
            onChange={(e) => set('gender')(e.target.value as Gender)}
            helperText="For your BMR."
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {/* Offered only while none is stored: a save cannot take a stored gender back. */}
            {!props.profile?.gender && <MenuItem value="">Not chosen</MenuItem>}
            {GENDERS.map((gender) => (
              <MenuItem key={gender} value={gender}>
                {gender}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Date of Birth"
            type="date"
            {...text('dateOfBirth')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            select
            label="Units"
            value={fields.unitSystem}
            onChange={(e) => setUnits(e.target.value as UnitSystem)}
            helperText="For weights and height everywhere in FitTrack."
          >
            {UNIT_SYSTEMS.map((system) => (
              <MenuItem key={system} value={system}>
                {UNIT_NAMES[system]}
              </MenuItem>
            ))}
          </TextField>
          {/* Text, not type=number: a number input drops "181,5" in an English browser. */}
          <TextField
            label={`Height (${unitLabel('height', fields.unitSystem)})`}
            {...text('height')}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
        </Box>
        <Box
          sx={{
            mt: 2.5,
            p: 2,
            borderRadius: '12px',
            bgcolor: 'surface.subtle',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <FormControlLabel
            control={
              <Switch
                checked={fields.hideExerciseInfo}
                onChange={(e) => set('hideExerciseInfo')(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'hide-exercise-explainer' } }}
              />
            }
            label="Hide my exercise info"
          />
          <Typography id="hide-exercise-explainer" variant="body2" color="textSecondary" sx={{ ml: 6.5 }}>
            prevents your exercises from appearing on the Community page
          </Typography>
        </Box>
        <Stack spacing={2} sx={{ mt: 2.5 }}>
          <StatusAlert status={status} />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              Save Profile
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
