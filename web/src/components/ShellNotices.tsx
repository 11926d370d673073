/** The notices of `ShellStatus` (its own chunk: Snackbar and Alert stay out of every first render). */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

export function ShellNotices({
  offline,
  updateReady,
  keepsOfflineWrites,
}: {
  offline: boolean;
  updateReady: boolean;
  keepsOfflineWrites: boolean;
}) {
  return (
    <>
      <Snackbar open={offline} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Alert severity="warning" variant="filled" role="status">
          {keepsOfflineWrites
            ? 'You are offline. What you log is kept on this device and sent when you are back online.'
            : 'You are offline. FitTrack shows what this device has kept; saving needs a connection.'}
        </Alert>
      </Snackbar>
      <Snackbar open={!offline && updateReady} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Alert
          severity="info"
          variant="filled"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          A new version of FitTrack is ready.
        </Alert>
      </Snackbar>
    </>
  );
}
