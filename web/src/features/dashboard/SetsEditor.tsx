// A strength entry's sets: buttons name their set, and focus follows each change, so the whole
// list works from the keyboard.
import { MAX_SETS } from '@fit/shared/sets';
import { type UnitSystem, unitLabel } from '@fit/shared/units';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { typedSetsSummary } from './SetsSummary.tsx';

/** One set as the form holds it: text in the person's unit; `key` keeps React's rows apart. */
export interface SetRow {
  key: number;
  reps: string;
  weight: string;
}

let lastKey = 0;
export function newSetRow(reps = '', weight = ''): SetRow {
  lastKey += 1;
  return { key: lastKey, reps, weight };
}

/** A set's row: its number, reps, weight, Duplicate and Remove (the column heads share it). */
const ROW = {
  display: 'grid',
  gridTemplateColumns: '48px 1fr 1fr 34px 34px',
  gap: 1,
  alignItems: 'center',
} as const;

export function SetsEditor(props: {
  idPrefix: string;
  rows: readonly SetRow[];
  onChange: (rows: SetRow[]) => void;
  /** The first set starts from what the plain inputs hold (reps, weight lifted). */
  first: { reps: string; weight: string };
  units: UnitSystem;
  disabled: boolean;
  errorField?: string | undefined;
}) {
  const { rows, idPrefix, units } = props;
  // The input (or button) to focus once the rows have changed.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const repsId = (i: number) => `${idPrefix}-set-${i}-reps`;
  const addId = `${idPrefix}-add-set`;
  const full = rows.length >= MAX_SETS;

  function change(next: SetRow[], focus: string) {
    focusNext.current = focus;
    props.onChange(next);
  }
  const add = () =>
    change(
      [...rows, rows.length === 0 ? newSetRow(props.first.reps, props.first.weight) : newSetRow()],
      repsId(rows.length),
    );
  const duplicate = (i: number) => {
    const row = rows[i];
    if (!row) return;
    change([...rows.slice(0, i + 1), newSetRow(row.reps, row.weight), ...rows.slice(i + 1)], repsId(i + 1));
  };
  const remove = (i: number) => {
    const next = rows.filter((_, j) => j !== i);
    change(next, next.length === 0 ? addId : repsId(Math.min(i, next.length - 1)));
  };
  const summary = typedSetsSummary(rows, units);
  const weightLabel = `Weight (${unitLabel('weightLifted', units)})`;

  return (
    <Box role="group" aria-label="Sets" sx={{ display: 'grid', gap: 1 }}>
      {rows.length > 0 && (
        // Column heads once, not a label per input: a phone's narrow inputs cut 'Weight (lbs)' short.
        <Box sx={{ ...ROW, color: 'text.secondary', typography: 'caption', mb: -0.5 }} aria-hidden>
          <span />
          <span>Reps</span>
          <span>{weightLabel}</span>
        </Box>
      )}
      {rows.map((row, i) => (
        <Box key={row.key} sx={ROW}>
          <Typography variant="body2" color="textSecondary" aria-hidden>
            Set {i + 1}
          </Typography>
          {(['reps', 'weight'] as const).map((field) => (
            <TextField
              key={field}
              id={`${idPrefix}-set-${i}-${field}`}
              size="small"
              value={row[field]}
              onChange={(e) =>
                props.onChange(rows.map((r, j) => (j === i ? { ...r, [field]: e.target.value } : r)))
              }
              disabled={props.disabled}
              error={props.errorField === `set-${i}-${field}` || props.errorField === 'sets'}
              slotProps={{
                htmlInput: {
                  'aria-label': `Set ${i + 1} ${field === 'reps' ? 'reps' : weightLabel.toLowerCase()}`,
                  inputMode: field === 'reps' ? 'numeric' : 'decimal',
                  style: { fontVariantNumeric: 'tabular-nums' },
                },
              }}
            />
          ))}
          <IconButton
            aria-label={`Duplicate set ${i + 1}`}
            onClick={() => duplicate(i)}
            disabled={props.disabled || full}
            size="small"
          >
            <ContentCopy fontSize="small" />
          </IconButton>
          <IconButton
            aria-label={`Remove set ${i + 1}`}
            onClick={() => remove(i)}
            disabled={props.disabled}
            size="small"
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
        <Button
          id={addId}
          size="small"
          startIcon={<Add />}
          onClick={add}
          disabled={props.disabled || full}
          sx={{ alignSelf: 'flex-start' }}
        >
          {rows.length === 0 ? 'Add sets' : 'Add set'}
        </Button>
        {summary && (
          <Typography variant="body2" color="textSecondary" aria-live="polite">
            {summary}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
