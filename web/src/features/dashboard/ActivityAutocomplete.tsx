/** The searchable activity select, grouped by category. */
import { CATEGORY_LABELS, findActivity } from '@fit/shared/catalogue';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

interface ActivityPickerProps {
  options: readonly string[];
  value: string | null;
  onChange: (name: string | null) => void;
  /** The person typed in the field (a search, not yet a choice). */
  onType?: () => void;
  disabled?: boolean;
}

export function ActivityAutocomplete(props: ActivityPickerProps) {
  return (
    <Autocomplete
      options={props.options as string[]}
      value={props.value}
      onChange={(_, v) => props.onChange(v)}
      onInputChange={(_, _text, reason) => {
        if (reason === 'input') props.onType?.();
      }}
      groupBy={(name) => {
        const category = findActivity(name)?.category;
        return category ? CATEGORY_LABELS[category] : '';
      }}
      disabled={props.disabled ?? false}
      autoHighlight
      renderInput={(params) => <TextField {...params} label="Activity" />}
    />
  );
}
