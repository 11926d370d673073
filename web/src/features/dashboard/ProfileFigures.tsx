/** The profile's figures under its form: goal advice, BMR and BMI, and what is missing for them. */
import { bmiEncouragement, goalAdvice, isKnownMeasure } from '@fit/shared/formulas';
import type { UserProfile } from '@fit/shared/model';
import { displayValue } from '@fit/shared/units';
import TrackChanges from '@mui/icons-material/TrackChanges';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { HelpButton } from '../../components/HelpButton.tsx';
import { useUnits } from '../../data/units.ts';
import type { BodyFigures } from './body.ts';
import type { Popup } from './DashboardDialogs.tsx';
import { formatInt, formatOneDecimal, PANEL, TABULAR } from './format.ts';

export const BMI_ENCOURAGEMENT =
  'Every workout counts. Steady activity and balanced meals will move your BMI toward the healthy range, one week at a time.';

function Figure(props: {
  label: string;
  value: string;
  unit: string;
  help: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ ...PANEL, p: 1.75 }}>
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

export function GoalAdvice(props: {
  profile: UserProfile | null;
  weight: number | undefined;
  today: string;
}) {
  const units = useUnits();
  const { profile } = props;
  const advice = goalAdvice({
    currentWeight: props.weight,
    targetWeight: profile?.targetWeight,
    targetDate: profile?.targetDate || null,
    today: props.today,
    // Worded like the advice's other figures ('4.5 kg').
    ...(units === 'metric'
      ? {
          weightText: (lbs: number) => `${displayValue('bodyWeight', lbs, units).toLocaleString('en-US')} kg`,
        }
      : {}),
  });
  if (advice.kind === 'none') return null;
  const done = advice.kind === 'at-target';
  return (
    <Box
      role="note"
      aria-label="Goal advice"
      sx={{
        mt: 2.5,
        p: 1.75,
        borderRadius: '14px',
        display: 'flex',
        gap: 1.25,
        bgcolor: done ? 'tint.success' : 'tint.primary',
      }}
    >
      <TrackChanges sx={{ color: done ? 'success.main' : 'primary.main', mt: 0.25 }} />
      <Typography variant="body2" sx={{ lineHeight: 1.6 }}>
        {advice.text}
      </Typography>
    </Box>
  );
}

export function ProfileFigures({ body, onShow }: { body: BodyFigures; onShow: (popup: Popup) => void }) {
  const { weight, height, bmi, category, bmr } = body;
  const measured = isKnownMeasure(height) && isKnownMeasure(weight);
  const missing = [
    !isKnownMeasure(weight) && 'log your weight',
    !isKnownMeasure(height) && 'add your height',
    measured && body.age === null && 'add your date of birth',
    measured && !body.gender && 'choose your gender',
  ].filter(Boolean) as string[];
  return (
    <>
      {(bmi !== null || bmr !== null) && (
        <Box
          sx={{
            mt: 2.5,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
          }}
        >
          {bmr !== null && (
            <Figure
              label="BMR"
              value={formatInt(bmr)}
              unit="cal/day"
              help={<HelpButton label="What is BMR?" onClick={() => onShow('bmr')} />}
            />
          )}
          {bmi !== null && category && (
            <Figure
              label="BMI"
              value={formatOneDecimal(bmi)}
              unit=""
              help={<HelpButton label="What is BMI?" onClick={() => onShow('bmi')} />}
            >
              <Typography variant="body2" sx={{ color: `bmi.${category}`, fontWeight: 700 }}>
                {category}
              </Typography>
            </Figure>
          )}
        </Box>
      )}
      {bmi !== null && bmiEncouragement(bmi) && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          {BMI_ENCOURAGEMENT}
        </Typography>
      )}
      {missing.length > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          To see your {bmi === null ? 'BMI and BMR' : 'BMR'}, {missing.join(' and ')}
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
    </>
  );
}
