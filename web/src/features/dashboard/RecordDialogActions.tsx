import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** The Delete / Close / Save row of the Activity Details and Weight Record Details popups. */
export function RecordDialogActions(props: {
  busy: boolean;
  onDelete: () => void;
  onClose: () => void;
  /** Save stays off while the form cannot be saved (besides while busy). */
  saveDisabled?: boolean;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
      <Button
        color="error"
        startIcon={<DeleteOutlined />}
        onClick={props.onDelete}
        disabled={props.busy}
        sx={{ mr: 'auto' }}
      >
        Delete
      </Button>
      <Button onClick={props.onClose} disabled={props.busy}>
        Close
      </Button>
      <Button type="submit" variant="contained" disabled={props.busy || props.saveDisabled === true}>
        Save
      </Button>
    </DialogActions>
  );
}
