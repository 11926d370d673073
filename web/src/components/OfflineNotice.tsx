import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import {
  useBrowserOnline,
  useLiveConnection,
  useRecoverFailedLoads,
  useServerReachable,
} from '../data/connection.ts';

export const UNREACHABLE = 'Cannot reach FitTrack right now. Trying again…';

/**
 * Under the top bar: says when the server cannot be reached while online (offline is ShellStatus's
 * to say), and loads again what failed once the connection is back.
 */
export function OfflineNotice() {
  const online = useBrowserOnline();
  const live = useLiveConnection();
  const reachable = useServerReachable();
  useRecoverFailedLoads(live);
  const message = online && !reachable ? UNREACHABLE : null;
  // The region is always there, so screen readers announce the message when it appears.
  return (
    <div aria-live="polite">
      {message && (
        <Alert severity="warning" icon={<CloudOffOutlined />} sx={{ mb: 2.5 }}>
          {message}
        </Alert>
      )}
    </div>
  );
}
