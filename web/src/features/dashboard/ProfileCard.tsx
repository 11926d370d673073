import { bmiEncouragement, goalAdvice, isKnownMeasure } from '@fit/shared/formulas';
import type { UserProfile } from '@fit/shared/model';
import { displayValue, type UnitSystem } from '@fit/shared/units';
import { MESSAGES, validateDashboardProfile } from '@fit/shared/validation';
import TrackChanges from '@mui/icons-material/TrackChanges';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { HelpButton } from '../../components/HelpButton.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { TextField } from '../../components/OutlinedField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { useSave } from '../../data/save.ts';
import { formatMeasure, inputText, typedBodyMeasure, useUnits } from '../../data/units.ts';
import { saveWeightTargets } from '../../data/weights.ts';
import { formatInt, formatOneDecimal, TABULAR } from './format.ts';
import type { BodyFigures } from './hooks.ts';
import { MSG } from './messages.ts';
import { WeightInput } from './WeightInput.tsx';

export const BMI_ENCOURAGEMENT =
  'Every workout counts. Steady activity and balanced meals will move your BMI toward the healthy range, one week at a time.';

interface FormValues {
  targetWeight: string;
  targetDate: string;
}

function formOf(profile: UserProfile | null, units: UnitSystem): FormValues {
  return {
    targetWeight: inputText('bodyWeight', profile?.targetWeight, units),
    targetDate: profile?.targetDate ?? '',
  };
}

/** An amount of body weight in goal advice, worded like the advice's other figures ('4.5 kg'). */
function kgText(lbs: number, units: UnitSystem): string {
  return `${displayValue('bodyWeight', lbs, units).toLocaleString('en-US')} kg`;
}

function Figure(props: {
  label: string;
  value: string;
  unit: string;
  help: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      sx={{ p: 1.75, borderRadius: '14px', border: 1, borderColor: 'divider', bgcolor: 'background.default' }}
    >
      <Typography
        variant="body2"
        color="textSecondary"
        sx={{ display: 'flex', alignItems: 'center', fontWeight: 600 }}
      >
        {props.label}
        {props.help}
      </Typography>
      <Typography sx={{ ...TABULAR, fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.2, mt: 0.25 }}>
        {props.value}
        <Box component="span" sx={{ fontSize: '0.85rem', fontWeight: 500, color: 'text.secondary', ml: 0.5 }}>
          {props.unit}
        </Box>
      </Typography>
      {props.children}
    </Box>
  );
}

/** Current weight (read-only), target weight and date, goal advice, BMR and BMI. */
export function ProfileCard(props: {
  profile: UserProfile | null;
  /** BMI, BMR and age, computed once by the page. */
  body: BodyFigures;
  loaded: boolean;
  /** The spec's message when the profile or goal failed to load. */
  error?: string | null;
  today: string;
  onShowBmi: () => void;
  onShowBmr: () => void;
}) {
  const { profile } = props;
  const units = useUnits();
  // The stored values, until the person starts typing; after a save, the stored values again from
  // the profile's next answer. Derived while rendering, not in an effect: an effect's update drew
  // the whole card a second time, in a task of its own, whenever the profile answered.
  const [typed, setTyped] = useState<{ values: FormValues; saved: boolean } | null>(null);
  const [seen, setSeen] = useState(profile);
  if (seen !== profile) {
    setSeen(profile);
    if (typed?.saved) setTyped(null);
  }
  const form = typed?.values ?? formOf(profile, units);
  const save = useSave({
    save: ({ store, uid }, fields: Parameters<typeof saveWeightTargets>[2]) =>
      saveWeightTargets(store, uid, fields),
    failure: MSG.saveProfile,
    success: MSG.profileSaved,
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
    const checked = validateDashboardProfile({ ...form, targetWeight: target.value }, props.today);
    if (!checked.ok) {
      setStatus({ kind: 'error', message: checked.message, field: checked.field });
      return;
    }
    save.run(checked.value);
  }

  const { weight, height, bmi: bmiValue, category, age, bmr: bmrValue, gender } = props.body;
  const advice = goalAdvice({
    currentWeight: weight,
    targetWeight: profile?.targetWeight,
    targetDate: profile?.targetDate || null,
    today: props.today,
    ...(units === 'metric' ? { weightText: (lbs: number) => kgText(lbs, units) } : {}),
  });
  const missing = [
    !isKnownMeasure(weight) && 'log your weight',
    !isKnownMeasure(height) && 'add your height',
    isKnownMeasure(height) && isKnownMeasure(weight) && age === null && 'add your date of birth',
    isKnownMeasure(height) && isKnownMeasure(weight) && !gender && 'choose your gender',
  ].filter(Boolean) as string[];

  // Without the profile the form would show empty fields that a save would write back.
  if (props.error && props.profile === null) {
    return (
      <SectionCard title="Your Profile">
        <LoadFailed message={props.error} sx={{}} />
      </SectionCard>
    );
  }
  if (!props.loaded) {
    return (
      <SectionCard title="Your Profile">
        <Skeleton variant="rounded" height={220} />
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Your Profile">
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

      {advice.kind !== 'none' && (
        <Box
          role="note"
          aria-label="Goal advice"
          sx={{
            mt: 2.5,
            p: 1.75,
            borderRadius: '14px',
            display: 'flex',
            gap: 1.25,
            bgcolor: advice.kind === 'at-target' ? 'tint.success' : 'tint.primary',
          }}
        >
          <TrackChanges
            sx={{ color: advice.kind === 'at-target' ? 'success.main' : 'primary.main', mt: 0.25 }}
          />
          <Typography variant="body2" sx={{ lineHeight: 1.6 }}>
            {advice.text}
          </Typography>
        </Box>
      )}

      {(bmiValue !== null || bmrValue !== null) && (
        <Box
          sx={{
            mt: 2.5,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
          }}
        >
          {bmrValue !== null && (
            <Figure
              label="BMR"
              value={formatInt(bmrValue)}
              unit="cal/day"
              help={<HelpButton label="What is BMR?" onClick={props.onShowBmr} />}
            />
          )}
          {bmiValue !== null && category && (
            <Figure
              label="BMI"
              value={formatOneDecimal(bmiValue)}
              unit=""
              help={<HelpButton label="What is BMI?" onClick={props.onShowBmi} />}
            >
              <Typography variant="body2" sx={{ color: `bmi.${category}`, fontWeight: 700 }}>
                {category}
              </Typography>
            </Figure>
          )}
        </Box>
      )}
      {bmiValue !== null && bmiEncouragement(bmiValue) && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          {BMI_ENCOURAGEMENT}
        </Typography>
      )}
      {missing.length > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          To see your {bmiValue === null ? 'BMI and BMR' : 'BMR'}, {missing.join(' and ')}
          {missing.some((m) => m !== 'log your weight') && (
            <>
              {' '}
              on the{' '}
              <Link component={RouterLink} to="/account" underline="always">
                Account page
              </Link>
            </>
          )}
          .
        </Typography>
      )}
    </SectionCard>
  );
}
