/** A failure said in a toast at the bottom of the screen. */
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export function ErrorToast({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={8000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="error" variant="filled" onClose={onClose}>
        {message}
      </Alert>
    </Snackbar>
  );
}
