/**
 * The app's own notices, placed as Snackbars are: offline, and a new version waiting (a Reload
 * button, never a forced reload losing what is typed). The region stays, so notices are announced.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useBrowserOnline } from '../data/connection.ts';
import { updateApp, watchAppUpdate } from '../sw/register.ts';

const rise = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`;

const REGION = {
  position: 'fixed',
  zIndex: 'snackbar',
  left: { xs: 8, sm: 24 },
  right: { xs: 8, sm: 'auto' },
  bottom: { xs: 8, sm: 24 },
  display: 'flex',
  flexDirection: 'column',
  gap: 1,
  '& > *': { animation: `${rise} 225ms ease-out` },
  '@media (prefers-reduced-motion: reduce)': { '& > *': { animation: 'none' } },
} as const;

export function ShellStatus() {
  const online = useBrowserOnline();
  const [updateReady, setUpdateReady] = useState(false);
  useEffect(() => watchAppUpdate(setUpdateReady), []);

  return (
    <Box aria-live="polite" sx={REGION}>
      {!online && (
        <Alert severity="warning" variant="filled">
          You are offline. What you log is kept on this device and sent when you are back online.
        </Alert>
      )}
      {online && updateReady && (
        <Alert
          severity="info"
          variant="filled"
          action={
            <Button color="inherit" size="small" onClick={updateApp}>
              Reload
            </Button>
          }
        >
          A new version of FitTrack is ready.
        </Alert>
      )}
    </Box>
  );
}
