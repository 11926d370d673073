import type { WeightRecord } from '@fit/shared/model';
import { type UnitSystem, unitLabel } from '@fit/shared/units';
import { MESSAGES, validateWeightForm } from '@fit/shared/validation';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { typedBodyMeasure, useUnits } from '../../data/units.ts';

// A body weight typed (or shown) in the viewer's unit, the unit beside it: the Log weight form,
// the Weight Record Details popup and the profile's current and target weights.
export function WeightInput({
  onChange,
  shrinkLabel,
  ...field
}: {
  label: string;
  value: string;
  /** Without it the field is read-only (the current weight, which only a weigh-in changes). */
  onChange?: (text: string) => void;
  error?: boolean;
  disabled?: boolean;
  placeholder?: string;
  size?: 'small' | 'medium';
  /** Keep the label above the field (beside fields whose labels always stand there). */
  shrinkLabel?: boolean;
}) {
  const units = useUnits();
  return (
    <TextField
      {...field}
      {...(onChange ? { onChange: (e) => onChange(e.target.value) } : {})}
      slotProps={{
        input: {
          readOnly: !onChange,
          endAdornment: <InputAdornment position="end">{unitLabel('bodyWeight', units)}</InputAdornment>,
        },
        htmlInput: {
          ...(onChange ? { inputMode: 'decimal' } : {}),
          style: { fontVariantNumeric: 'tabular-nums' },
        },
        ...(shrinkLabel ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );
}

type WeightFormCheck = { ok: true; value: WeightRecord } | { ok: false; message: string; field: string };

// A weigh-in as typed in the viewer's unit ('81,5' kg too; text left as shown keeps `stored`
// exactly), the instant checked against `now` when given (a new entry, or a moved time).
export function checkWeightForm(input: {
  text: string;
  units: UnitSystem;
  timestamp: number;
  now?: number;
  stored?: number;
}): WeightFormCheck {
  const typed = typedBodyMeasure('bodyWeight', input.text, input.units, MESSAGES.weightPositive, {
    stored: input.stored,
  });
  if ('message' in typed) return { ok: false, message: typed.message, field: 'weight' };
  const checked = validateWeightForm({
    weight: typed.value,
    timestamp: input.timestamp,
    ...(input.now === undefined ? {} : { now: input.now }),
  });
  if (!checked.ok) return { ok: false, message: checked.message, field: checked.field ?? 'weight' };
  return { ok: true, value: checked.value };
}
