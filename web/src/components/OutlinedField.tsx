/**
 * MUI's outlined TextField without its `select` mode. TextField always imports Select, and with it
 * Menu, Popover, Modal, FocusTrap and the filled and standard inputs (about 8 KB gzip) that a plain
 * text, number or date field never uses; the dashboard's first render has only such fields. Same
 * parts (FormControl, InputLabel, OutlinedInput, FormHelperText), the same ids (`<id>-label`,
 * `<id>-helper-text`), aria wiring, class names and theme defaults (`MuiTextField`), so it looks and
 * reads the same; the props are the subset of TextField's this app uses.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type SxProps, styled, type Theme, useThemeProps } from '@mui/material/styles';
import type { ChangeEvent, FocusEvent, HTMLInputTypeAttribute, ReactNode, Ref } from 'react';
import { useId } from 'react';

interface OutlinedFieldProps {
  label?: ReactNode;
  id?: string;
  name?: string;
  value?: unknown;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  sx?: SxProps<Theme>;
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    htmlInput?: InputBaseComponentProps;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

/** Named as TextField's root, so the theme's `MuiTextField` overrides and class apply here too. */
const FieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export function TextField(inProps: OutlinedFieldProps) {
  // The theme's `MuiTextField.defaultProps` (fullWidth) hold here as for TextField.
  const props = useThemeProps({ props: inProps, name: 'MuiTextField' }) as OutlinedFieldProps;
  const { label, slotProps = {}, helperText } = props;
  const generated = useId();
  const id = props.id ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const shrink = slotProps.inputLabel?.shrink;
  return (
    <FieldRoot
      className={['MuiTextField-root', props.className].filter(Boolean).join(' ')}
      disabled={props.disabled ?? false}
      error={props.error ?? false}
      fullWidth={props.fullWidth ?? false}
      required={props.required ?? false}
      size={props.size ?? 'medium'}
      variant="outlined"
      {...(props.sx ? { sx: props.sx } : {})}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus ?? false}
        fullWidth={props.fullWidth ?? false}
        name={props.name}
        type={props.type}
        value={props.value}
        id={id}
        inputRef={props.inputRef}
        onBlur={props.onBlur}
        onChange={props.onChange}
        onFocus={props.onFocus}
        placeholder={props.placeholder}
        inputProps={slotProps.htmlInput}
        label={label}
        {...(shrink !== undefined ? { notched: shrink } : {})}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FieldRoot>
  );
}
