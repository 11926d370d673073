/**
 * When an entry happened: a native datetime-local input (the browser's picker, no date library).
 * Null means "now": the field shows the current minute and the form saves the time of the save.
 */
import { LIMITS } from '@fit/shared/validation';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useRefreshed } from './useRefreshed.ts';

// Parsed by its parts ('YYYY-MM-DDTHH:MM', the browser's zone): `Date.parse`'s reading is the
// engine's to choose. 30 February is refused, not rolled over.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The minute of `instant` in the browser's zone, as a datetime-local value. */
export function toDateTimeLocal(instant: number): string {
  const d = new Date(instant);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch ms of a datetime-local value in the browser's zone; NaN when it is not one. */
export function fromDateTimeLocal(text: string): number {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as number[];
  const date = new Date(y as number, (mo as number) - 1, d, h, mi, s);
  // Rolled over (30 February, hour 24): not a real time. A time skipped by a DST change moves on.
  if (date.getFullYear() !== y || date.getMonth() !== (mo as number) - 1 || date.getDate() !== d)
    return Number.NaN;
  return date.getTime();
}

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
      // Clearing the field (the browser's clear button) means "now" again. A field cleared only in
      // part (Backspace on its hour in Chrome) also reads '', but is badInput: it stays '' as typed,
      // which saves nothing ('Date must be a valid date.'), rather than jumping to now under the
      // typing and saving today's date with the hour typed next.
      onChange={(e) =>
        props.onChange(e.target.value === '' && !e.target.validity.badInput ? null : e.target.value)
      }
      disabled={props.disabled ?? false}
      error={props.error ?? false}
      size={props.size ?? 'medium'}
      fullWidth
      sx={props.sx}
      helperText={
        props.allowNow &&
        (isNow ? (
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
        ))
      }
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { max: toDateTimeLocal(now), min: toDateTimeLocal(now - LIMITS.maxBackdateMs), step: 60 },
      }}
    />
  );
}
