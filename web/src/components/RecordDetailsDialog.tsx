/**
 * The popup of one logged record (Activity Details, Weight Record Details): its own fields, its date
 * and time, the outcome, Delete / Close / Save; `useRecordEditor` holds what such popups do alike.
 */
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { type SaveOptions, useSave } from '../data/save.ts';
import { DateTimeInput, fromDateTimeLocal, toDateTimeLocal } from './DateTimeInput.tsx';
import { useRemovalFocus } from './removal-focus.ts';
import { StatusAlert } from './StatusAlert.tsx';

interface LoggedRecord {
  id: string;
  timestamp: number;
}

type RecordEditor<R extends LoggedRecord, U> = ReturnType<typeof useRecordEditor<R, U>>;

export function useRecordEditor<R extends LoggedRecord, U>(options: {
  record: R | null;
  /** Fills the popup's own fields from the record it opens on (a stable callback: a new one reloads). */
  load: (record: R) => void;
  update: Omit<SaveOptions<U, unknown>, 'onSaved'>;
  remove: Omit<SaveOptions<string, unknown>, 'onSaved'>;
  /** What the status says once the record is deleted ('Activity deleted.'). */
  removed: string;
  /** Once the record is deleted (or its delete waits to sync): what an Undo puts back. */
  onRemoved?: (record: R) => void;
  onClose: () => void;
}) {
  const { record, onClose, load } = options;
  const [shown, setShown] = useState<R | null>(record);
  const [when, setWhen] = useState('');
  const update = useSave<U>({ ...options.update, onSaved: onClose });
  // The record's row goes with it: the focus then moves to the next row, not to <body>.
  const removed = useRemovalFocus(record !== null);
  const remove = useSave<string>({
    ...options.remove,
    // useSave calls the latest render's options: `shown` is the record as it is now.
    onSaved: () => {
      removed(options.removed);
      if (shown) options.onRemoved?.(shown);
      onClose();
    },
  });
  const clear = useCallback(() => {
    update.setStatus(null);
    remove.setStatus(null);
  }, [update.setStatus, remove.setStatus]);
  useEffect(() => {
    if (record) {
      setShown(record);
      load(record);
      setWhen(toDateTimeLocal(record.timestamp));
      clear();
    }
  }, [record, clear, load]);

  const status = update.status ?? remove.status;
  return {
    /** The last record opened, kept while the popup animates closed. */
    shown,
    open: record !== null,
    busy: update.busy || remove.busy,
    status,
    when,
    /** Cleared (null): back to the stored time. */
    setWhen: (v: string | null) => setWhen(v ?? (shown ? toDateTimeLocal(shown.timestamp) : '')),
    /** An input's change handler that also clears the last outcome (it no longer applies). */
    edit:
      <T,>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        if (status) clear();
      },
    /** Shows a refused input (the form's own check before saving). */
    refuse: (message: string, field?: string) => {
      remove.setStatus(null);
      update.setStatus({ kind: 'error', message, field });
    },
    /** The stored instant unless the minute shown changed, and whether it moved (checked against now). */
    chosenTime: (r: R) => {
      const moved = when !== toDateTimeLocal(r.timestamp);
      return { timestamp: moved ? fromDateTimeLocal(when) : r.timestamp, moved };
    },
    update: (vars: U) => {
      remove.setStatus(null);
      update.run(vars);
    },
    remove: () => {
      if (!shown) return;
      update.setStatus(null);
      remove.run(shown.id);
    },
    close: onClose,
  };
}

export function RecordDetailsDialog<R extends LoggedRecord, U>(props: {
  editor: RecordEditor<R, U>;
  title: string;
  maxWidth: 'xs' | 'sm';
  /** What the record is (its name, when it was logged), above the fields. */
  summary: ReactNode;
  /** The record's own fields; the date and time field (`whenId`) follows them. */
  children: ReactNode;
  whenId: string;
  onSave: (shown: R) => void;
  /** Save stays off while the form cannot be saved (besides while busy). */
  saveDisabled?: boolean;
}) {
  const { editor } = props;
  const { shown, busy, status } = editor;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (shown) props.onSave(shown);
  }
  return (
    <Dialog open={editor.open} onClose={busy ? undefined : editor.close} maxWidth={props.maxWidth} fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          {shown && <Box sx={{ mb: 2.5 }}>{props.summary}</Box>}
          <Stack spacing={2}>
            {props.children}
            <DateTimeInput
              id={props.whenId}
              value={editor.when}
              onChange={editor.edit(editor.setWhen)}
              disabled={busy}
              error={status?.field === 'timestamp'}
            />
          </Stack>
          <StatusAlert status={status} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={editor.remove}
            disabled={busy}
            sx={{ mr: 'auto' }}
          >
            Delete
          </Button>
          <Button onClick={editor.close} disabled={busy}>
            Close
          </Button>
          <Button type="submit" variant="contained" disabled={busy || props.saveDisabled === true}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
