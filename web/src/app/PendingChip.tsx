/** The top bar's marker while writes made offline wait to reach the server (Firebase mode). */
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
