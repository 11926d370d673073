import Typography from '@mui/material/Typography';
import { InfoDialog } from '../../components/InfoDialog.tsx';
import { useUnits } from '../../data/units.ts';
import { Formula } from './Formula.tsx';
import { formatInt, TABULAR } from './format.ts';

/** What BMR is and the Mifflin-St Jeor equation behind it. */
export function BmrDialog(props: { open: boolean; onClose: () => void; value: number | null }) {
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
