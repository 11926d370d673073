import { DEFAULT_WEIGHT_LBS, isKnownMeasure } from '@fit/shared/formulas';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { InfoDialog } from '../../components/InfoDialog.tsx';
import { formatMeasureWithUnit, useUnits } from '../../data/units.ts';
import { Formula } from './Formula.tsx';

/** The Calories column's '?' popup: how a workout's calories are estimated. */
export function CaloriesHelpDialog(props: {
  open: boolean;
  onClose: () => void;
  weight: number | undefined;
  onShowMetValues: () => void;
}) {
  const known = isKnownMeasure(props.weight);
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
        <li>
          <Typography>
            The <strong>base rate</strong> is the activity's calories per minute for a 155 lb person (Running
            8, Walking 4.5, Yoga 3.5).{' '}
            <Link
              component="button"
              type="button"
              onClick={props.onShowMetValues}
              sx={{ verticalAlign: 'baseline' }}
            >
              See every activity's rate
            </Link>
          </Typography>
        </li>
        <li>
          <Typography>
            {known
              ? `Your weight: ${formatMeasureWithUnit('bodyWeight', props.weight as number, units)}.`
              : `Your weight is not set yet, so ${DEFAULT_WEIGHT_LBS} lbs is used. Log your weight below to make the estimate yours.`}
          </Typography>
        </li>
        <li>
          <Typography>Each full 10 lbs lifted adds 10%: 45 lbs counts as 4 tens, +40%.</Typography>
        </li>
        <li>
          <Typography>
            Activities logged without minutes (Leg Curl, Leg Extension) count 0 calories.
          </Typography>
        </li>
      </Box>
    </InfoDialog>
  );
}
