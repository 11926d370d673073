import { unitLabel } from '@fit/shared/units';
import InputAdornment from '@mui/material/InputAdornment';
import { TextField } from '../../components/OutlinedField.tsx';
import { useUnits } from '../../data/units.ts';

/**
 * A body weight typed (or shown) in the viewer's unit, the unit beside it: the Log weight form,
 * the Weight Record Details popup and the profile's current and target weights.
 */
export function WeightInput(props: {
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
  const { onChange } = props;
  return (
    <TextField
      label={props.label}
      value={props.value}
      {...(onChange ? { onChange: (e) => onChange(e.target.value) } : {})}
      error={props.error ?? false}
      disabled={props.disabled ?? false}
      {...(props.placeholder ? { placeholder: props.placeholder } : {})}
      size={props.size ?? 'medium'}
      slotProps={{
        input: {
          readOnly: !onChange,
          endAdornment: <InputAdornment position="end">{unitLabel('bodyWeight', units)}</InputAdornment>,
        },
        htmlInput: {
          ...(onChange ? { inputMode: 'decimal' } : {}),
          style: { fontVariantNumeric: 'tabular-nums' },
        },
        ...(props.shrinkLabel ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );
}
