/**
 * A labelled outlined text input. MUI's TextField also carries the Select / Menu / Popover / Modal
 * machinery for its `select` mode; the sign-in pages need none of it, so this keeps them light.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, type FocusEvent, type HTMLInputTypeAttribute, type ReactNode, useId } from 'react';

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
}

export function TextInput(props: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth variant="outlined" required={props.required} error={props.error}>
      <InputLabel htmlFor={id}>{props.label}</InputLabel>
      <OutlinedInput
        id={id}
        label={props.required ? `${props.label} *` : props.label}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        readOnly={props.readOnly}
        onFocus={props.onFocus}
        {...(props.helperText ? { 'aria-describedby': helperId } : {})}
      />
      {props.helperText && <FormHelperText id={helperId}>{props.helperText}</FormHelperText>}
    </FormControl>
  );
}
