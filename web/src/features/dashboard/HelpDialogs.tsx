/** The explainer popups: how calories are estimated, every activity's rate, and what BMI and BMR are. */
import { ACTIVITIES, ACTIVITY_CATEGORIES, CATEGORY_LABELS } from '@fit/shared/catalogue';
import { BMI_CATEGORIES, DEFAULT_WEIGHT_LBS, isKnownMeasure, scaledRate } from '@fit/shared/formulas';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { faded } from '../../app/theme/index.ts';
import { InfoDialog } from '../../components/InfoDialog.tsx';
import { formatMeasureWithUnit, useUnits } from '../../data/units.ts';
import type { BodyFigures } from './body.ts';
import { formatInt, formatOneDecimal, TABULAR } from './format.ts';

type Shown = { open: boolean; onClose: () => void };

function Formula(props: { children: ReactNode }) {
  return (
    <Box
      sx={{
        bgcolor: 'tint.primary',
        borderRadius: '10px',
        px: 2,
        py: 1.5,
        mb: 2,
        fontWeight: 600,
        lineHeight: 1.7,
      }}
    >
      {props.children}
    </Box>
  );
}

/** The Calories column's '?' popup. */
export function CaloriesHelpDialog(
  props: Shown & { weight: number | undefined; onShowMetValues: () => void },
) {
  const units = useUnits();
  return (
    <InfoDialog open={props.open} onClose={props.onClose} title="How calories are calculated">
      <Typography sx={{ mb: 2 }}>
        Each workout's calories are estimated from its activity, time and load:
      </Typography>
      <Formula>
        Calories = base rate × minutes × (your weight ÷ 155) × (1 + 0.1 × whole tens of lbs lifted), rounded
      </Formula>
      <Box component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 1 } }}>
        <Typography component="li">
          The <strong>base rate</strong> is the activity's calories per minute for a 155 lb person (Running 8,
          Walking 4.5, Yoga 3.5).{' '}
          <Link
            component="button"
            type="button"
            onClick={props.onShowMetValues}
            sx={{ verticalAlign: 'baseline' }}
          >
            See every activity's rate
          </Link>
        </Typography>
        <Typography component="li">
          {isKnownMeasure(props.weight)
            ? `Your weight: ${formatMeasureWithUnit('bodyWeight', props.weight, units)}.`
            : `Your weight is not set yet, so ${DEFAULT_WEIGHT_LBS} lbs is used. Log your weight below to make the estimate yours.`}
        </Typography>
        <Typography component="li">
          Each full 10 lbs lifted adds 10%: 45 lbs counts as 4 tens, +40%.
        </Typography>
        <Typography component="li">
          Activities logged without minutes (Leg Curl, Leg Extension) count 0 calories.
        </Typography>
      </Box>
    </InfoDialog>
  );
}

/** What BMI is, how it is computed, and the categories (the user's highlighted). */
export function BmiDialog(props: Shown & { value: number | null; category: BodyFigures['category'] }) {
  const units = useUnits();
  return (
    <InfoDialog open={props.open} onClose={props.onClose} title="About BMI" maxWidth="xs">
      <Typography sx={{ mb: 1.5 }}>
        Body Mass Index compares your weight with your height:{' '}
        {units === 'metric' ? 'BMI = weight (kg) ÷ height (m)².' : 'BMI = 703 × weight (lbs) ÷ height (in)².'}
      </Typography>
      {props.value !== null && (
        <Typography sx={{ mb: 2, ...TABULAR }}>
          Yours is <strong>{formatOneDecimal(props.value)}</strong>.
        </Typography>
      )}
      <Box component="ul" aria-label="BMI categories" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {BMI_CATEGORIES.map((c) => {
          const mine = c.category === props.category;
          return (
            <Box
              component="li"
              key={c.category}
              aria-current={mine ? 'true' : undefined}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                px: 1.5,
                py: 1,
                mb: 0.75,
                borderRadius: '10px',
                border: 1,
                borderColor: mine ? `bmi.${c.category}` : 'divider',
                bgcolor: (t) => (mine ? faded(t.vars.palette.bmi[c.category], 0.08) : 'transparent'),
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `bmi.${c.category}` }} />
                <Typography sx={{ fontWeight: mine ? 700 : 500 }}>{c.category}</Typography>
              </Box>
              <Typography sx={{ ...TABULAR, color: 'text.secondary' }}>{c.range}</Typography>
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
        BMI does not tell muscle from fat; treat it as a rough guide.
      </Typography>
    </InfoDialog>
  );
}

/** What BMR is and the Mifflin-St Jeor equation behind it. */
export function BmrDialog(props: Shown & { value: number | null }) {
  const units = useUnits();
  return (
    <InfoDialog open={props.open} onClose={props.onClose} title="About BMR" maxWidth="xs">
      <Typography sx={{ mb: 1.5 }}>
        Basal Metabolic Rate is the energy your body burns at complete rest in a day: breathing, circulation,
        keeping warm. Your workouts come on top of it.
      </Typography>
      {props.value !== null && (
        <Typography sx={{ mb: 2, ...TABULAR }}>
          Yours is about <strong>{formatInt(props.value)}</strong> calories a day.
        </Typography>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Mifflin-St Jeor equation
      </Typography>
      <Formula>
        Male: 10 × kg + 6.25 × cm − 5 × age + 5
        <br />
        Female: 10 × kg + 6.25 × cm − 5 × age − 161
      </Formula>
      <Typography variant="body2" color="textSecondary">
        {units === 'metric'
          ? 'Your weight in kg and height in cm go in as they are; age and gender come from your Account page.'
          : 'Your weight and height are converted with 0.453592 kg per lb and 2.54 cm per inch; age and gender come from your Account page.'}
      </Typography>
    </InfoDialog>
  );
}

/** Every activity's calories per minute, scaled to the user's weight (155 lbs when unknown). */
export function MetValuesDialog(props: Shown & { weight: number | undefined }) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const known = isKnownMeasure(props.weight);
  const units = useUnits();
  return (
    <InfoDialog open={props.open} onClose={props.onClose} title="MET values">
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Calories burned per minute by each activity at{' '}
        {known
          ? `your weight of ${formatMeasureWithUnit('bodyWeight', props.weight as number, units)}`
          : `${DEFAULT_WEIGHT_LBS} lbs`}{' '}
        (base rate × your weight ÷ 155).
      </Typography>
      <TextField
        size="small"
        placeholder="Filter activities"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Filter activities' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1.5 }}
      />
      {ACTIVITY_CATEGORIES.map((category) => {
        const rows = ACTIVITIES.filter(
          (a) => a.category === category && (needle === '' || a.name.toLowerCase().includes(needle)),
        );
        if (rows.length === 0) return null;
        return (
          <Box key={category} component="section" sx={{ mt: 2 }}>
            <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
              {CATEGORY_LABELS[category]}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {rows.map((a) => (
                <Box
                  component="li"
                  key={a.name}
                  sx={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    py: 0.75,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <span>{a.name}</span>
                  <Box component="span" sx={{ ...TABULAR, fontWeight: 600 }}>
                    {formatOneDecimal(scaledRate(a.rate, props.weight))} cal/min
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </InfoDialog>
  );
}
