/**
 * Two notices about the app itself rather than a section's data: the browser is offline, or this
 * page is the shell the service worker kept because the network failed (navigator.onLine can
 * still say online then), and a new version has been deployed and taken
 * over (web/src/sw/register.ts): a Reload button, never a forced reload that would lose what is
 * being typed.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { useBrowserOnline } from '../data/connection.ts';
import { watchAppUpdate, watchOfflineShell } from '../sw/register.ts';

/** `keepsOfflineWrites`: Firebase mode, where Firestore queues what is saved offline. */
export function ShellStatus({ keepsOfflineWrites }: { keepsOfflineWrites: boolean }) {
  const online = useBrowserOnline();
  const [offlineShell, setOfflineShell] = useState(false);
  useEffect(() => watchOfflineShell(setOfflineShell), []);
  const [updateReady, setUpdateReady] = useState(false);
  useEffect(() => watchAppUpdate(setUpdateReady), []);
  const offline = !online || offlineShell;

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
