import { ACTIVITIES, ACTIVITY_CATEGORIES, CATEGORY_LABELS } from '@fit/shared/catalogue';
import { DEFAULT_WEIGHT_LBS, isKnownMeasure, scaledRate } from '@fit/shared/formulas';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { InfoDialog } from '../../components/InfoDialog.tsx';
import { formatMeasureWithUnit, useUnits } from '../../data/units.ts';
import { formatOneDecimal, TABULAR } from './format.ts';

/** Every activity's calories per minute, scaled to the user's weight (155 lbs when unknown). */
export function MetValuesDialog(props: { open: boolean; onClose: () => void; weight: number | undefined }) {
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
