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
 * Under the top bar of the signed-in pages: says when loads are failing for want of the server
 * while the browser is online, and loads again what failed once the connection is back (so the
 * page recovers by itself). Being offline is said once, app-wide, by ShellStatus (it also knows
 * the service worker's offline shell, where navigator.onLine can still say online). Nothing shows
 * while all is well.
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
