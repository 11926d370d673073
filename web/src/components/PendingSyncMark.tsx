/**
 * "Waiting to sync" beside a record saved on this device that the server has not confirmed yet
 * (Firestore keeps writes made offline and sends them when back online). Offline it
 * shows at once; online only once the write has been unconfirmed for a few seconds (counted from
 * when it started, as the top bar counts it), since every online write is unconfirmed for a moment
 * and a mark flashing on each save would say something false.
 */
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { countsAsWaiting, unconfirmedSince, whenWaitingToSync } from '../data/pending-sync.ts';

/** `path`: the record's document, whose write the top bar counts from the moment it started. */
export function PendingSyncMark({ path }: { path: string }) {
  // The same rule and the same start as the top bar's "Saved offline, syncing…" (data/pending-sync.ts).
  const [shown, setShown] = useState(() => countsAsWaiting({ since: unconfirmedSince(path) }));
  useEffect(
    () => (shown ? undefined : whenWaitingToSync(() => setShown(true), { since: unconfirmedSince(path) })),
    [shown, path],
  );
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
