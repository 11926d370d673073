/**
 * When an entry happened: a native datetime-local input (the browser's picker, no date library).
 * Null means "now": the field shows the current minute and the form saves the time of the save.
 */
import { LIMITS } from '@fit/shared/validation';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { fromDateTimeLocal, toDateTimeLocal } from './date-time-local.ts';
import { TextField } from './OutlinedField.tsx';
import { useRefreshed } from './useRefreshed.ts';

export { fromDateTimeLocal, toDateTimeLocal } from './date-time-local.ts';

/** What the person chose: a datetime-local text, or null for the time of the save. */
export type WhenValue = string | null;

/** The instant to save: the time of the save for "now", else the chosen minute (NaN if none). */
export function whenToTimestamp(value: WhenValue, now: number): number {
  return value === null ? now : fromDateTimeLocal(value);
}

export function DateTimeInput(props: {
  id: string;
  value: WhenValue;
  onChange: (value: WhenValue) => void;
  label?: string;
  disabled?: boolean;
  error?: boolean;
  size?: 'small' | 'medium';
  /** Offer the "Now" button (forms that log a new entry). */
  allowNow?: boolean;
  sx?: SxProps<Theme>;
}) {
  // The shown "now" and the bounds stay current on an open page (and one woken from sleep).
  const now = useRefreshed(Date.now, 15_000);
  const isNow = props.value === null;
  return (
    <TextField
      id={props.id}
      type="datetime-local"
      label={props.label ?? 'Date and time'}
      value={props.value ?? toDateTimeLocal(now)}
      // Clearing the field (the browser's clear button) means "now" again.
      onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
      disabled={props.disabled ?? false}
      error={props.error ?? false}
      size={props.size ?? 'medium'}
      fullWidth
      {...(props.sx ? { sx: props.sx } : {})}
      helperText={
        props.allowNow ? (
          isNow ? (
            'Now. Change it to log an earlier time.'
          ) : (
            <>
              Not now?{' '}
              <Button
                size="small"
                onClick={() => props.onChange(null)}
                disabled={props.disabled ?? false}
                sx={{ p: 0, minWidth: 0, verticalAlign: 'baseline', textTransform: 'none' }}
              >
                Use now
              </Button>
            </>
          )
        ) : undefined
      }
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          max: toDateTimeLocal(now),
          min: toDateTimeLocal(now - LIMITS.maxBackdateMs),
          step: 60,
        },
      }}
    />
  );
}
