import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useBrowserOnline, useRetryFailedLoads, useServerReachable } from '../data/connection.ts';

/** Said under a load's failure while the app-wide notice says why (offline, or unreachable). */
export const LOAD_WAITS_OFFLINE = 'No connection: this loads again by itself when you are back online.';
export const LOAD_WAITS_UNREACHABLE =
  'FitTrack cannot be reached: this loads again by itself as soon as it answers.';

/**
 * A section's load failed: the spec's message, with Retry of every failed load (`onRetry` for a load
 * outside the query cache). Offline or unreachable it agrees with the app's notice, and offline has no Retry.
 */
export function LoadFailed(props: {
  message: string;
  sx?: SxProps<Theme> | undefined;
  onRetry?: () => void;
}) {
  const retryAll = useRetryFailedLoads();
  const online = useBrowserOnline();
  const reachable = useServerReachable();
  const note = !online ? LOAD_WAITS_OFFLINE : !reachable ? LOAD_WAITS_UNREACHABLE : undefined;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={props.sx ?? { mb: 2 }}
      action={
        online && (
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={props.onRetry ?? retryAll}>
            Retry
          </Button>
        )
      }
    >
      {props.message}
      {note && <Box sx={{ mt: 0.5, fontSize: '0.8125rem' }}>{note}</Box>}
    </Alert>
  );
}
