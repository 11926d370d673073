import { isKnownMeasure } from '@fit/shared/formulas';
import { ALERT_SAVE_PROFILE, SUCCESS_PROFILE_SAVED } from '@fit/shared/messages';
import type { UserProfile } from '@fit/shared/model';
import { MESSAGES, validateDashboardProfile } from '@fit/shared/validation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { useSave } from '../../data/save.ts';
import { formatMeasure, inputText, typedBodyMeasure, useUnits } from '../../data/units.ts';
import { saveWeightTargets } from '../../data/weights.ts';
import type { BodyFigures } from './body.ts';
import type { Popup } from './DashboardDialogs.tsx';
import { GoalAdvice, ProfileFigures } from './ProfileFigures.tsx';
import { WeightInput } from './WeightInput.tsx';

type FormValues = { targetWeight: string; targetDate: string };

/** Current weight (read-only), target weight and date, goal advice, BMR and BMI. */
export function ProfileCard(props: {
  profile: UserProfile | null;
  /** BMI, BMR and age, computed once by the page. */
  body: BodyFigures;
  loaded: boolean;
  /** The spec's message when the profile or goal failed to load. */
  error?: string | null;
  today: string;
  onShow: (popup: Popup) => void;
}) {
  const { profile } = props;
  const units = useUnits();
  // The stored values until the person types; after a save, those of the profile's next answer.
  // Derived while rendering: an effect drew the whole card a second time at each answer.
  const [typed, setTyped] = useState<{ values: FormValues; saved: boolean } | null>(null);
  const [seen, setSeen] = useState(profile);
  if (seen !== profile) {
    setSeen(profile);
    if (typed?.saved) setTyped(null);
  }
  const form = typed?.values ?? {
    targetWeight: inputText('bodyWeight', profile?.targetWeight, units),
    targetDate: profile?.targetDate ?? '',
  };
  const save = useSave({
    save: ({ store, uid }, fields: Parameters<typeof saveWeightTargets>[2]) =>
      saveWeightTargets(store, uid, fields),
    failure: ALERT_SAVE_PROFILE,
    success: SUCCESS_PROFILE_SAVED,
    onSaved: () => setTyped((now) => now && { ...now, saved: true }),
    log: 'Profile save failed',
  });
  const { busy, status, setStatus } = save;

  function edit(patch: Partial<FormValues>) {
    setTyped({ values: { ...form, ...patch }, saved: false });
    setStatus(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    // Typed in the viewer's unit: its range message names that unit; the validator gets lbs.
    const target = typedBodyMeasure('bodyWeight', form.targetWeight, units, MESSAGES.targetWeightPositive, {
      what: 'Target weight',
      stored: profile?.targetWeight,
    });
    if ('message' in target) {
      setStatus({ kind: 'error', message: target.message, field: 'targetWeight' });
      return;
    }
    const checked = validateDashboardProfile({ ...form, targetWeight: target.value }, props.today, units);
    if (!checked.ok) {
      setStatus({ kind: 'error', message: checked.message, field: checked.field });
      return;
    }
    save.run(checked.value);
  }

  const { weight } = props.body;
  // Without the profile the form would show empty fields that a save would write back.
  const failed = props.profile === null ? props.error : null;
  return (
    <SectionCard title="Your Profile">
      {failed && <LoadFailed message={failed} sx={{}} />}
      {!failed && !props.loaded && <Skeleton variant="rounded" height={220} />}
      {!failed && props.loaded && (
        <>
          {props.error && <LoadFailed message={props.error} />}
          <Box component="form" onSubmit={submit} noValidate aria-label="Weight goal">
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <WeightInput
                label="Current weight"
                value={isKnownMeasure(weight) ? formatMeasure('bodyWeight', weight, units) : ''}
                placeholder="Log a weight"
                shrinkLabel
              />
              <WeightInput
                label="Target weight"
                value={form.targetWeight}
                onChange={(text) => edit({ targetWeight: text })}
                error={status?.field === 'targetWeight'}
                disabled={busy}
                shrinkLabel
              />
              <TextField
                label="Target date"
                type="date"
                value={form.targetDate}
                onChange={(e) => edit({ targetDate: e.target.value })}
                error={status?.field === 'targetDate'}
                disabled={busy}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: props.today } }}
                sx={{ gridColumn: { sm: '1 / -1' } }}
              />
            </Box>
            <StatusAlert status={status} sx={{ mt: 1.5 }} />
            <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }} fullWidth>
              Save Profile
            </Button>
          </Box>

          <GoalAdvice profile={profile} weight={weight} today={props.today} />
          <ProfileFigures body={props.body} onShow={props.onShow} />
        </>
      )}
    </SectionCard>
  );
}
