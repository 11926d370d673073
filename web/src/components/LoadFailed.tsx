import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRetryFailedLoads } from '../data/connection.ts';

/**
 * A section's load failed: the spec's message in place of its content, with Retry. Retry loads
 * again every load that failed for want of the server (they failed together, and come back
 * together); `onRetry` replaces that where a section loads outside the query cache.
 */
export function LoadFailed(props: {
  message: string;
  sx?: SxProps<Theme> | undefined;
  onRetry?: () => void;
}) {
  const retryAll = useRetryFailedLoads();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={props.sx ?? { mb: 2 }}
      action={
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={props.onRetry ?? retryAll}>
          Retry
        </Button>
      }
    >
      {props.message}
    </Alert>
  );
}
