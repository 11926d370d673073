/**
 * "Waiting to sync" beside a record saved on this device that the server has not confirmed yet
 * (Firebase mode: Firestore keeps writes made offline and sends them when back online). Offline it
 * shows at once; online only after a few seconds, since every online write is unconfirmed for a
 * moment and a mark flashing on each save would say something false.
 */
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { whenWaitingToSync } from '../data/pending-sync.ts';
import { browserOffline } from '../sw/register.ts';

export function PendingSyncMark() {
  // The same rule as the top bar's "Saved offline, syncing…" (data/pending-sync.ts).
  const [shown, setShown] = useState(browserOffline);
  useEffect(() => (shown ? undefined : whenWaitingToSync(() => setShown(true))), [shown]);
  if (!shown) return null;
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
