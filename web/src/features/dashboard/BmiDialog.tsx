import { BMI_CATEGORIES, type BmiCategory } from '@fit/shared/formulas';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { faded } from '../../app/theme.ts';
import { InfoDialog } from '../../components/InfoDialog.tsx';
import { useUnits } from '../../data/units.ts';
import { formatOneDecimal, TABULAR } from './format.ts';

/** What BMI is, how it is computed, and the categories (the user's highlighted). */
export function BmiDialog(props: {
  open: boolean;
  onClose: () => void;
  value: number | null;
  category: BmiCategory | null;
}) {
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
