/**
 * "Waiting to sync" beside a record the server has not confirmed, while offline or while a save waits
 * to sync: not for each online write's moment unconfirmed, which would flash on every save.
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
