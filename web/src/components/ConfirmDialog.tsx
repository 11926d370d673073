import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId } from 'react';

/** A popup's frame: title (MUI labels the dialog by it), content, actions; a form with `onSubmit`. */
export function ActionDialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  actions: ReactNode;
  children: ReactNode;
  busy?: boolean;
  maxWidth?: 'xs' | 'sm';
  onSubmit?: () => void;
  onExited?: () => void;
  'aria-describedby'?: string;
}) {
  const body = (
    <>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{props.actions}</DialogActions>
    </>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit?.();
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-describedby={props['aria-describedby']}
      maxWidth={props.maxWidth ?? 'xs'}
      fullWidth
      slotProps={{ transition: { onExited: props.onExited } }}
    >
      {props.onSubmit ? (
        <form onSubmit={submit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}

/** Asks before an action that cannot be undone; `message` is the dialog's description. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Destructive actions get the error colour. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const textId = useId();
  return (
    <ActionDialog
      open={props.open}
      title={props.title}
      onClose={props.onCancel}
      busy={props.busy ?? false}
      aria-describedby={textId}
      actions={
        <>
          <Button onClick={props.onCancel} disabled={props.busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color={props.destructive ? 'error' : 'primary'}
            onClick={props.onConfirm}
            disabled={props.busy}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <DialogContentText id={textId}>{props.message}</DialogContentText>
    </ActionDialog>
  );
}
