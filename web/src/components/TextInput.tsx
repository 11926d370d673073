import TextField from '@mui/material/TextField';
import type { FocusEvent, HTMLInputTypeAttribute, ReactNode } from 'react';

/** A labelled outlined text input that hands its text to `onChange`. */
export function TextInput({
  onChange,
  readOnly,
  ...props
}: {
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
}) {
  return (
    <TextField
      {...props}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { readOnly } }}
    />
  );
}
