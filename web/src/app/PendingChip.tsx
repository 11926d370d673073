/** The top bar's marker while writes made offline wait in Firestore's queue to reach the server. */
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import Chip from '@mui/material/Chip';

export function PendingChip({ pending }: { pending: number }) {
  if (pending === 0) return null;
  return (
    <Chip
      icon={<CloudSyncOutlined />}
      label="Saved offline, syncing…"
      size="small"
      color="warning"
      variant="outlined"
      role="status"
      sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
    />
  );
}
