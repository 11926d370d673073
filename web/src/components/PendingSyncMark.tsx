/**
 * "Waiting to sync" beside a record saved on this device that the server has not confirmed yet
 * (Firestore keeps writes made offline and sends them when back online). Shown while the browser is
 * offline, or while a save of this page waits to sync (data/save.ts: the rule the top bar's
 * "Saved offline, syncing…" follows too); an online write is unconfirmed for a moment, and a mark
 * flashing on each save would say something false.
 */
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import { useBrowserOnline } from '../data/connection.ts';
import { useWaitingToSync } from '../data/save.ts';
import { browserOffline } from '../sw/register.ts';

export function PendingSyncMark() {
  const online = useBrowserOnline() && !browserOffline();
  const waiting = useWaitingToSync();
  if (online && waiting === 0) return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        ml: 1,
        fontSize: '0.75rem',
        fontWeight: 500,
        color: 'text.secondary',
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
      }}
    >
      <CloudUploadOutlined sx={{ fontSize: 14 }} aria-hidden />
      Waiting to sync
    </Box>
  );
}
